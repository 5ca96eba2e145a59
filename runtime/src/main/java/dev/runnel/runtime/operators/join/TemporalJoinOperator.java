package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.CheckpointedWatermark;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An event-time temporal join with Flink SQL's semantics ({@code TemporalRowTimeJoinOperator}):
 * each left row is held until the watermark reaches its time, then joined with the version of
 * the right row (same key) that was valid at that time: the latest change at or before it. A
 * version whose latest change is a {@code -D} means the key did not exist then; {@code -U} is
 * ignored (the {@code +U} after it carries the new version, as in an upsert changelog). The output is append-only.
 *
 * <p>State per key: the left rows by time (a list per time, fired by an event-time timer), and
 * the right changes by time; once the watermark passes a change, versions older than the
 * latest one at or before the watermark can no longer be asked for and are dropped. A left row
 * that arrives behind the watermark is joined at once with what is held. Rows without a time
 * are dropped (left: padded in a left join).
 */
final class TemporalJoinOperator extends AbstractOperator implements Triggerable<VoidNamespace> {
    private final TemporalJoinOperatorFactory spec;
    private CheckpointedWatermark watermark;
    private final JoinedRows joined;
    private KeyedStateBackend backend;
    /** Left rows waiting for the watermark, per time (the namespace). */
    private ListState<Long, Row> leftRows;
    /** Right changes by time: the row with a trailing BOOLEAN that is true for a retraction. */
    private MapState<VoidNamespace, Long, Row> versions;
    private TimerService<VoidNamespace> leftTimers;
    private TimerService<VoidNamespace> cleanupTimers;
    private CalcFunction condition;

    TemporalJoinOperator(TemporalJoinOperatorFactory spec) {
        this.spec = spec;
        this.joined = new JoinedRows(spec.leftTypes().size(), spec.rightTypes().size());
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        List<DataType> keyTypes = new ArrayList<>();
        for (int k : spec.leftKeys()) {
            keyTypes.add(spec.leftTypes().get(k));
        }
        backend = context.keyedStateBackend(Serializers.row(keyTypes));
        watermark = CheckpointedWatermark.restore(context, backend, "watermark");
        Duration ttl = context.configuration().get(StateOptions.STATE_TTL);
        leftRows = backend.listState(new StateDescriptor<>("temporal-left", Serializers.LONG, null,
                Serializers.row(spec.leftTypes()), ttl));
        List<DataType> versionTypes = new ArrayList<>(spec.rightTypes());
        versionTypes.add(DataType.of(TypeRoot.BOOLEAN).notNull());
        versions = backend.mapState(StateDescriptor.map("temporal-versions", Serializers.LONG,
                Serializers.row(versionTypes), ttl));
        versions.setCurrentNamespace(VoidNamespace.INSTANCE);
        leftTimers = backend.timerService("temporal-left", VoidNamespace.SERIALIZER, this);
        cleanupTimers = backend.timerService("temporal-versions", VoidNamespace.SERIALIZER, new Triggerable<>() {
            @Override
            public void onEventTime(Timer<VoidNamespace> timer) {
                dropVersionsBefore(timer.timestamp());
            }

            @Override
            public void onProcessingTime(Timer<VoidNamespace> timer) {
            }
        });
        if (spec.condition() != null) {
            condition = spec.condition().newInstance(context);
        }
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        watermark.snapshot();
        super.snapshotState(checkpointId);
    }

    /** Closes the user-defined functions the generated {@code condition} calls. */
    @Override
    public void close() throws Exception {
        GeneratedClass.close(condition);
        super.close();
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            backend.setCurrentKey(JoinedRows.project(row, input == 0 ? spec.leftKeys() : spec.rightKeys()));
            if (input == 0) {
                processLeft(row);
            } else {
                processRight(row);
            }
        }
    }

    private void processLeft(Row row) {
        if (row.kind() != RowKind.INSERT) {
            throw new IllegalStateException("Temporal join '" + spec.name() + "' got " + row
                    + " on its left input, which must be append-only");
        }
        Long time = (Long) row.getField(spec.leftTime());
        if (time == null || JoinedRows.hasNullKey(row, spec.leftKeys(), new boolean[spec.leftKeys().length])) {
            if (spec.leftOuter()) {
                output.collect(joined.padded(RowKind.INSERT, row, 0));
            }
            return;
        }
        if (time <= leftTimers.currentWatermark()) {
            emit(row, time);
            return;
        }
        leftRows.setCurrentNamespace(time);
        leftRows.add(row);
        leftTimers.registerEventTimeTimer(VoidNamespace.INSTANCE, time);
    }

    private void processRight(Row row) {
        Long time = (Long) row.getField(spec.rightTime());
        if (time == null) {
            return;
        }
        if (row.kind() == RowKind.UPDATE_BEFORE) {
            // The +U that follows carries the new version; -U may carry the old row's time.
            return;
        }
        boolean retraction = row.kind() == RowKind.DELETE;
        Object[] fields = new Object[row.arity() + 1];
        System.arraycopy(row.fields(), 0, fields, 0, row.arity());
        fields[row.arity()] = retraction;
        versions.put(time, Row.of(fields));
        cleanupTimers.registerEventTimeTimer(VoidNamespace.INSTANCE, time);
    }

    private static boolean isRetraction(Row version) {
        return (Boolean) version.getField(version.arity() - 1);
    }

    @Override
    public void onEventTime(Timer<VoidNamespace> timer) {
        leftRows.setCurrentNamespace(timer.timestamp());
        for (Row row : leftRows.get()) {
            emit(row, timer.timestamp());
        }
        leftRows.clear();
    }

    @Override
    public void onProcessingTime(Timer<VoidNamespace> timer) {
    }

    /** Joins {@code row} (at {@code time}) with the version valid then, or pads or drops it. */
    private void emit(Row row, long time) {
        Row version = versionAt(time);
        if (version != null) {
            Row right = new Row(RowKind.INSERT, java.util.Arrays.copyOf(version.fields(), version.arity() - 1));
            Row result = joined.join(RowKind.INSERT, row, right);
            if (condition == null || condition.apply(result) != null) {
                output.collect(result);
                return;
            }
        }
        if (spec.leftOuter()) {
            output.collect(joined.padded(RowKind.INSERT, row, 0));
        }
    }

    /** The latest change at or before {@code time} if it is an insert, else {@code null}. */
    private Row versionAt(long time) {
        long best = Long.MIN_VALUE;
        Row found = null;
        for (Map.Entry<Long, Row> e : versions.entries()) {
            if (e.getKey() <= time && (found == null || e.getKey() > best)) {
                best = e.getKey();
                found = e.getValue();
            }
        }
        return found == null || isRetraction(found) ? null : found;
    }

    /** Drops the changes older than the latest one at or before {@code watermark}: no left row can ask for them. */
    private void dropVersionsBefore(long watermark) {
        long latest = Long.MIN_VALUE;
        List<Long> times = new ArrayList<>();
        for (Map.Entry<Long, Row> e : versions.entries()) {
            if (e.getKey() <= watermark) {
                times.add(e.getKey());
                latest = Math.max(latest, e.getKey());
            }
        }
        for (long t : times) {
            if (t < latest) {
                versions.remove(t);
            }
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        backend.advanceWatermark(watermark.timestamp());
        output.emitWatermark(watermark);
    }
}
