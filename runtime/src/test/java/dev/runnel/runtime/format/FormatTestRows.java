package dev.runnel.runtime.format;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.math.BigDecimal;

/** A schema with a column of every type, and rows of it. */
final class FormatTestRows {
    static final RowType ALL_TYPES = RowType.of(
            new Field("b", DataType.of(TypeRoot.BOOLEAN)),
            new Field("ti", DataType.of(TypeRoot.TINYINT)),
            new Field("si", DataType.of(TypeRoot.SMALLINT)),
            new Field("i", DataType.of(TypeRoot.INTEGER)),
            new Field("bi", DataType.of(TypeRoot.BIGINT)),
            new Field("f", DataType.of(TypeRoot.FLOAT)),
            new Field("d", DataType.of(TypeRoot.DOUBLE)),
            new Field("dec", DataType.decimal(10, 2)),
            new Field("c", DataType.of(TypeRoot.CHAR, 3)),
            new Field("s", DataType.of(TypeRoot.VARCHAR)),
            new Field("bin", DataType.of(TypeRoot.VARBINARY)),
            new Field("dt", DataType.of(TypeRoot.DATE)),
            new Field("tm", DataType.of(TypeRoot.TIME, 0)),
            new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new Field("ltz", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3)));

    static Row full() {
        return Row.of(true, (byte) -7, (short) 300, 42, 9_000_000_000L, 1.5f, -2.25, new BigDecimal("12345.60"),
                "abc", "he said \"hi\", then left", new byte[] {0, 1, -1, 42},
                Values.parseDate("2024-02-29"), Values.parseTime("13:14:15"),
                Values.parseTimestamp("2024-01-02 03:04:05.678"), Values.parseTimestampLtz("2024-01-02 03:04:05.678Z"));
    }

    static Row allNull() {
        return Row.of(new Object[ALL_TYPES.arity()]);
    }

    private FormatTestRows() {
    }
}
