package dev.runnel.planner.codegen;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.calc.CalcFunction;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Generates the check that runs before a sink when a NOT NULL column of the table may receive
 * NULL: a {@link CalcFunction} that passes rows through and fails the job on a NULL in such a
 * column, naming the column and the table (Flink's default {@code table.exec.sink.not-null-enforcer}
 * behaviour, ERROR).
 */
public final class NotNullEnforcerGenerator {
    private static final AtomicLong COUNTER = new AtomicLong();

    private NotNullEnforcerGenerator() {
    }

    /**
     * @param tableName the sink table, for the message
     * @param columns the names of the table's columns, by position
     * @param notNullFields the positions to check
     */
    public static GeneratedClass<CalcFunction> generate(String tableName, List<String> columns, List<Integer> notNullFields) {
        String className = "GeneratedNotNullEnforcer" + COUNTER.incrementAndGet();
        StringBuilder code = new StringBuilder()
                .append("public final class ").append(className).append(" implements ")
                .append(CalcFunction.class.getName()).append(" {\n")
                .append("  public ").append(className).append("() {\n  }\n")
                .append("  public ").append(Row.class.getName()).append(" apply(").append(Row.class.getName())
                .append(" row) {\n")
                .append("    final Object[] in = row.fields();\n");
        for (int i : notNullFields) {
            String message = "Column '" + columns.get(i) + "' of table " + tableName
                    + " is NOT NULL, however, a null value is being written into it";
            code.append("    if (in[").append(i).append("] == null) {\n")
                    .append("      throw new IllegalStateException(\"").append(javaString(message)).append("\");\n")
                    .append("    }\n");
        }
        code.append("    return row;\n  }\n}\n");
        return new GeneratedClass<>(className, code.toString());
    }

    private static String javaString(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
