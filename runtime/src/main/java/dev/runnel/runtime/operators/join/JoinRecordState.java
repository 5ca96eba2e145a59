package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rows one input of a regular join holds for the current key: each distinct row with its
 * multiplicity, and the number of rows of the other input it matches (which an outer side
 * needs, to know when to emit or retract its null-padded row; Flink's
 * {@code OuterJoinRecordStateView}).
 */
sealed interface JoinRecordState {
    /** A distinct row of the current key, how often it is held and how many rows of the other input it matches. */
    record Entry(Row row, long count, long matches) {
    }

    /**
     * Rows with counts and matches, one map entry per distinct row: {@code row -> [count, matches]}.
     * Adding a row reads its entry and writes it.
     */
    static JoinRecordState counting(KeyedStateBackend backend, String name, TypeSerializer<Row> rows, Duration ttl) {
        return new Counting(backend, name, rows, ttl);
    }

    /**
     * The rows of an input that never retracts, on an inner side (no matches to count): a list
     * per key, appended to without reading it and read with one lookup, not a scan (Flink keeps
     * a map here too, which costs a read and a write per row and an iterator per match).
     */
    static JoinRecordState appendOnly(KeyedStateBackend backend, String name, TypeSerializer<Row> rows, Duration ttl) {
        return new AppendOnly(backend, name, rows, ttl);
    }

    /** Adds one occurrence of {@code row}, which matches {@code matches} rows of the other input. */
    void add(Row row, long matches);

    /** Removes one occurrence of {@code row}; a retraction of a row never added is ignored (as Flink does). */
    void retract(Row row);

    /** Removes every occurrence of {@code row}. */
    void removeAll(Row row);

    void updateMatches(Row row, long matches);

    /** The rows of the current key. */
    List<Entry> entries();

    /** {@link #counting}. */
    final class Counting implements JoinRecordState {
        private static final TypeSerializer<Row> COUNTS = Serializers.row(
                List.of(DataType.of(TypeRoot.BIGINT).notNull(), DataType.of(TypeRoot.BIGINT).notNull()));

        private final MapState<VoidNamespace, Row, Row> records;

        Counting(KeyedStateBackend backend, String name, TypeSerializer<Row> rowSerializer, Duration ttl) {
            records = backend.mapState(StateDescriptor.map(name, rowSerializer, COUNTS, ttl));
            records.setCurrentNamespace(VoidNamespace.INSTANCE);
        }

        @Override
        public void add(Row row, long matches) {
            Row counts = records.get(row);
            long count = counts == null ? 0 : (long) counts.getField(0);
            records.put(row, Row.of(count + 1, matches));
        }

        @Override
        public void retract(Row row) {
            Row counts = records.get(row);
            if (counts == null) {
                return;
            }
            long count = (long) counts.getField(0);
            if (count <= 1) {
                records.remove(row);
            } else {
                records.put(row, Row.of(count - 1, counts.getField(1)));
            }
        }

        @Override
        public void removeAll(Row row) {
            records.remove(row);
        }

        @Override
        public void updateMatches(Row row, long matches) {
            Row counts = records.get(row);
            if (counts != null) {
                records.put(row, Row.of(counts.getField(0), matches));
            }
        }

        @Override
        public List<Entry> entries() {
            List<Entry> result = new ArrayList<>();
            for (Map.Entry<Row, Row> e : records.entries()) {
                result.add(new Entry(e.getKey(), (long) e.getValue().getField(0), (long) e.getValue().getField(1)));
            }
            return result;
        }
    }

    /** {@link #appendOnly}: each row once per occurrence, its matches never counted. */
    final class AppendOnly implements JoinRecordState {
        private final ListState<VoidNamespace, Row> rows;

        AppendOnly(KeyedStateBackend backend, String name, TypeSerializer<Row> rowSerializer, Duration ttl) {
            rows = backend.listState(StateDescriptor.of(name, rowSerializer, ttl));
            rows.setCurrentNamespace(VoidNamespace.INSTANCE);
        }

        @Override
        public void add(Row row, long matches) {
            rows.add(row);
        }

        /** Adds {@code added} in order with one write. */
        void addAll(List<Row> added) {
            rows.addAll(added);
        }

        @Override
        public void retract(Row row) {
            throw new IllegalStateException("Join state of an append-only input cannot retract " + row);
        }

        @Override
        public void removeAll(Row row) {
            throw new IllegalStateException("Join state of an append-only input cannot remove " + row);
        }

        @Override
        public void updateMatches(Row row, long matches) {
            throw new IllegalStateException("Join state of an inner side counts no matches");
        }

        @Override
        public List<Entry> entries() {
            List<Row> held = rows.get();
            List<Entry> result = new ArrayList<>(held.size());
            for (Row row : held) {
                result.add(new Entry(row, 1, 0));
            }
            return result;
        }
    }
}
