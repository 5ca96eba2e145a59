package dev.runnel.planner.catalog;

import java.util.Objects;

/**
 * {@code WATERMARK FOR rowtimeColumn AS expression}: the table's sources generate watermarks
 * from it (see {@link dev.runnel.planner.plan.logical.WatermarkAssigners}).
 *
 * @param expression SQL text in Runnel's dialect, as Flink prints it ({@code `ts` - INTERVAL '5' SECOND})
 */
public record WatermarkSpec(String rowtimeColumn, String expression) {
    public WatermarkSpec {
        Objects.requireNonNull(rowtimeColumn, "rowtimeColumn");
        Objects.requireNonNull(expression, "expression");
    }
}
