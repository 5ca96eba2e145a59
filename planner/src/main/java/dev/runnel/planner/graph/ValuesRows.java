package dev.runnel.planner.graph;

import dev.runnel.planner.plan.physical.ValuesPhysicalRel;
import dev.runnel.runtime.data.Row;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;

/** The rows of a {@code VALUES} clause in the runtime's internal representation. */
final class ValuesRows {
    private ValuesRows() {
    }

    static List<Row> of(ValuesPhysicalRel values) {
        List<RelDataType> types = values.getRowType().getFieldList().stream().map(f -> f.getType()).toList();
        List<Row> rows = new ArrayList<>();
        for (List<RexLiteral> tuple : values.getTuples()) {
            Object[] fields = new Object[tuple.size()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = internal(tuple.get(i), types.get(i));
            }
            rows.add(Row.of(fields));
        }
        return rows;
    }

    /** The literal's value in the Java class that {@link dev.runnel.runtime.types.TypeRoot} documents for {@code type}. */
    static Object internal(RexLiteral literal, RelDataType type) {
        if (literal.isNull()) {
            return null;
        }
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> literal.getValueAs(Boolean.class);
            case TINYINT -> literal.getValueAs(Byte.class);
            case SMALLINT -> literal.getValueAs(Short.class);
            case INTEGER, DATE, TIME -> literal.getValueAs(Integer.class);
            case BIGINT, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> literal.getValueAs(Long.class);
            case REAL -> literal.getValueAs(Float.class);
            case FLOAT, DOUBLE -> literal.getValueAs(Double.class);
            case DECIMAL -> literal.getValueAs(BigDecimal.class).setScale(Math.max(0, type.getScale()),
                    RoundingMode.HALF_UP);
            case CHAR, VARCHAR -> literal.getValueAs(String.class);
            case BINARY, VARBINARY -> literal.getValueAs(byte[].class);
            default -> throw new IllegalArgumentException("Literal of type " + type + " in VALUES is not supported yet");
        };
    }
}
