package dev.runnel.runtime.connector;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Small fakes to drive connector readers and sink operators without a task. */
public final class ConnectorTestSupport {
    private ConnectorTestSupport() {
    }

    /** An operator context for subtask {@code subtask} of {@code parallelism}. */
    public record FakeContext(int subtaskIndex, int parallelism, Output output) implements OperatorContext {
        public FakeContext() {
            this(0, 1, new CollectingOutput());
        }

        @Override
        public String operatorName() {
            return "test-operator";
        }

        @Override
        public String jobName() {
            return "test-job";
        }

        @Override
        public Configuration configuration() {
            return new Configuration();
        }

        @Override
        public ClassLoader userClassLoader() {
            return ConnectorTestSupport.class.getClassLoader();
        }
    }

    public static TableContext table(RowType schema, Map<String, String> options) {
        return new TableContext("default.t", schema, options);
    }

    /**
     * Reads everything a bounded source yields with {@code parallelism} readers, one after the
     * other, returning the rows of each subtask. Fails if a reader reports NOTHING_AVAILABLE more
     * than {@code maxWaits} times (it then waits on {@code isAvailable()}).
     */
    public static List<List<Row>> readAll(SourceFactory source, int parallelism) throws Exception {
        List<List<Row>> result = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            CollectingOutput out = new CollectingOutput();
            try (SourceReader reader = source.createReader(i, parallelism)) {
                reader.open(new FakeContext(i, parallelism, out));
                InputStatus status;
                while ((status = reader.pollNext(out)) != InputStatus.END_OF_INPUT) {
                    if (status == InputStatus.NOTHING_AVAILABLE) {
                        reader.isAvailable().get();
                    }
                }
            }
            result.add(out.rows());
        }
        return result;
    }
}
