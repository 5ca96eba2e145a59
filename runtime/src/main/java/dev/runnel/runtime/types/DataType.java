package dev.runnel.runtime.types;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A SQL type as the runtime sees it: a root, nullability and, where the root has them, a
 * length or precision and a scale. {@link #toString()} prints the Flink SQL spelling
 * ({@code STRING}, {@code TIMESTAMP(3)}, {@code DECIMAL(10, 2) NOT NULL}). A ROW type also has
 * its fields; every other type has none.
 */
public record DataType(TypeRoot root, boolean nullable, int precision, int scale, List<RowType.Field> fields)
        implements Serializable {
    /** Length of VARCHAR/VARBINARY that Flink spells STRING/BYTES. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    public DataType {
        Objects.requireNonNull(root, "root");
        fields = List.copyOf(fields);
        if (root == TypeRoot.ROW && fields.isEmpty()) {
            throw new IllegalArgumentException("A ROW type has at least one field");
        }
    }

    /** A type without fields (any root but ROW). */
    public DataType(TypeRoot root, boolean nullable, int precision, int scale) {
        this(root, nullable, precision, scale, List.of());
    }

    /** A nullable ROW of the given fields. */
    public static DataType row(List<RowType.Field> fields) {
        return new DataType(TypeRoot.ROW, true, 0, 0, fields);
    }

    public static DataType of(TypeRoot root) {
        return switch (root) {
            case VARCHAR, VARBINARY -> new DataType(root, true, MAX_LENGTH, 0);
            case CHAR, BINARY -> new DataType(root, true, 1, 0);
            case DECIMAL -> new DataType(root, true, 10, 0);
            case TIMESTAMP, TIMESTAMP_LTZ -> new DataType(root, true, 6, 0);
            case TIME -> new DataType(root, true, 0, 0);
            default -> new DataType(root, true, 0, 0);
        };
    }

    public static DataType of(TypeRoot root, int precision) {
        return new DataType(root, true, precision, 0);
    }

    public static DataType decimal(int precision, int scale) {
        return new DataType(TypeRoot.DECIMAL, true, precision, scale);
    }

    public DataType notNull() {
        return withNullable(false);
    }

    public DataType withNullable(boolean isNullable) {
        return new DataType(root, isNullable, precision, scale, fields);
    }

    /** The fields of a ROW type as a row type. */
    public RowType rowType() {
        return new RowType(fields);
    }

    @Override
    public String toString() {
        String base = switch (root) {
            case VARCHAR -> precision == MAX_LENGTH ? "STRING" : "VARCHAR(" + precision + ")";
            case VARBINARY -> precision == MAX_LENGTH ? "BYTES" : "VARBINARY(" + precision + ")";
            case CHAR, BINARY, TIME, TIMESTAMP, TIMESTAMP_LTZ -> root + "(" + precision + ")";
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            // Flink spells INTEGER as INT in DESCRIBE, SHOW CREATE TABLE and its errors.
            case INTEGER -> "INT";
            case ROW -> rowType().toString();
            default -> root.name();
        };
        return nullable ? base : base + " NOT NULL";
    }
}
