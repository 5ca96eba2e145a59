package dev.runnel.runtime.format.avro;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;

/**
 * The Avro schema of a table's row, derived as Flink's {@code AvroSchemaConverter.convertToSchema}
 * derives it, so that records written by either read in the other: a record named
 * {@code org.apache.flink.avro.generated.record} (nested rows {@code record_<field>}), a nullable
 * type as the union {@code ["null", T]} (its field defaulting to null), TINYINT and SMALLINT as
 * {@code int}, strings as {@code string}, BYTES as {@code bytes}, DECIMAL(p, s) as {@code bytes}
 * with logical type {@code decimal}, DATE as {@code int date}, TIME as {@code int time-millis},
 * TIMESTAMP(p ≤ 3) as {@code long timestamp-millis} (with the legacy timestamp mapping, Flink's
 * default; otherwise {@code local-timestamp-millis/micros/nanos}, and TIMESTAMP_LTZ as
 * {@code timestamp-millis/micros/nanos}), ARRAY as {@code array}, MAP with string keys as
 * {@code map}, MULTISET as a {@code map} from the element to its count.
 */
public final class AvroSchemas {
    /** The name Flink gives the record of a table's row. */
    public static final String RECORD_NAME = "org.apache.flink.avro.generated.record";

    private AvroSchemas() {
    }

    /**
     * The schema of records holding rows of {@code rowType}.
     *
     * @throws IllegalArgumentException with Flink's message for a type Avro cannot hold (TIMESTAMP
     *     with a precision above 3 or TIMESTAMP_LTZ in the legacy mapping, TIME above 3, a MAP
     *     whose key is not a string), naming the column
     */
    public static Schema of(RowType rowType, boolean legacyTimestampMapping) {
        return convert(DataType.row(rowType.fields()).notNull(), RECORD_NAME, legacyTimestampMapping, "");
    }

    private static Schema convert(DataType type, String rowName, boolean legacy, String column) {
        Schema schema = switch (type.root()) {
            case BOOLEAN -> SchemaBuilder.builder().booleanType();
            case TINYINT, SMALLINT, INTEGER -> SchemaBuilder.builder().intType();
            case BIGINT -> SchemaBuilder.builder().longType();
            case FLOAT -> SchemaBuilder.builder().floatType();
            case DOUBLE -> SchemaBuilder.builder().doubleType();
            case CHAR, VARCHAR -> SchemaBuilder.builder().stringType();
            case BINARY, VARBINARY -> SchemaBuilder.builder().bytesType();
            case TIMESTAMP -> timestamp(type, legacy, column);
            case TIMESTAMP_LTZ -> {
                if (legacy) {
                    throw unsupported(column, "Unsupported to derive Schema for type: " + type.withNullable(true)
                            + " (set 'avro.timestamp_mapping.legacy' = 'false' to write it as timestamp-millis)");
                }
                yield epochType(type, LogicalTypes.timestampMillis(), LogicalTypes.timestampMicros(),
                        LogicalTypes.timestampNanos(), column).addToSchema(SchemaBuilder.builder().longType());
            }
            case DATE -> LogicalTypes.date().addToSchema(SchemaBuilder.builder().intType());
            case TIME -> {
                if (type.precision() > 3) {
                    throw unsupported(column, "Avro does not support TIME type with precision: " + type.precision()
                            + ", it only supports precision less than 3.");
                }
                yield LogicalTypes.timeMillis().addToSchema(SchemaBuilder.builder().intType());
            }
            case DECIMAL -> LogicalTypes.decimal(type.precision(), type.scale())
                    .addToSchema(SchemaBuilder.builder().bytesType());
            case ROW -> record(type.rowType(), rowName, legacy, column);
            case ARRAY -> SchemaBuilder.builder().array().items(convert(type.elementType(), rowName, legacy, column));
            case MAP, MULTISET -> {
                DataType key = type.root() == TypeRoot.MAP ? type.keyType() : type.elementType();
                if (key.root() != TypeRoot.CHAR && key.root() != TypeRoot.VARCHAR) {
                    throw unsupported(column, "Avro format doesn't support non-string as key type of map. The key"
                            + " type is: " + key);
                }
                DataType value = type.root() == TypeRoot.MAP ? type.valueType() : DataType.of(TypeRoot.INTEGER);
                yield SchemaBuilder.builder().map().values(convert(value, rowName, legacy, column));
            }
        };
        return type.nullable() ? Schema.createUnion(SchemaBuilder.builder().nullType(), schema) : schema;
    }

    private static Schema record(RowType rowType, String rowName, boolean legacy, String column) {
        SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.builder().record(rowName).fields();
        for (RowType.Field field : rowType.fields()) {
            String path = column.isEmpty() ? field.name() : column + "." + field.name();
            Schema fieldSchema = convert(field.type(), rowName + "_" + field.name(), legacy, path);
            try {
                var builder = fields.name(field.name()).type(fieldSchema);
                fields = field.type().nullable() ? builder.withDefault(null) : builder.noDefault();
            } catch (org.apache.avro.SchemaParseException e) {
                throw unsupported(path, "'" + field.name() + "' is not an Avro name (" + e.getMessage() + ")");
            }
        }
        return fields.endRecord();
    }

    private static Schema timestamp(DataType type, boolean legacy, String column) {
        if (legacy) {
            if (type.precision() > 3) {
                throw unsupported(column, "Avro does not support TIMESTAMP type with precision: " + type.precision()
                        + ", it only supports precision less than 3.");
            }
            return LogicalTypes.timestampMillis().addToSchema(SchemaBuilder.builder().longType());
        }
        return epochType(type, LogicalTypes.localTimestampMillis(), LogicalTypes.localTimestampMicros(),
                LogicalTypes.localTimestampNanos(), column).addToSchema(SchemaBuilder.builder().longType());
    }

    private static LogicalType epochType(DataType type, LogicalType millis, LogicalType micros, LogicalType nanos,
                                         String column) {
        if (type.precision() <= 3) {
            return millis;
        }
        if (type.precision() <= 6) {
            return micros;
        }
        if (type.precision() <= 9) {
            return nanos;
        }
        throw unsupported(column, "Avro does not support TIMESTAMP type with precision: " + type.precision()
                + ", it only supports precision less than 9.");
    }

    private static IllegalArgumentException unsupported(String column, String message) {
        return new IllegalArgumentException("Column '" + column + "': " + message);
    }
}
