package dev.runnel.runtime.task;

import dev.runnel.runtime.network.InputGate;
import dev.runnel.runtime.stream.CheckpointBarrier;

/**
 * Decides when a task with input channels takes its snapshot of a checkpoint: once the
 * checkpoint's barrier arrived on every channel that has not ended (an ended channel sends
 * nothing more, so it counts as aligned).
 *
 * <p>Exactly-once: a channel whose barrier arrived is blocked (its later rows stay queued in
 * it) until the others caught up, so the snapshot holds exactly the rows before the barrier.
 * At-least-once: nothing is blocked; rows after the barrier on fast channels are in the
 * snapshot and replayed after a restore.
 *
 * <p>A barrier of a newer checkpoint before the older one aligned aborts the older one. Task
 * thread only.
 */
final class BarrierAligner {

    /** What the task does when alignment finishes or gives up. */
    interface Actions {
        /** Every open channel delivered {@code barrier}: snapshot and forward it. */
        void aligned(CheckpointBarrier barrier);

        /** The task will not take part in checkpoint {@code checkpointId}. */
        void abort(long checkpointId, String reason);
    }

    private final InputGate gate;
    private final boolean exactlyOnce;
    private final Actions actions;
    private final boolean[] received;
    private final boolean[] ended;
    private long latestCheckpointId = -1;
    private CheckpointBarrier pending;

    BarrierAligner(InputGate gate, boolean exactlyOnce, Actions actions) {
        this.gate = gate;
        this.exactlyOnce = exactlyOnce;
        this.actions = actions;
        this.received = new boolean[gate.numberOfChannels()];
        this.ended = new boolean[gate.numberOfChannels()];
    }

    /** The checkpoint being aligned, or -1. */
    long pendingCheckpointId() {
        return pending == null ? -1 : pending.id();
    }

    void barrierReceived(int channel, CheckpointBarrier barrier) {
        if (!start(barrier)) {
            return;
        }
        received[channel] = true;
        if (exactlyOnce) {
            gate.block(channel);
        }
        completeIfAligned();
    }

    /**
     * The checkpoint starts at this task although no barrier comes (every producer of its
     * input has finished): it is aligned once the channels delivered what they hold and ended.
     */
    void triggered(CheckpointBarrier barrier) {
        if (start(barrier)) {
            completeIfAligned();
        }
    }

    /** Call before the task acts on the end of {@code channel}: a snapshot this completes comes first. */
    void channelEnded(int channel) {
        ended[channel] = true;
        completeIfAligned();
    }

    /** The checkpoint was aborted elsewhere: stop waiting for its barriers. */
    void abortIfPending(long checkpointId) {
        if (pending != null && pending.id() == checkpointId) {
            reset();
        }
    }

    /** Whether {@code barrier} belongs to the checkpoint aligned now (starting it if it is newer). */
    private boolean start(CheckpointBarrier barrier) {
        if (barrier.id() < latestCheckpointId || (barrier.id() == latestCheckpointId && pending == null)) {
            // An aborted or already completed checkpoint.
            return false;
        }
        if (barrier.id() > latestCheckpointId) {
            if (pending != null) {
                long older = pending.id();
                reset();
                actions.abort(older, "checkpoint " + barrier.id() + " started before checkpoint " + older
                        + " was aligned");
            }
            latestCheckpointId = barrier.id();
            pending = barrier;
        }
        return true;
    }

    private void completeIfAligned() {
        if (pending == null) {
            return;
        }
        for (int c = 0; c < received.length; c++) {
            if (!received[c] && !ended[c]) {
                return;
            }
        }
        CheckpointBarrier barrier = pending;
        reset();
        actions.aligned(barrier);
    }

    private void reset() {
        pending = null;
        java.util.Arrays.fill(received, false);
        gate.unblockAll();
    }
}
