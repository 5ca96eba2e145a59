package dev.runnel.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

/** Flink's string functions: values, NULLs, empty strings and characters outside the BMP. */
class StringFunctionsTest {
    private static final String EMOJI = "😀";

    @Test
    void lengthsAndPositionsCountCodePoints() {
        assertThat(StringFunctions.charLength(EMOJI + "a")).isEqualTo(2);
        assertThat(StringFunctions.charLength("")).isZero();
        assertThat(StringFunctions.charLength(null)).isNull();
        assertThat(StringFunctions.position("b", EMOJI + "b")).isEqualTo(2);
        assertThat(RunnelFunctions.locate("b", "abc", 0)).isEqualTo(2);
        assertThat(RunnelFunctions.locate("", "abc", 9)).isEqualTo(1);
        assertThat(RunnelFunctions.locate("c", "abc", 9)).isZero();
        assertThat(StringFunctions.instr(EMOJI + "b", "b")).isEqualTo(2);
        assertThat(StringFunctions.substring(EMOJI + "abc", 2L, 2L)).isEqualTo("ab");
        assertThat(StringFunctions.left(EMOJI + "abc", 2L)).isEqualTo(EMOJI + "a");
        assertThat(StringFunctions.right("abc" + EMOJI, 1L)).isEqualTo(EMOJI);
        assertThat(StringFunctions.reverse(EMOJI + "a")).isEqualTo("a" + EMOJI);
    }

    @Test
    void asciiIsTheFirstUtf8ByteSignedAndChrTakesTheLowByte() {
        assertThat(StringFunctions.ascii("A")).isEqualTo(65);
        assertThat(StringFunctions.ascii("é")).isEqualTo(-61);
        assertThat(StringFunctions.ascii("")).isZero();
        assertThat(StringFunctions.chr(97L)).isEqualTo("a");
        assertThat(StringFunctions.chr(353L)).isEqualTo("a");
        assertThat(StringFunctions.chr(-1L)).isEmpty();
        assertThat(StringFunctions.chr(0L)).isEqualTo("\0");
        assertThat(StringFunctions.chr(null)).isNull();
    }

    @Test
    void instrSearchesFromAStartAndBackwardsFromANegativeOne() {
        assertThat(StringFunctions.instr("hello", "l")).isEqualTo(3);
        assertThat(StringFunctions.instr("hello", "l", 4L)).isEqualTo(4);
        assertThat(StringFunctions.instr("hello", "l", 1L, 2L)).isEqualTo(4);
        assertThat(StringFunctions.instr("hello", "l", -1L)).isEqualTo(4);
        assertThat(StringFunctions.instr("hello", "l", 0L)).isZero();
        assertThat(StringFunctions.instr("", "")).isEqualTo(1);
        assertThatThrownBy(() -> StringFunctions.instr("hello", "l", 1L, 0L)).hasMessageContaining("positive");
    }

    @Test
    void trimsRemoveEveryGivenCharacterAndOnlySpacesByDefault() {
        assertThat(StringFunctions.ltrim("xyxa", "xy")).isEqualTo("a");
        assertThat(StringFunctions.rtrim("axyx", "xy")).isEqualTo("a");
        assertThat(StringFunctions.btrim("xyaxy", "xy")).isEqualTo("a");
        assertThat(StringFunctions.btrim("xxx", "x")).isEmpty();
        assertThat(StringFunctions.btrim("a", "")).isEqualTo("a");
        assertThat(StringFunctions.ltrim("\ta")).isEqualTo("\ta");
        assertThat(StringFunctions.ltrim(EMOJI + EMOJI + "a", EMOJI)).isEqualTo("a");
        assertThat(StringFunctions.ltrim("a", null)).isNull();
    }

    @Test
    void padsAreNullForANegativeLengthOrAnEmptyPad() {
        assertThat(StringFunctions.lpad("hi", 5L, "xy")).isEqualTo("xyxhi");
        assertThat(StringFunctions.rpad("hi", 5L, "xy")).isEqualTo("hixyx");
        assertThat(StringFunctions.lpad("hello", 3L, "x")).isEqualTo("hel");
        assertThat(StringFunctions.rpad("hi", 0L, "x")).isEmpty();
        assertThat(StringFunctions.lpad("hi", -1L, "x")).isNull();
        assertThat(StringFunctions.lpad("hi", 5L, "")).isNull();
    }

    @Test
    void substringAndOverlayFollowFlinkOutsideTheString() {
        assertThat(StringFunctions.substring("hello", -2L)).isEqualTo("lo");
        assertThat(StringFunctions.substring("hello", 0L, 2L)).isEqualTo("he");
        assertThat(StringFunctions.substring("hello", 9L)).isEmpty();
        assertThat(StringFunctions.substring("hello", -10L, 2L)).isEmpty();
        assertThat(StringFunctions.substring("hello", 2L, -1L)).isNull();
        assertThat(StringFunctions.overlay("xxxxxtest", "xxxx", 6L)).isEqualTo("xxxxxxxxx");
        assertThat(StringFunctions.overlay("xxxxxtest", "xxxx", 6L, 2L)).isEqualTo("xxxxxxxxxst");
        assertThat(StringFunctions.overlay("abc", "x", 0L)).isEqualTo("abc");
        assertThat(StringFunctions.overlay("abc", "xyz", 2L, 0L)).isEqualTo("axyz");
    }

    @Test
    void translateReplacesOrRemovesCharacters() {
        assertThat(StringFunctions.translate3("abcde", "bd", "BD")).isEqualTo("aBcDe");
        assertThat(StringFunctions.translate3("abcde", "bd", "B")).isEqualTo("aBce");
        assertThat(StringFunctions.translate3("aaa", "aa", "xy")).isEqualTo("xxx");
        assertThat(StringFunctions.translate3("abc", null, "x")).isEqualTo("abc");
        assertThat(StringFunctions.translate3("abc", "a", null)).isEqualTo("bc");
        assertThat(StringFunctions.translate3(EMOJI + "a", EMOJI, "b")).isEqualTo("ba");
        assertThat(StringFunctions.translate3(null, "a", "b")).isNull();
    }

    @Test
    void regularExpressionsGiveNullForAnInvalidPattern() {
        assertThat(StringFunctions.regexpCount("abcabc", "b")).isEqualTo(2);
        assertThat(StringFunctions.regexpCount("aaa", "a*")).isEqualTo(2);
        assertThat(StringFunctions.regexpCount("abc", "")).isEqualTo(4);
        assertThat(StringFunctions.regexpCount("abc", "(")).isNull();
        assertThat(StringFunctions.regexpInstr("abc123", "[0-9]")).isEqualTo(4);
        assertThat(StringFunctions.regexpInstr(EMOJI + "b", "b")).as("UTF-16 units, as Flink").isEqualTo(3);
        assertThat(StringFunctions.regexpInstr("abc", "x")).isZero();
        assertThat(StringFunctions.regexpSubstr("abc123def", "[0-9]+")).isEqualTo("123");
        assertThat(StringFunctions.regexpSubstr("abc", "x")).isNull();
        assertThat(StringFunctions.regexp("abc", "b+")).isTrue();
        assertThat(StringFunctions.regexp("abc", "")).isFalse();
        assertThat(StringFunctions.regexp("abc", "(")).isFalse();
        assertThat(StringFunctions.regexpReplace("abc", "b", "$1")).isEqualTo("a$1c");
        assertThat(StringFunctions.regexpReplace("abc", "(", "x")).isNull();
    }

    @Test
    void printfFormatsFlinksInternalValuesAndIsNullWhenTheyDoNotFit() {
        assertThat(StringFunctions.printf("%s-%d", "a", 5)).isEqualTo("a-5");
        assertThat(StringFunctions.printf("%s", (Object) null)).isEqualTo("null");
        assertThat(StringFunctions.printf("%5.2f", 3.14159)).isEqualTo(" 3.14");
        assertThat(StringFunctions.printf("%.2f", StringFunctions.PrintfDecimal.of(new BigDecimal("1.5")))).isNull();
        assertThat(StringFunctions.printf("%s", StringFunctions.PrintfDecimal.of(new BigDecimal("1.50"))))
                .isEqualTo("1.50");
        assertThat(StringFunctions.printf("%s", StringFunctions.printfTimestamp(0L))).isEqualTo("1970-01-01T00:00");
        assertThat(StringFunctions.printf("%d", "a")).isNull();
        assertThat(StringFunctions.printf("%s %s", "a")).isNull();
        assertThat(StringFunctions.printf(null, 1)).isNull();
    }

    @Test
    void eltPicksAnExpressionAndIsNullOutOfRange() {
        assertThat(StringFunctions.elt(2L, "a", "b", "c")).isEqualTo("b");
        assertThat(StringFunctions.elt(4L, "a", "b")).isNull();
        assertThat(StringFunctions.elt(0L, "a", "b")).isNull();
        assertThat(StringFunctions.elt(null, "a", "b")).isNull();
        assertThat(StringFunctions.elt(1L, new ByteString(new byte[] {1}), new ByteString(new byte[] {2})))
                .isEqualTo(new ByteString(new byte[] {1}));
    }

    @Test
    void urlsDecodeEncodeAndParse() {
        assertThat(StringFunctions.urlEncode("a b+c/")).isEqualTo("a+b%2Bc%2F");
        assertThat(StringFunctions.urlEncode("é")).isEqualTo("%C3%A9");
        assertThat(StringFunctions.urlDecode("a%20b%2Bc")).isEqualTo("a b+c");
        assertThat(StringFunctions.urlDecode("%zz")).isNull();
        String url = "http://user:pw@host:8080/p?k1=v1&k2=v2#r";
        assertThat(StringFunctions.parseUrl(url, "HOST")).isEqualTo("host");
        assertThat(StringFunctions.parseUrl(url, "AUTHORITY")).isEqualTo("user:pw@host:8080");
        assertThat(StringFunctions.parseUrl(url, "FILE")).isEqualTo("/p?k1=v1&k2=v2");
        assertThat(StringFunctions.parseUrl(url, "QUERY", "k2")).isEqualTo("v2");
        assertThat(StringFunctions.parseUrl(url, "QUERY", "k3")).isNull();
        assertThat(StringFunctions.parseUrl(url, "host")).isNull();
        assertThat(StringFunctions.parseUrl("not a url", "HOST")).isNull();
    }

    @Test
    void inetAddressesConvertBothWays() {
        assertThat(StringFunctions.inetAton("127.0.0.1")).isEqualTo(2130706433L);
        assertThat(StringFunctions.inetAton("127.1")).isEqualTo(2130706433L);
        assertThat(StringFunctions.inetAton("1.2.3")).isEqualTo(16908291L);
        assertThat(StringFunctions.inetAton("255.255.255.255")).isEqualTo(4294967295L);
        assertThat(StringFunctions.inetAton("256.0.0.1")).isNull();
        assertThat(StringFunctions.inetAton("1.2.3.")).isNull();
        assertThat(StringFunctions.inetAton(" 1.2.3.4")).isNull();
        assertThat(StringFunctions.inetAton("")).isNull();
        assertThat(StringFunctions.inetNtoa(167773449L)).isEqualTo("10.0.5.9");
        assertThat(StringFunctions.inetNtoa(4294967296L)).isNull();
        assertThat(StringFunctions.inetNtoa(-1L)).isNull();
    }

    @Test
    void characterClassesAreFalseForNullAndEmpty() {
        assertThat(StringFunctions.isAlpha("äb")).isTrue();
        assertThat(StringFunctions.isAlpha("ab1")).isFalse();
        assertThat(StringFunctions.isAlpha((String) null)).isFalse();
        assertThat(StringFunctions.isAlpha(1L)).isFalse();
        assertThat(StringFunctions.isDigit("٣")).isTrue();
        assertThat(StringFunctions.isDigit("-1")).isFalse();
        assertThat(StringFunctions.isDigit(5L)).isTrue();
        assertThat(StringFunctions.isDigit((Object) 1.5)).isFalse();
        assertThat(StringFunctions.isDecimal("1e3")).isTrue();
        assertThat(StringFunctions.isDecimal(" 1")).isTrue();
        assertThat(StringFunctions.isDecimal("x")).isFalse();
        assertThat(StringFunctions.isDecimal("")).isFalse();
        assertThat(StringFunctions.isDecimal((Object) 1.5)).isTrue();
        assertThat(StringFunctions.isDecimal(new BigDecimal("1.5"))).as("as Flink").isFalse();
    }

    @Test
    void encodeAndDecodeNameAnUnknownCharset() {
        assertThat(StringFunctions.encode("é", "ISO-8859-1")).isEqualTo(new ByteString(new byte[] {(byte) 0xe9}));
        assertThat(StringFunctions.decode(new ByteString(new byte[] {(byte) 0xc3, (byte) 0xa9}), "UTF-8"))
                .isEqualTo("é");
        assertThatThrownBy(() -> StringFunctions.encode("a", "bogus")).hasMessage("Unsupported charset: bogus");
        assertThat(StringFunctions.toBase64("abc".repeat(30))).doesNotContain("\n").hasSize(120);
    }
}
