package dev.runnel.runtime.source.watermark;

import dev.runnel.runtime.codegen.GeneratedClass;
import java.io.Serializable;
import java.util.Objects;

/**
 * How a source derives watermarks from its rows: a table's {@code WATERMARK FOR ts AS expr},
 * compiled by the planner.
 *
 * @param expression the generated watermark expression over the source's rows (epoch millis;
 *                   a NULL result, {@code Long.MIN_VALUE}, leaves the watermark as it is)
 * @param description how plans show it, such as
 *                    {@code WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)])}
 */
public record WatermarkStrategy(GeneratedClass<WatermarkExpression> expression, String description) implements Serializable {
    public WatermarkStrategy {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(description, "description");
    }
}
