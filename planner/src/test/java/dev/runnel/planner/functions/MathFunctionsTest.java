package dev.runnel.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Random;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

/** Flink's arithmetic functions: NULLs, edge values and the representation of results. */
class MathFunctionsTest {
    @Test
    void logarithmsOfAnyBase() {
        assertThat(MathFunctions.log(Math.E)).isEqualTo(1.0);
        assertThat(MathFunctions.log(2.0, 8.0)).isEqualTo(3.0);
        assertThat(MathFunctions.log(0.5, 4.0)).isEqualTo(-2.0);
        assertThat(MathFunctions.log(1.0, 8.0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(MathFunctions.log(0.0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(MathFunctions.log(-1.0)).isNaN();
        assertThat(MathFunctions.log(10.0, null)).isNull();
    }

    @Test
    void binAndHexWriteTwosComplement() {
        assertThat(MathFunctions.bin(12L)).isEqualTo("1100");
        assertThat(MathFunctions.bin(-1L)).hasSize(64).matches("1+");
        assertThat(MathFunctions.hex(255L)).isEqualTo("FF");
        assertThat(MathFunctions.hex(-1L)).isEqualTo("FFFFFFFFFFFFFFFF");
        assertThat(MathFunctions.hex("hello,world")).isEqualTo("68656C6C6F2C776F726C64");
        assertThat(MathFunctions.hex("é")).isEqualTo("C3A9");
        assertThat(MathFunctions.hex((String) null)).isNull();
    }

    @Test
    void unhexDropsTheFirstDigitOfAnOddCountAndIsNullForOtherCharacters() {
        assertThat(MathFunctions.unhex("414243")).isEqualTo(new ByteString("ABC".getBytes()));
        assertThat(MathFunctions.unhex("abc")).isEqualTo(new ByteString(new byte[] {0, (byte) 0xbc}));
        assertThat(MathFunctions.unhex("4")).isEqualTo(new ByteString(new byte[] {0}));
        assertThat(MathFunctions.unhex("")).isEqualTo(new ByteString(new byte[0]));
        assertThat(MathFunctions.unhex("4g")).isNull();
        assertThat(MathFunctions.unhex("٣٣")).isNull();
    }

    @Test
    void roundAndTruncateKeepTheResultScale() {
        assertThat(MathFunctions.round(new BigDecimal("1.25"), 1L, 1L)).isEqualByComparingTo("1.3");
        assertThat(MathFunctions.round(new BigDecimal("1234.5"), -2L, 0L)).isEqualTo(new BigDecimal("1200"));
        assertThat(MathFunctions.round(125L, -1L)).isEqualTo(130L);
        assertThat(MathFunctions.round(-125L, -1L)).isEqualTo(-130L);
        assertThat(MathFunctions.round(1.005, 2L)).isEqualTo(1.01);
        assertThat(MathFunctions.truncate(new BigDecimal("42.324"), 2L, 2L)).isEqualTo(new BigDecimal("42.32"));
        assertThat(MathFunctions.truncate(new BigDecimal("-1.99"), 0L, 0L)).isEqualTo(new BigDecimal("-1"));
        assertThat(MathFunctions.truncate(123L, -1L)).isEqualTo(120L);
        assertThat(MathFunctions.truncate(-7.5, 0L)).isEqualTo(-7.0);
        assertThat(MathFunctions.truncate((Double) null, 1L)).isNull();
    }

    @Test
    void narrowingWrapsAsJavaCasts() {
        assertThat(MathFunctions.tinyint(300)).isEqualTo((byte) 44);
        assertThat(MathFunctions.tinyint(new BigDecimal("128.7"))).isEqualTo((byte) -128);
        assertThat(MathFunctions.integer(1e10)).isEqualTo(Integer.MAX_VALUE);
        assertThat(MathFunctions.smallint(null)).isNull();
    }

    @Test
    void seededRandomNumbersFollowJavaUtilRandom() {
        assertThat(MathFunctions.rand(7L)).isEqualTo(new Random(7).nextDouble());
        long site = 42;
        Random expected = new Random(7);
        assertThat(MathFunctions.randSequence(site, 7L)).isEqualTo(expected.nextDouble());
        assertThat(MathFunctions.randSequence(site, 7L)).isEqualTo(expected.nextDouble());
        assertThat(MathFunctions.randIntegerSequence(43, 1L, 10L)).isEqualTo(new Random(1).nextInt(10));
        assertThat(MathFunctions.rand((Long) null)).isNull();
        assertThat(MathFunctions.randInteger((Long) null)).isNull();
        assertThatThrownBy(() -> MathFunctions.randInteger(0L)).hasMessage("bound must be positive");
        for (int i = 0; i < 100; i++) {
            assertThat(MathFunctions.rand()).isBetween(0.0, 1.0).isLessThan(1.0);
            assertThat(MathFunctions.randInteger(3L)).isBetween(0, 2);
        }
    }

    @Test
    void uuidsAreRandomVersion4() {
        String uuid = MathFunctions.uuid();
        assertThat(uuid).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(MathFunctions.uuid()).isNotEqualTo(uuid);
    }
}
