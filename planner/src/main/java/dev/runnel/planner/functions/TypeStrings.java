package dev.runnel.planner.functions;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import org.apache.calcite.rel.type.RelDataType;

/** Flink's spellings of a type, as TYPEOF returns them. */
final class TypeStrings {
    private TypeStrings() {
    }

    /** The summary string ({@code STRING}, {@code INT NOT NULL}, {@code TIMESTAMP_LTZ(3)}), as DESCRIBE prints types. */
    static String summary(RelDataType type) {
        DataType dataType = dataType(type);
        return dataType == null ? type.getFullTypeString() : dataType.toString();
    }

    /**
     * The serializable string, which a catalog could store: STRING and BYTES are spelled
     * {@code VARCHAR(2147483647)} and {@code VARBINARY(2147483647)}, TIMESTAMP_LTZ(p)
     * {@code TIMESTAMP(p) WITH LOCAL TIME ZONE}.
     */
    static String serializable(RelDataType type) {
        DataType dataType = dataType(type);
        return dataType == null ? type.getFullTypeString() : serializable(dataType);
    }

    private static String serializable(DataType type) {
        String base = switch (type.root()) {
            case VARCHAR, VARBINARY -> type.root() + "(" + type.precision() + ")";
            case TIMESTAMP_LTZ -> "TIMESTAMP(" + type.precision() + ") WITH LOCAL TIME ZONE";
            case ROW -> {
                StringBuilder sb = new StringBuilder("ROW<");
                for (RowType.Field field : type.fields()) {
                    if (sb.length() > 4) {
                        sb.append(", ");
                    }
                    sb.append('`').append(field.name().replace("`", "``")).append("` ")
                            .append(serializable(field.type()));
                }
                yield sb.append('>').toString();
            }
            default -> type.withNullable(true).toString();
        };
        return type.nullable() ? base : base + " NOT NULL";
    }

    private static DataType dataType(RelDataType type) {
        try {
            return TypeConversions.toDataType(type);
        } catch (TypeConversions.UnsupportedTypeException e) {
            return null;
        }
    }
}
