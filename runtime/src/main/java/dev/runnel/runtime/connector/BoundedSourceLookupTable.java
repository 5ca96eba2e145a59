package dev.runnel.runtime.connector;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.Watermark;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A lookup table read through the table's own bounded source: one reader that owns every split
 * (subtask 0 of 1) is polled to its end, so the rows and the errors for bad records are the
 * scan's. Watermarks are ignored: a lookup table has no time.
 *
 * @param source a bounded source of the table
 */
public record BoundedSourceLookupTable(String tableName, SourceFactory source, Duration reloadInterval)
        implements LookupTableSource {
    public BoundedSourceLookupTable {
        Objects.requireNonNull(tableName, "tableName");
        if (!source.isBounded()) {
            throw new IllegalArgumentException("The source of lookup table " + tableName + " is not bounded");
        }
        if (reloadInterval.isNegative() || reloadInterval.isZero()) {
            throw new IllegalArgumentException("The reload interval of lookup table " + tableName + " must be positive");
        }
    }

    @Override
    public void readAll(OperatorContext join, Consumer<Row> rows) throws Exception {
        Output output = new Output() {
            @Override
            public void collect(Row row) {
                rows.accept(row);
            }

            @Override
            public void emitWatermark(Watermark watermark) {
            }

            @Override
            public void flush() {
            }
        };
        try (SourceReader reader = source.createReader(0, 1)) {
            reader.open(new LoadingContext(join, output));
            InputStatus status;
            while ((status = reader.pollNext(output)) != InputStatus.END_OF_INPUT) {
                if (status == InputStatus.NOTHING_AVAILABLE) {
                    reader.isAvailable().get();
                }
            }
        }
    }

    /** The reader's context: the only subtask of the table's source, inside the join's task. */
    private record LoadingContext(OperatorContext join, Output output) implements OperatorContext {
        @Override
        public String operatorName() {
            return join.operatorName();
        }

        @Override
        public String jobName() {
            return join.jobName();
        }

        @Override
        public int subtaskIndex() {
            return 0;
        }

        @Override
        public int parallelism() {
            return 1;
        }

        @Override
        public Configuration configuration() {
            return join.configuration();
        }

        @Override
        public ClassLoader userClassLoader() {
            return join.userClassLoader();
        }
    }
}
