package dev.runnel.runtime.source.watermark;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.calc.CalcFunction;
import java.io.Serializable;
import java.util.Objects;

/**
 * How a source derives watermarks from its rows: a table's {@code WATERMARK FOR ts AS expr},
 * compiled by the planner.
 *
 * @param expression a generated projection of the source's rows to one TIMESTAMP field: the
 *                   watermark expression (epoch millis; a NULL result leaves the watermark as it is)
 * @param description how plans show it, such as
 *                    {@code WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)])}
 */
public record WatermarkStrategy(GeneratedClass<CalcFunction> expression, String description) implements Serializable {
    public WatermarkStrategy {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(description, "description");
    }
}
