package dev.runnel.planner.catalog;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rel.type.StructKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The one place where Calcite's {@link RelDataType} and the runtime's {@link DataType} meet.
 * Flink's FLOAT is Calcite's REAL (4 bytes; Calcite's FLOAT is 8 bytes and becomes DOUBLE),
 * TIMESTAMP_LTZ is TIMESTAMP WITH LOCAL TIME ZONE, STRING is VARCHAR of maximal length.
 * ARRAY, MULTISET and MAP are Calcite's collection types of the converted element types, each
 * element keeping its own nullability ({@code ARRAY<INT NOT NULL>}).
 */
public final class TypeConversions {
    private TypeConversions() {
    }

    public static RelDataType toRelDataType(DataType type, RelDataTypeFactory factory) {
        RelDataType base = switch (type.root()) {
            case BOOLEAN -> factory.createSqlType(SqlTypeName.BOOLEAN);
            case TINYINT -> factory.createSqlType(SqlTypeName.TINYINT);
            case SMALLINT -> factory.createSqlType(SqlTypeName.SMALLINT);
            case INTEGER -> factory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case FLOAT -> factory.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case CHAR -> factory.createSqlType(SqlTypeName.CHAR, type.precision());
            case VARCHAR -> factory.createSqlType(SqlTypeName.VARCHAR, type.precision());
            case BINARY -> factory.createSqlType(SqlTypeName.BINARY, type.precision());
            case VARBINARY -> factory.createSqlType(SqlTypeName.VARBINARY, type.precision());
            case DATE -> factory.createSqlType(SqlTypeName.DATE);
            case TIME -> factory.createSqlType(SqlTypeName.TIME, type.precision());
            case TIMESTAMP -> factory.createSqlType(SqlTypeName.TIMESTAMP, type.precision());
            case TIMESTAMP_LTZ -> factory.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, type.precision());
            // PEEK_FIELDS_NO_EXPAND, as Flink: `person.name` reads a field of column person
            // without the table alias, and SELECT * does not flatten the row.
            case ROW -> factory.createStructType(StructKind.PEEK_FIELDS_NO_EXPAND,
                    type.fields().stream().map(f -> toRelDataType(f.type(), factory)).toList(),
                    type.fields().stream().map(RowType.Field::name).toList());
            case ARRAY -> factory.createArrayType(toRelDataType(type.elementType(), factory), -1);
            case MULTISET -> factory.createMultisetType(toRelDataType(type.elementType(), factory), -1);
            case MAP -> factory.createMapType(toRelDataType(type.keyType(), factory),
                    toRelDataType(type.valueType(), factory));
        };
        return factory.createTypeWithNullability(base, type.nullable());
    }

    public static RelDataType toRelDataType(RowType rowType, RelDataTypeFactory factory) {
        RelDataTypeFactory.Builder builder = factory.builder();
        for (RowType.Field f : rowType.fields()) {
            builder.add(f.name(), toRelDataType(f.type(), factory));
        }
        return builder.build();
    }

    /**
     * The runtime type of a Calcite type.
     *
     * @throws UnsupportedTypeException for types the runtime has no representation for yet
     */
    public static DataType toDataType(RelDataType type) {
        SqlTypeName name = type.getSqlTypeName();
        DataType base = switch (name) {
            case BOOLEAN -> DataType.of(TypeRoot.BOOLEAN);
            case TINYINT -> DataType.of(TypeRoot.TINYINT);
            case SMALLINT -> DataType.of(TypeRoot.SMALLINT);
            case INTEGER -> DataType.of(TypeRoot.INTEGER);
            case BIGINT -> DataType.of(TypeRoot.BIGINT);
            case REAL -> DataType.of(TypeRoot.FLOAT);
            case FLOAT, DOUBLE -> DataType.of(TypeRoot.DOUBLE);
            case DECIMAL -> DataType.decimal(type.getPrecision(), Math.max(0, type.getScale()));
            case CHAR -> DataType.of(TypeRoot.CHAR, length(type));
            case VARCHAR -> DataType.of(TypeRoot.VARCHAR, length(type));
            case BINARY -> DataType.of(TypeRoot.BINARY, length(type));
            case VARBINARY -> DataType.of(TypeRoot.VARBINARY, length(type));
            case DATE -> DataType.of(TypeRoot.DATE);
            case TIME -> DataType.of(TypeRoot.TIME, Math.max(0, type.getPrecision()));
            case TIMESTAMP -> DataType.of(TypeRoot.TIMESTAMP, Math.max(0, type.getPrecision()));
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DataType.of(TypeRoot.TIMESTAMP_LTZ, Math.max(0, type.getPrecision()));
            case ROW -> DataType.row(toRowType(type).fields());
            case ARRAY -> DataType.array(toDataType(type.getComponentType()));
            case MULTISET -> DataType.multiset(toDataType(type.getComponentType()));
            case MAP -> DataType.map(toDataType(type.getKeyType()), toDataType(type.getValueType()));
            case NULL -> throw new UnsupportedTypeException(
                    "Type NULL of an untyped NULL literal is not supported; use CAST(NULL AS <type>)");
            default -> throw new UnsupportedTypeException("Type " + type.getFullTypeString() + " is not supported yet");
        };
        return base.withNullable(type.isNullable());
    }

    /** The runtime schema of a Calcite row type (field names kept). */
    public static RowType toRowType(RelDataType rowType) {
        List<RowType.Field> fields = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) {
            fields.add(new RowType.Field(f.getName(), toDataType(f.getType())));
        }
        return new RowType(fields);
    }

    private static int length(RelDataType type) {
        return type.getPrecision() < 0 ? DataType.MAX_LENGTH : type.getPrecision();
    }

    /** A Calcite type that the runtime cannot represent. */
    public static final class UnsupportedTypeException extends RuntimeException {
        public UnsupportedTypeException(String message) {
            super(message);
        }
    }
}
