package dev.runnel.runtime.task;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.OperatorIds;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.metrics.LatencyHistogram;
import dev.runnel.runtime.metrics.OperatorCounters;
import dev.runnel.runtime.metrics.TaskTimeMeter;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.ChannelReleasedException;
import dev.runnel.runtime.network.ChannelSelector;
import dev.runnel.runtime.network.InputGate;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.LocalInputGate;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.network.PipelinedResultPartition;
import dev.runnel.runtime.network.RecordWriter;
import dev.runnel.runtime.network.RemoteExchange;
import dev.runnel.runtime.network.Subpartition;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.operators.sink.ResultSender;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.state.ManagedMemory;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.stream.EndOfInput;
import dev.runnel.runtime.stream.LatencyMarker;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One subtask running on its own thread. The thread opens the chain, then loops: run pending
 * mail, then process one input element (or poll the source once), and sleep in the mailbox
 * when there is nothing to do. When every input has ended it finishes the chain in order,
 * sends end-of-input downstream, closes and reports FINISHED; on cancellation or failure it
 * closes without finishing.
 *
 * <p>Checkpoints: a source task snapshots when the JobManager triggers it, other tasks when
 * the checkpoint's barrier arrived on all their inputs ({@link BarrierAligner}); the snapshot
 * itself is {@link TaskCheckpointing}'s. Triggers and notifications arrive as mail.
 *
 * <p>{@link #start()}, {@link #cancel()}, {@link #counters()}, {@link #sampleTimes()}, {@link #triggerCheckpoint},
 * {@link #notifyCheckpointComplete}, {@link #notifyCheckpointAborted} and {@link #failExternally}
 * may be called from any thread.
 */
public final class Task implements Runnable {
    /** Every task thread's name starts with this. */
    public static final String THREAD_NAME_PREFIX = "runnel-task-";

    private static final Logger LOG = LoggerFactory.getLogger(Task.class);

    private final TaskDeploymentDescriptor tdd;
    private final LocalChannelRegistry channels;
    private final RemoteExchange exchange; // null: every subtask of the job runs in this TaskManager
    private final TaskListener listener;
    private final ResultDeliverer resultDeliverer;
    private final BiConsumer<ExecutionAttemptId, SourceEvent> enumerator;
    private final ClassLoader userClassLoader;
    /** Busy, idle and back-pressured time; the waits are timed where the thread blocks, not per record. */
    private final TaskTimeMeter times = new TaskTimeMeter(System::nanoTime);
    private final Mailbox mailbox = new Mailbox(times.idle());
    private final CompletableFuture<Void> cancelled = new CompletableFuture<>();
    private final Thread thread;
    private final TaskProcessingTimeService processingTime = new TaskProcessingTimeService(mailbox::put);
    /** Keyed state backends the operators created; closed after the chain, also on failure. */
    private final List<AutoCloseable> stateResources = new ArrayList<>();
    /** The counters operators asked for by name ({@code numLateRecordsDropped}), reported with the task's. */
    private final OperatorCounters operatorCounters = new OperatorCounters();
    private final CheckpointResponder checkpointResponder;
    private final TaskCheckpointing checkpointing;

    // Built and used by the task's thread only (volatile where other threads read them).
    private volatile NetworkOutput networkOutput;
    private volatile CountingOutput sourceOutput;
    private volatile OperatorChain chain;
    private SourceReader reader;
    private CompletableFuture<Void> sourceAvailable;
    private InputGate gate;
    private int[] inputOfChannel;
    private int[] openChannelsPerInput;
    private int openChannels;
    private WatermarkTracker watermarks;
    private BarrierAligner aligner;
    private boolean ended;
    /** Stopped with a savepoint without drain: the operators are not finished (see {@link EndOfInput#stopped()}). */
    private boolean stopped;
    /**
     * The stop-with-savepoint (without drain) whose barrier this source task sent, or -1: like
     * Flink's synchronous savepoint, the source reads nothing more until it learns whether the
     * savepoint completed (then it ends, stopped) or was aborted (then it reads on and the job
     * keeps running).
     */
    private long stopAtSavepoint = -1;
    /** The checkpoint this task snapshot last, and the highest one it was told completed or aborted. */
    private long lastSnapshot = -1;
    private long lastNotified = -1;
    /** {@code metrics.latency.interval} in nanoseconds, 0 when off; the next marker is due at {@code nextLatencyMarker}. */
    private long latencyIntervalNanos;
    private long nextLatencyMarker;
    /** The latencies of the markers that reached this sink vertex; null unless tracked here. */
    private volatile LatencyHistogram sinkLatency;

    /**
     * @param enumerator where a source task's events for its split enumerator go (any thread)
     * @param checkpointResponder where checkpoint acknowledgements go
     * @param snapshotExecutor the TaskManager's threads that write snapshots
     * @param managedMemory the managed memory of the slot the task runs in
     */
    public Task(TaskDeploymentDescriptor tdd, LocalChannelRegistry channels, RemoteExchange exchange,
                TaskListener listener, ResultDeliverer resultDeliverer,
                BiConsumer<ExecutionAttemptId, SourceEvent> enumerator, ClassLoader userClassLoader,
                CheckpointResponder checkpointResponder, Executor snapshotExecutor, ManagedMemory.Slot managedMemory) {
        this.tdd = tdd;
        this.exchange = exchange;
        this.checkpointResponder = checkpointResponder;
        this.checkpointing = new TaskCheckpointing(tdd, checkpointResponder, snapshotExecutor, stateResources::add,
                managedMemory);
        this.channels = channels;
        this.listener = listener;
        this.resultDeliverer = resultDeliverer;
        this.enumerator = enumerator;
        this.userClassLoader = userClassLoader;
        this.thread = new Thread(this, THREAD_NAME_PREFIX + tdd.taskName());
        this.thread.setDaemon(true);
    }

    public ExecutionAttemptId attemptId() {
        return tdd.attemptId();
    }

    public void start() {
        thread.start();
    }

    /** Asks the task to stop: it closes without finishing and reports CANCELED. */
    public void cancel() {
        if (cancelled.complete(null)) {
            checkpointing.abortUploads("the task was cancelled");
            mailbox.put(() -> {
                throw new CancelTaskException();
            });
            // Wakes the task if it waits for room in a full channel.
            NetworkOutput out = networkOutput;
            if (out != null) {
                out.release();
            }
        }
    }

    /**
     * Starts checkpoint {@code barrier.id()} here: a source task snapshots and sends the barrier
     * on (then, with {@code DRAIN}, ends; with {@code TERMINATE}, waits for the savepoint and ends
     * when it completes, see {@link #stopAtSavepoint}), another task (whose producers all finished)
     * snapshots once its inputs delivered what they hold. Ignored when the task already ended:
     * the JobManager counts a finished task as done with the checkpoint.
     */
    public void triggerCheckpoint(CheckpointBarrier barrier, StopMode stop) {
        mailbox.put(() -> {
            if (ended) {
                return;
            }
            if (reader == null) {
                aligner.triggered(barrier);
                return;
            }
            if (stop == StopMode.DRAIN) {
                chain.processWatermark(Watermark.MAX);
            }
            lastSnapshot = barrier.id();
            checkpointing.snapshot(barrier, reader, chain, networkOutput);
            if (stop == StopMode.DRAIN) {
                chain.endInput(0);
                endOfAllInputs();
            } else if (stop == StopMode.TERMINATE) {
                stopAtSavepoint = barrier.id();
            }
        });
    }

    /**
     * An event of this source task's split enumerator: splits for the reader, or that no more
     * come. A mail, so that it keeps its place among the checkpoint triggers. Ignored once the
     * task ended or when it restored as finished (it has no reader).
     */
    public void deliverSourceEvent(SourceEvent event) {
        mailbox.put(() -> {
            if (ended || reader == null) {
                return;
            }
            SourceReader r = reader;
            OperatorException.invoke(tdd.vertex().source().name(), () -> {
                if (event instanceof SourceEvent.AddSplits add) {
                    r.addSplits(add.splits());
                } else if (event instanceof SourceEvent.NoMoreSplits) {
                    r.notifyNoMoreSplits();
                }
            });
        });
    }

    /** Checkpoint {@code checkpointId} completed everywhere: operators, reader and backends may commit. */
    public void notifyCheckpointComplete(long checkpointId) {
        mailbox.put(() -> {
            lastNotified = Math.max(lastNotified, checkpointId);
            if (chain != null) {
                checkpointing.notifyComplete(checkpointId, reader, chain);
            }
            if (checkpointId == stopAtSavepoint && !ended) {
                stopAtSavepoint = -1;
                stopped = true;
                endOfAllInputs();
            }
        });
    }

    public void notifyCheckpointAborted(long checkpointId) {
        checkpointing.abortUpload(checkpointId, "the checkpoint was aborted");
        mailbox.put(() -> {
            lastNotified = Math.max(lastNotified, checkpointId);
            if (aligner != null) {
                aligner.abortIfPending(checkpointId);
            }
            if (chain != null) {
                checkpointing.notifyAborted(checkpointId, chain);
            }
            if (checkpointId == stopAtSavepoint) {
                stopAtSavepoint = -1; // the stop failed: the source reads on
            }
        });
    }

    /** Makes the task fail with {@code failure}, as if an operator had thrown it (tests inject failures so). */
    public void failExternally(RuntimeException failure) {
        mailbox.put(() -> {
            throw failure;
        });
    }

    /** Whether the task's thread has ended (or never started). */
    public boolean hasEnded() {
        return !thread.isAlive();
    }

    /** Waits up to {@code timeout} for the task's thread to end; returns whether it did. */
    public boolean join(Duration timeout) throws InterruptedException {
        thread.join(Math.max(1, timeout.toMillis()));
        return !thread.isAlive();
    }

    /**
     * Interrupts the task's thread: the last resort for an operator that does not return after
     * {@link #cancel()} (blocked in I/O or a foreign library).
     */
    public void interrupt() {
        thread.interrupt();
    }

    public TaskCounters counters() {
        CountingOutput in = sourceOutput;
        OperatorChain c = chain;
        LatencyHistogram latency = sinkLatency;
        return new TaskCounters(in == null ? 0 : in.count(), c == null ? 0 : c.recordsOut(),
                operatorCounters.snapshot(), latency == null ? null : latency.copy(), times.current());
    }

    /** Takes a sample of the task's busy, idle and back-pressured time; the TaskManager calls it every second. */
    public void sampleTimes() {
        times.sample();
    }

    @Override
    public void run() {
        ExecutionState end;
        String cause = null;
        Throwable failure = null;
        try {
            setUp();
            report(ExecutionState.RUNNING, null);
            loop();
            checkpointing.awaitPendingSnapshots();
            if (chain != null) {
                chain.close();
            }
            closeReader();
            closeStateResources();
            end = ExecutionState.FINISHED;
        } catch (Throwable t) {
            if (cancelled.isDone() || t instanceof CancelTaskException || t instanceof ChannelReleasedException) {
                end = ExecutionState.CANCELED;
            } else {
                end = ExecutionState.FAILED;
                cause = FailureMessages.describe(t, tdd.vertex().name(), tdd.subtaskIndex(), tdd.parallelism());
                failure = t;
                LOG.warn("Task {} of job {} failed", tdd.taskName(), tdd.jobName(), t);
            }
            cleanUpAfterFailure(t);
        }
        if (failure == null) {
            report(end, cause);
        } else {
            listener.stateChanged(new TaskExecutionState(tdd.attemptId(), end, cause, counters(),
                    failure.getClass().getName(), FailureMessages.stackTrace(failure)));
        }
    }

    private void report(ExecutionState state, String cause) {
        listener.stateChanged(new TaskExecutionState(tdd.attemptId(), state, cause, counters()));
    }

    /** Subpartition {@code i} of {@code out}: a local channel, or the producing end of one to another TaskManager. */
    private Subpartition subpartition(TaskDeploymentDescriptor.OutputWiring out, int i, int capacity) {
        ChannelId id = out.channels().get(i);
        String consumer = out.consumer(i);
        if (consumer == null) {
            return channels.channel(id, capacity);
        }
        if (exchange == null) {
            throw new IllegalStateException(tdd.taskName() + " cannot send channel " + id + " to the TaskManager at "
                    + consumer + ": this TaskManager has no data exchange");
        }
        return exchange.output(id, out.rowType(), NetworkBuffers.of(tdd.jobConfiguration()));
    }

    private void setUp() {
        if (cancelled.isDone()) {
            throw new CancelTaskException();
        }
        Configuration config = tdd.jobConfiguration();
        int batchSize = config.get(RuntimeOptions.BATCH_SIZE);
        int capacity = config.get(RuntimeOptions.BUFFERS_PER_CHANNEL);
        int maxParallelism = config.get(RuntimeOptions.MAX_PARALLELISM);
        latencyIntervalNanos = Math.max(0, config.get(RuntimeOptions.LATENCY_INTERVAL).toNanos());
        if (latencyIntervalNanos > 0) {
            nextLatencyMarker = System.nanoTime() + latencyIntervalNanos;
            if (tdd.isSinkVertex()) {
                sinkLatency = new LatencyHistogram();
            }
        }

        boolean exactlyOnce = !config.get(CheckpointOptions.MODE).trim().toUpperCase(Locale.ROOT).equals("AT_LEAST_ONCE");

        Output tail;
        if (tdd.isSinkVertex()) {
            tail = new DiscardingOutput();
        } else {
            List<RecordWriter> writers = new ArrayList<>();
            for (TaskDeploymentDescriptor.OutputWiring out : tdd.outputs()) {
                List<Subpartition> subpartitions = new ArrayList<>(out.channels().size());
                for (int i = 0; i < out.channels().size(); i++) {
                    subpartitions.add(subpartition(out, i, capacity));
                }
                ChannelSelector selector = ChannelSelector.of(out.partitioning(), subpartitions.size(),
                        tdd.subtaskIndex(), maxParallelism);
                writers.add(new RecordWriter(new PipelinedResultPartition(subpartitions, times.backPressured()), selector,
                        batchSize));
            }
            networkOutput = new NetworkOutput(writers, bufferTimeoutNanos(config));
            tail = networkOutput;
            if (cancelled.isDone()) {
                networkOutput.release();
            }
        }
        if (checkpointing.restoredAsFinished()) {
            // Finished before the checkpoint this job restores: its operators must not run (and
            // emit) again; its consumers only need to learn that it ended.
            endOfAllInputs();
            return;
        }
        ResultSender sender = new ResultSender() {
            @Override
            public void send(List<Row> rows) throws InterruptedException {
                sendResults(rows, ResultDeliverer.UNNUMBERED);
            }

            @Override
            public void send(List<Row> rows, long firstOffset) throws InterruptedException {
                sendResults(rows, firstOffset);
            }
        };
        int vertexId = tdd.vertex().id();
        chain = new OperatorChain(tdd.vertex().operators(), tail, tdd.isSinkVertex(), batchSize,
                (index, name, output) -> new TaskOperatorContext(OperatorIds.chained(vertexId, index), name,
                        tdd.jobName(), tdd.attemptId().jobId().value(), tdd.attemptId().attempt(), tdd.subtaskIndex(), tdd.parallelism(), config, output, userClassLoader, sender,
                        processingTime, checkpointing, operatorCounters));
        chain.open();

        if (tdd.vertex().isSource()) {
            String name = tdd.vertex().source().name();
            sourceOutput = new CountingOutput(chain.input());
            OperatorException.invoke(name, () -> {
                reader = tdd.vertex().source().createReader(tdd.subtaskIndex(), tdd.parallelism());
                reader.open(new TaskOperatorContext(OperatorIds.source(vertexId), name, tdd.jobName(),
                        tdd.attemptId().jobId().value(), tdd.attemptId().attempt(), tdd.subtaskIndex(), tdd.parallelism(), config, sourceOutput, userClassLoader, sender,
                        processingTime, checkpointing, operatorCounters));
            });
            // an enumerator, if the source has one, assigns splits from now on
            enumerator.accept(tdd.attemptId(), new SourceEvent.ReaderRegistered());
        } else {
            setUpInputs(capacity, exactlyOnce);
        }
    }

    private void setUpInputs(int capacity, boolean exactlyOnce) {
        List<LocalChannel> inputChannels = new ArrayList<>();
        List<Integer> inputNumbers = new ArrayList<>();
        int inputs = 0;
        for (TaskDeploymentDescriptor.InputWiring in : tdd.inputs()) {
            for (int i = 0; i < in.channels().size(); i++) {
                // from another TaskManager: its network buffers bound the channel
                boolean remote = in.producer(i) != null;
                inputChannels.add(channels.channel(in.channels().get(i), remote ? LocalChannel.UNBOUNDED : capacity));
                inputNumbers.add(in.inputNumber());
            }
            inputs = Math.max(inputs, in.inputNumber() + 1);
        }
        inputOfChannel = inputNumbers.stream().mapToInt(Integer::intValue).toArray();
        openChannelsPerInput = new int[inputs];
        for (int input : inputOfChannel) {
            openChannelsPerInput[input]++;
        }
        openChannels = inputOfChannel.length;
        watermarks = new WatermarkTracker(inputOfChannel.length);
        gate = new LocalInputGate(inputChannels);
        gate.setAvailabilityListener(mailbox::wakeUp);
        aligner = new BarrierAligner(gate, exactlyOnce, new BarrierAligner.Actions() {
            @Override
            public void aligned(CheckpointBarrier barrier) {
                lastSnapshot = barrier.id();
                checkpointing.snapshot(barrier, null, chain, networkOutput);
            }

            @Override
            public void abort(long checkpointId, String reason) {
                checkpointResponder.decline(tdd.attemptId(), checkpointId, tdd.taskName() + ": " + reason);
            }
        });
        // A subtask that no producer sends to (subtask 1 behind a GLOBAL edge) ends at once.
        for (int input = 0; input < inputs; input++) {
            if (openChannelsPerInput[input] == 0) {
                chain.endInput(input);
            }
        }
        if (openChannels == 0) {
            endOfAllInputs();
        }
    }

    private void loop() throws Exception {
        while (true) {
            if (mailbox.runPendingMails() && chain != null && !ended) {
                chain.flush(); // what timers emitted
            }
            if (ended) {
                if (!awaitsStopSavepoint()) {
                    return;
                }
                mailbox.awaitWork(Long.MAX_VALUE);
                continue;
            }
            boolean progressed = reader != null ? stopAtSavepoint < 0 && pollSource() : pollInput();
            if (!progressed && !ended) {
                awaitWorkOrFlush();
            }
        }
    }

    /** Sleeps until work arrives, or until rows that wait in partly filled batches are due to leave. */
    private void awaitWorkOrFlush() throws InterruptedException {
        NetworkOutput out = networkOutput;
        long deadline = out == null ? Long.MAX_VALUE : out.flushDeadline();
        if (deadline != Long.MAX_VALUE && deadline - System.nanoTime() <= 0) {
            out.flushNow();
            return;
        }
        mailbox.awaitWork(deadline);
    }

    private static long bufferTimeoutNanos(Configuration config) {
        return config.get(RuntimeOptions.BUFFER_TIMEOUT_ENABLED)
                ? Math.max(0, config.get(RuntimeOptions.BUFFER_TIMEOUT_INTERVAL).toNanos()) : -1;
    }

    private boolean pollSource() {
        if (sourceAvailable != null && !sourceAvailable.isDone()) {
            return false;
        }
        sourceAvailable = null;
        InputStatus status = OperatorException.call(tdd.vertex().source().name(), () -> reader.pollNext(sourceOutput));
        sourceOutput.publish();
        chain.flush();
        if (latencyIntervalNanos > 0 && System.nanoTime() - nextLatencyMarker >= 0) {
            // After the flush, so the marker queues behind every row the source emitted before it.
            nextLatencyMarker = System.nanoTime() + latencyIntervalNanos;
            forwardLatencyMarker(new LatencyMarker(LatencyHistogram.nowMicros(), tdd.subtaskIndex()));
        }
        return switch (status) {
            case MORE_AVAILABLE -> true;
            case NOTHING_AVAILABLE -> awaitSourceAvailable();
            case END_OF_INPUT -> {
                // A bounded source's end completes event time, so pending windows can fire.
                chain.processWatermark(Watermark.MAX);
                chain.endInput(0);
                endOfAllInputs();
                yield true;
            }
        };
    }

    /** Returns whether the source can be polled again at once; else the mailbox wakes up when it can. */
    private boolean awaitSourceAvailable() {
        CompletableFuture<Void> available = reader.isAvailable();
        if (available.isDone()) {
            return true;
        }
        sourceAvailable = available;
        available.whenComplete((v, e) -> mailbox.wakeUp());
        return false;
    }

    private boolean pollInput() {
        InputGate.InputElement next = gate.pollNext();
        if (next == null) {
            return false;
        }
        int channel = next.channelIndex();
        StreamElement element = next.element();
        // StreamElement is sealed; pattern matching for switch needs Java 21, so instanceof it is.
        if (element instanceof RowBatch batch) {
            chain.processBatch(batch, inputOfChannel[channel]);
        } else if (element instanceof Watermark watermark) {
            advanceWatermark(watermarks.update(channel, watermark.timestamp()));
        } else if (element instanceof WatermarkStatus status) {
            boolean wasIdle = watermarks.isIdle();
            long watermark = watermarks.updateStatus(channel, status);
            // Active before the watermark it allows, idle after the one it released (as Flink orders them).
            if (wasIdle && !watermarks.isIdle()) {
                chain.emitWatermarkStatus(WatermarkStatus.ACTIVE);
            }
            advanceWatermark(watermark);
            if (!wasIdle && watermarks.isIdle()) {
                chain.emitWatermarkStatus(WatermarkStatus.IDLE);
            }
        } else if (element instanceof CheckpointBarrier barrier) {
            aligner.barrierReceived(channel, barrier);
        } else if (element instanceof LatencyMarker marker) {
            forwardLatencyMarker(marker);
        } else if (element instanceof EndOfInput end) {
            // A snapshot the end completes must not see the end's effects (endInput, finish).
            aligner.channelEnded(channel);
            channelEnded(channel, end.stopped());
        }
        return true;
    }

    /**
     * Latency markers pass the chain's operators by: a sink vertex records the marker's travel
     * time, any other sends it on to one random consumer of each edge.
     */
    private void forwardLatencyMarker(LatencyMarker marker) {
        LatencyHistogram latency = sinkLatency;
        if (latency != null) {
            latency.recordMicros(LatencyHistogram.nowMicros() - marker.markedTimeMicros());
        }
        NetworkOutput out = networkOutput;
        if (out != null) {
            out.emitLatencyMarker(marker);
        }
    }

    private void advanceWatermark(long watermark) {
        if (watermark != WatermarkTracker.NO_CHANGE) {
            chain.processWatermark(new Watermark(watermark));
        }
    }

    private void channelEnded(int channel, boolean channelStopped) {
        if (channelStopped) {
            // The channel pauses where the savepoint took it: it keeps holding event time back.
            stopped = true;
        } else {
            boolean wasIdle = watermarks.isIdle();
            advanceWatermark(watermarks.channelEnded(channel));
            if (!wasIdle && watermarks.isIdle()) {
                // The active channel ended and the others are idle: so is this task, until they resume.
                chain.emitWatermarkStatus(WatermarkStatus.IDLE);
            }
        }
        int input = inputOfChannel[channel];
        if (--openChannelsPerInput[input] == 0 && !stopped) {
            chain.endInput(input);
        }
        if (--openChannels == 0) {
            endOfAllInputs();
        }
    }

    /**
     * Finishes the chain and tells the consumers. A task stopped without drain does not finish
     * its operators (what they hold is in the savepoint) and tells its consumers so.
     */
    private void endOfAllInputs() {
        if (chain != null && !stopped) {
            chain.finish();
        }
        NetworkOutput out = networkOutput;
        if (out != null) {
            out.broadcastEvent(stopped ? EndOfInput.STOPPED : EndOfInput.INSTANCE);
        }
        ended = true;
    }

    /**
     * Whether this task, stopped without drain, still waits to learn whether the savepoint it
     * stopped at completed: like Flink's synchronous savepoint, its operators are told (sinks
     * commit what the savepoint holds) before the task ends. An aborted savepoint ends the wait.
     */
    private boolean awaitsStopSavepoint() {
        return stopped && lastSnapshot > lastNotified;
    }

    private void closeReader() throws Exception {
        if (reader != null) {
            SourceReader r = reader;
            reader = null;
            r.close();
        }
    }

    private void cleanUpAfterFailure(Throwable failure) {
        NetworkOutput out = networkOutput;
        if (out != null) {
            out.release();
        }
        try {
            if (chain != null) {
                chain.close();
            }
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
        try {
            closeReader();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
        checkpointing.abortUploads("the task ended without finishing");
        checkpointing.awaitPendingSnapshots();
        try {
            closeStateResources();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    /** Closes every state backend, after the operators that used them; rethrows the first failure. */
    private void closeStateResources() throws Exception {
        Exception first = null;
        for (AutoCloseable resource : stateResources) {
            try {
                resource.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        stateResources.clear();
        if (first != null) {
            throw first;
        }
    }

    /** The {@link ResultSender} of this task's operators: waits for the JobManager to accept. */
    private void sendResults(List<Row> rows, long firstOffset) throws InterruptedException {
        CompletableFuture<Void> accepted = resultDeliverer.deliver(tdd.attemptId(), rows, firstOffset);
        // Waiting for the client to make room for results is back-pressure, as a full channel is.
        boolean waits = !accepted.isDone();
        if (waits) {
            times.backPressured().start(System.nanoTime());
        }
        try {
            CompletableFuture.anyOf(accepted, cancelled).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("Could not deliver results to the client: " + e.getCause().getMessage(), e.getCause());
        } finally {
            if (waits) {
                times.backPressured().stop(System.nanoTime());
            }
        }
        if (!accepted.isDone()) {
            throw new CancelTaskException();
        }
        accepted.join();
    }
}
