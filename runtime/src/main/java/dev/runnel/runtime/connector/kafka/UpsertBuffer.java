package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.rank.KeyFields;
import java.io.Serializable;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The rows an {@code upsert-kafka} sink holds back before it sends them, as Flink's
 * {@code sink.buffer-flush.*}: only the last change of each key, so that a key updated many times
 * between two flushes costs one record. The sink sends what it holds when the buffer has
 * {@link Options#maxRows} keys, every {@link Options#interval}, at each checkpoint and at the end.
 */
final class UpsertBuffer {
    /** Flink's {@code sink.buffer-flush.max-rows} and {@code sink.buffer-flush.interval}, both set. */
    record Options(int maxRows, Duration interval) implements Serializable {
    }

    private final int[] keyFields;
    private final int maxRows;
    /** The last change of each key, in the order the keys first came since the last flush. */
    private final Map<Row, Row> rows = new LinkedHashMap<>();

    UpsertBuffer(int[] keyFields, int maxRows) {
        this.keyFields = keyFields;
        this.maxRows = maxRows;
    }

    /** Keeps {@code row} as the last change of its key; true when the buffer is full and must be sent. */
    boolean add(Row row) {
        // the batch may reuse its rows once processed: keep a copy
        rows.put(KeyFields.of(row, keyFields), row.copy());
        return rows.size() >= maxRows;
    }

    /** Hands every held row to {@code send} and forgets them. */
    void drainTo(Consumer<Row> send) {
        rows.values().forEach(send);
        rows.clear();
    }
}
