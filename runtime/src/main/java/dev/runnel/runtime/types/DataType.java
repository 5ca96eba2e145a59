package dev.runnel.runtime.types;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A SQL type as the runtime sees it: a root, nullability and, where the root has them, a
 * length or precision and a scale. {@link #toString()} prints the Flink SQL spelling
 * ({@code STRING}, {@code TIMESTAMP(3)}, {@code DECIMAL(10, 2) NOT NULL}, {@code ARRAY<INT>}).
 * A ROW type also has its fields; a collection type has its element types as fields named
 * {@code element} (ARRAY, MULTISET) or {@code key} and {@code value} (MAP); every other type has
 * none.
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
        int children = switch (root) {
            case ARRAY, MULTISET -> 1;
            case MAP -> 2;
            default -> -1;
        };
        if (children >= 0 && fields.size() != children) {
            throw new IllegalArgumentException("A " + root + " type has " + children + " element types, not " + fields);
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

    /** A nullable ARRAY of {@code element}s. */
    public static DataType array(DataType element) {
        return new DataType(TypeRoot.ARRAY, true, 0, 0, List.of(new RowType.Field("element", element)));
    }

    /** A nullable MULTISET of {@code element}s. */
    public static DataType multiset(DataType element) {
        return new DataType(TypeRoot.MULTISET, true, 0, 0, List.of(new RowType.Field("element", element)));
    }

    /** A nullable MAP from {@code key} to {@code value}. */
    public static DataType map(DataType key, DataType value) {
        return new DataType(TypeRoot.MAP, true, 0, 0,
                List.of(new RowType.Field("key", key), new RowType.Field("value", value)));
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

    /** The element type of an ARRAY or MULTISET. */
    public DataType elementType() {
        return child(TypeRoot.ARRAY, TypeRoot.MULTISET, 0);
    }

    /** The key type of a MAP. */
    public DataType keyType() {
        return child(TypeRoot.MAP, TypeRoot.MAP, 0);
    }

    /** The value type of a MAP. */
    public DataType valueType() {
        return child(TypeRoot.MAP, TypeRoot.MAP, 1);
    }

    private DataType child(TypeRoot expected, TypeRoot alternative, int index) {
        if (root != expected && root != alternative) {
            throw new IllegalStateException(this + " has no " + (index == 0 ? "element or key" : "value") + " type");
        }
        return fields.get(index).type();
    }

    /** Whether this type or a type nested in it (field, element, key, value) has root {@code wanted}. */
    public boolean contains(TypeRoot wanted) {
        return root == wanted || fields.stream().anyMatch(f -> f.type().contains(wanted));
    }

    /**
     * The spelling of {@code SHOW CREATE TABLE}: {@link #toString()}, except that the types nested in a
     * ROW or a collection spell STRING and BYTES with their length ({@code ARRAY<VARCHAR(2147483647)>}),
     * as Flink's does.
     */
    public String toDdlString() {
        return spell(false);
    }

    @Override
    public String toString() {
        return spell(true);
    }

    /** The type's text; {@code shortNested} says whether nested types spell STRING and BYTES so. */
    private String spell(boolean shortNested) {
        return spell(true, shortNested);
    }

    /** {@code shortNames}: STRING and BYTES rather than their lengths, at this level. */
    private String spell(boolean shortNames, boolean shortNested) {
        String base = switch (root) {
            case VARCHAR -> precision == MAX_LENGTH && shortNames ? "STRING" : "VARCHAR(" + precision + ")";
            case VARBINARY -> precision == MAX_LENGTH && shortNames ? "BYTES" : "VARBINARY(" + precision + ")";
            case CHAR, BINARY, TIME, TIMESTAMP, TIMESTAMP_LTZ -> root + "(" + precision + ")";
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            // Flink spells INTEGER as INT in DESCRIBE, SHOW CREATE TABLE and its errors.
            case INTEGER -> "INT";
            case ROW -> rowType().spell(f -> f.type().spell(shortNested, shortNested));
            case ARRAY, MULTISET -> root + "<" + elementType().spell(shortNested, shortNested) + ">";
            case MAP -> "MAP<" + keyType().spell(shortNested, shortNested) + ", "
                    + valueType().spell(shortNested, shortNested) + ">";
            default -> root.name();
        };
        return nullable ? base : base + " NOT NULL";
    }
}
