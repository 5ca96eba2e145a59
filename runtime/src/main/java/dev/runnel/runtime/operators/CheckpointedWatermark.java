package dev.runnel.runtime.operators;

import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.state.KeyedStateBackend;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Keeps the event-time watermark of a keyed operator's backend across checkpoints, for operators
 * that drop late rows or fire by the watermark (windows, window joins and Top-N, interval and
 * temporal joins, OVER). Without it a restored operator starts at {@link Long#MIN_VALUE}, accepts
 * rows that the run without a failure dropped as late, and fires windows again that had fired
 * and been cleared.
 *
 * <p>Stored as a union list and restored as its minimum. At an aligned checkpoint every subtask
 * of an operator has seen the same watermarks (each upstream subtask sends every watermark to
 * all of them, before the same barrier), so the minimum is each subtask's own; after a rescale
 * it is never later than what any predecessor had reached, so no row is dropped that one of them
 * would have kept.
 */
public final class CheckpointedWatermark {
    private final List<byte[]> state;
    private final KeyedStateBackend backend;

    private CheckpointedWatermark(List<byte[]> state, KeyedStateBackend backend) {
        this.state = state;
        this.backend = backend;
    }

    /**
     * Restores {@code backend}'s watermark from the union list {@code name} of the operator's
     * state, if the operator was restored; call in {@code open}, once the backend exists.
     */
    public static CheckpointedWatermark restore(OperatorContext context, KeyedStateBackend backend, String name) {
        OperatorStateStore store = context.operatorStateStore();
        List<byte[]> state = store.unionList(name);
        if (store.isRestored() && !state.isEmpty()) {
            backend.restoreWatermark(state.stream().mapToLong(b -> ByteBuffer.wrap(b).getLong()).min().getAsLong());
        }
        return new CheckpointedWatermark(state, backend);
    }

    /** Writes the backend's current watermark into the operator's state; call in {@code snapshotState}. */
    public void snapshot() {
        state.clear();
        state.add(ByteBuffer.allocate(Long.BYTES).putLong(backend.currentWatermark()).array());
    }
}
