package dev.runnel.runtime.connector.print;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorTestSupport;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrintSinkTest {
    private static final RowType USERS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("name", DataType.of(TypeRoot.VARCHAR)), new Field("amount", DataType.decimal(6, 2)),
            new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String print(String identifier, int subtask, int parallelism, Row... rows) throws Exception {
        try (Operator op = new PrintSinkOperator(USERS, identifier, () -> stream)) {
            op.open(new FakeContext(subtask, parallelism, new CollectingOutput()));
            op.processBatch(RowBatch.of(rows), 0);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsRowsLikeFlink() throws Exception {
        assertThat(print(null, 0, 1, Row.of(1L, "alice", new BigDecimal("12.50"), Values.parseTimestamp(
                "2024-01-02 03:04:05.6")), Row.ofKind(RowKind.UPDATE_BEFORE, 2L, null, null, null)))
                .isEqualTo("+I[1, alice, 12.50, 2024-01-02 03:04:05.600]\n-U[2, null, null, null]\n");
    }

    @Test
    void printsEveryKindOfChange() throws Exception {
        assertThat(print(null, 0, 1, Row.ofKind(RowKind.INSERT, 1L, "a", null, null),
                Row.ofKind(RowKind.UPDATE_BEFORE, 1L, "a", null, null), Row.ofKind(RowKind.UPDATE_AFTER, 1L, "b", null, null),
                Row.ofKind(RowKind.DELETE, 1L, "b", null, null))).isEqualTo(
                "+I[1, a, null, null]\n-U[1, a, null, null]\n+U[1, b, null, null]\n-D[1, b, null, null]\n");
    }

    @Test
    void prefixesIdentifierAndSubtaskWhenParallel() throws Exception {
        assertThat(print("orders", 0, 1, Row.of(1L, "a", null, null))).isEqualTo("orders> +I[1, a, null, null]\n");
        bytes.reset();
        assertThat(print(null, 1, 2, Row.of(1L, "a", null, null))).isEqualTo("2> +I[1, a, null, null]\n");
        bytes.reset();
        assertThat(print("orders", 0, 2, Row.of(1L, "a", null, null))).isEqualTo("orders:1> +I[1, a, null, null]\n");
    }

    @Test
    void theConnectorPrintsToStandardErrorWhenAsked() throws Exception {
        TableContext table = ConnectorTestSupport.table(USERS, Map.of("connector", "print", "standard-error", "true",
                "print-identifier", "err"));
        PrintStream old = System.err;
        System.setErr(stream);
        try (Operator op = ConnectorFactories.factoryFor(table).createSink(table).create()) {
            op.open(new FakeContext());
            op.processBatch(RowBatch.of(Row.of(7L, "x", null, null)), 0);
        } finally {
            System.setErr(old);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("err> +I[7, x, null, null]\n");
    }
}
