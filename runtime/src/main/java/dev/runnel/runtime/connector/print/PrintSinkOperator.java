package dev.runnel.runtime.connector.print;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.Values;
import java.io.PrintStream;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.Supplier;

/**
 * Prints each row as Flink's print sink does: {@code +I[1, alice]}, prefixed by
 * {@code <print-identifier>> } and, when the sink runs in parallel, by the 1-based subtask
 * number ({@code 2> }, {@code orders:2> }). Values are printed with {@link Values#toText}; TIMESTAMP_LTZ
 * in the job's {@code table.local-time-zone} (UTC if unset).
 */
public final class PrintSinkOperator extends AbstractOperator {
    /** The job option that names the time zone TIMESTAMP_LTZ values are shown in. */
    public static final String LOCAL_TIME_ZONE = "table.local-time-zone";

    private final RowType rowType;
    private final String printIdentifier;
    private final Supplier<PrintStream> target;
    private PrintStream stream;
    private String prefix;
    private ZoneId zone;

    /**
     * @param printIdentifier the prefix, or {@code null}
     * @param target where to print, resolved at {@link #open}
     */
    public PrintSinkOperator(RowType rowType, String printIdentifier, Supplier<PrintStream> target) {
        this.rowType = rowType;
        this.printIdentifier = printIdentifier;
        this.target = target;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        stream = target.get();
        StringBuilder p = new StringBuilder(printIdentifier == null ? "" : printIdentifier);
        if (context.parallelism() > 1) {
            p.append(p.length() > 0 ? ":" : "").append(context.subtaskIndex() + 1);
        }
        prefix = p.length() > 0 ? p.append("> ").toString() : "";
        String zoneName = context.configuration().getString(LOCAL_TIME_ZONE);
        zone = zoneName == null || zoneName.equalsIgnoreCase("default") ? ZoneOffset.UTC : ZoneId.of(zoneName);
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        for (Row row : batch) {
            stream.println(format(row));
        }
        stream.flush();
    }

    String format(Row row) {
        StringBuilder sb = new StringBuilder(prefix).append(row.kind().shortString()).append('[');
        for (int i = 0; i < row.arity(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Object value = row.getField(i);
            sb.append(value == null ? "null" : Values.toText(value, rowType.type(i), zone));
        }
        return sb.append(']').toString();
    }
}
