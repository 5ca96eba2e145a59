package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import java.util.HashMap;
import java.util.Map;

/**
 * The row kept per key in a value state, read into memory for one input batch: the rows of one
 * key in a batch read its state once and write it at most once, at {@link #store()}. Used by the
 * operators that keep one row per key (deduplication, changelog normalization).
 */
final class KeptRows {
    private final KeyedStateBackend backend;
    private final ValueState<VoidNamespace, Row> state;
    /** The keys read in this input batch, to be written back at its end. */
    private final Map<Row, Kept> keys = new HashMap<>();

    KeptRows(KeyedStateBackend backend, ValueState<VoidNamespace, Row> state) {
        this.backend = backend;
        this.state = state;
        state.setCurrentNamespace(VoidNamespace.INSTANCE);
    }

    /** The row kept for {@code key}: from state the first time in this batch, from memory after that. */
    Kept get(Row key) throws Exception {
        Kept k = keys.get(key);
        if (k == null) {
            backend.setCurrentKey(key);
            k = new Kept(key, state.value());
            keys.put(key, k);
        }
        return k;
    }

    /** Writes the rows this batch changed to state (a {@code null} row clears it) and forgets every key. */
    void store() throws Exception {
        backend.writeTogether(() -> {
            for (Kept k : keys.values()) {
                if (k.dirty) {
                    backend.setCurrentKey(k.key);
                    if (k.row == null) {
                        state.clear();
                    } else {
                        state.update(k.row);
                    }
                }
            }
        });
        keys.clear();
    }

    /** The row kept for one key; set {@link #dirty} when {@link #row} changes. */
    static final class Kept {
        final Row key;
        Row row;
        /** Whether {@link #row} differs from the key's state. */
        boolean dirty;

        private Kept(Row key, Row row) {
            this.key = key;
            this.row = row;
        }
    }
}
