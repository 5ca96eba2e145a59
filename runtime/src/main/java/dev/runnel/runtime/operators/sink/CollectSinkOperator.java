package dev.runnel.runtime.operators.sink;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Sends the rows it receives to the client through {@link ResultSender}, which blocks while
 * the client's result buffer is full: a client that stops fetching slows the job down instead
 * of filling memory.
 *
 * <p>Without checkpoints every batch is sent as it arrives. With checkpoints
 * ({@code execution.checkpointing.interval} &gt; 0), like Flink's checkpointed collect sink, rows
 * are held back until a checkpoint taken after them completes, so that the client never sees a
 * row that a restart from the last checkpoint produces again: a checkpoint stores the rows held
 * for it in the operator state, {@link #notifyCheckpointComplete} sends them, and a sink restored
 * from its job's own checkpoint sends the rows of that checkpoint again (numbered, see
 * {@link ResultSender#send(List, long)}). The rows a savepoint holds belong to the job that
 * took it, which sends them to its client when the savepoint (a stop) or a later checkpoint
 * completes: a job started from that savepoint, with a new client, sends only the rows after it,
 * so both clients together see each row once. At the end of the input everything is sent.
 */
public final class CollectSinkOperator extends AbstractOperator {
    /** The name of the split list in the operator state: the held rows of each subtask. */
    static final String STATE = "collect-sink-rows";

    private ResultSender sender;
    private boolean holdBack;
    private List<byte[]> state;
    /** Rows received since the last checkpoint. */
    private List<Row> held = new ArrayList<>();
    /** Rows waiting for their checkpoint to complete, by checkpoint. */
    private final TreeMap<Long, List<Row>> pending = new TreeMap<>();
    /** How many rows were sent, across restarts: the number of the next row to send. */
    private long sent;

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        sender = context.resultSender();
        holdBack = !context.configuration().get(CheckpointOptions.INTERVAL).isZero();
        OperatorStateStore store = context.operatorStateStore();
        state = store.splitList(STATE);
        if (store.isRestored()) {
            for (byte[] entry : state) {
                HeldRowsCodec.Held restored = HeldRowsCodec.fromBytes(entry);
                // This job's own checkpoint: its rows may not have gone out before the failure
                // (the client's buffer drops what did). Another job's savepoint: that job sent
                // them to its client when the savepoint or a later checkpoint completed.
                if (!restored.rows().isEmpty() && restored.jobId().equals(context.jobId())) {
                    sender.send(restored.rows(), restored.firstOffset());
                }
                sent = Math.max(sent, restored.firstOffset() + restored.rows().size());
            }
        }
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        if (batch.isEmpty()) {
            return;
        }
        if (holdBack) {
            for (Row row : batch) {
                held.add(row.copy());
            }
        } else {
            send(batch.toList());
        }
    }

    private void send(List<Row> rows) throws InterruptedException {
        if (!rows.isEmpty()) {
            sender.send(rows, sent);
            sent += rows.size();
        }
    }

    @Override
    public void processWatermark(Watermark watermark) {
        // The client sees rows only; a sink has nobody downstream to tell.
    }

    /** Stores the rows held for {@code checkpointId} and the earlier checkpoints still pending. */
    @Override
    public void snapshotState(long checkpointId) {
        if (!held.isEmpty()) {
            pending.put(checkpointId, held);
            held = new ArrayList<>();
        }
        List<Row> rows = new ArrayList<>();
        pending.values().forEach(rows::addAll);
        state.clear();
        state.add(HeldRowsCodec.toBytes(new HeldRowsCodec.Held(context.jobId(), sent, rows)));
    }

    /** Sends the rows held for {@code checkpointId} and every checkpoint before. */
    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        NavigableMap<Long, List<Row>> done = pending.headMap(checkpointId, true);
        List<Row> rows = new ArrayList<>();
        done.values().forEach(rows::addAll);
        done.clear();
        send(rows);
    }

    @Override
    public void finish() throws Exception {
        notifyCheckpointComplete(Long.MAX_VALUE);
        List<Row> rows = held;
        held = new ArrayList<>();
        send(rows);
    }
}
