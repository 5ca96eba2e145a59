package dev.runnel.runtime.testing;

import static dev.runnel.runtime.testing.TestRows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TestRowsTest {

    @Test
    void guessesLongsAndStringsAndReadsKinds() {
        assertThat(row("+I 1 alice")).isEqualTo(Row.of(1L, "alice"));
        assertThat(row("-U 1 'new york' null")).isEqualTo(Row.ofKind(RowKind.UPDATE_BEFORE, 1L, "new york", null));
        assertThat(row("2 ''")).isEqualTo(Row.of(2L, ""));
    }

    @Test
    void parsesByRowType() {
        RowType type = RowType.of(new RowType.Field("id", DataType.of(TypeRoot.INTEGER)),
                new RowType.Field("amount", DataType.decimal(10, 2)),
                new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));
        assertThat(row(type, "+U 7 12.50 '1970-01-01 00:00:01.500'"))
                .isEqualTo(Row.ofKind(RowKind.UPDATE_AFTER, 7, new BigDecimal("12.50"), 1500L));
        assertThatThrownBy(() -> row(type, "+I 7"))
                .hasMessageContaining("has 1 values but");
    }
}
