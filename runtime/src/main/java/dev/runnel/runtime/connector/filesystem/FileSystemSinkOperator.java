package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Writes rows, one line each, into a hidden in-progress file {@code .part-<uuid>-<subtask>-<n>.inprogress}
 * and commits it by renaming it to {@code part-<uuid>-<subtask>-<n>}. Readers of the directory
 * skip in-progress files. Rows other than inserts are written only by a changelog format
 * ({@code debezium-json}). A part file is rolled (closed, and a new one started with the next
 * row) when it reaches the rolling file size or has been open for the rollover interval
 * (checked as rows arrive).
 *
 * <p>Without checkpoints ({@code execution.checkpointing.interval} 0) a rolled file is committed
 * at once, and so are the open files when the input ends and when the operator closes (also on
 * cancellation: what was written is kept).
 *
 * <p>With checkpoints the sink is exactly-once, like Flink's file sink: a checkpoint's
 * {@link #snapshotState} rolls the open files and records them, with those rolled since the last
 * checkpoint, as pending for that checkpoint in the operator state; when a checkpoint completes,
 * the pending files of it and of every earlier checkpoint are committed (a rename that is
 * harmless to repeat). A restored sink first commits the pending files it restored (they belong
 * to the completed checkpoint it restores) and deletes the in-progress files that the subtask
 * it takes over left after that checkpoint, whose rows the sources replay. When a bounded input
 * ends, everything is committed at once (Flink commits at a final checkpoint instead); a failed
 * or cancelled sink commits nothing more and deletes its files not in a checkpoint.
 *
 * <p>A partitioned table's rows go into the directory of their partition ({@link Partitioning}),
 * one open part file per partition, without their partition columns. With a partition commit
 * policy ({@code success-file}) the success file is written into the partitions written when
 * the input ends ({@link PartitionCommitter}), and, with checkpoints, when a completed
 * checkpoint made a partition's files visible and its {@link PartitionCommitTrigger} says it
 * is complete. A cancelled job commits no partition.
 */
final class FileSystemSinkOperator extends AbstractOperator {
    /** The name of the split list in the operator state: one {@link FileSinkState} per subtask. */
    static final String STATE = "filesystem-sink";

    private final String tableName;
    private final Path directory;
    private final String format;
    private final Configuration formatOptions;
    private final Partitioning partitioning;
    private final PartitionCommitter committer;
    private final PartitionCommitTrigger trigger;
    private final long rollingFileSize;
    private final long rolloverIntervalMillis;
    private final LongSupplier clock;
    private String uuid;
    /** Open part files by partition path ("" when unpartitioned), in the order they were opened. */
    private final Map<String, Part> open = new LinkedHashMap<>();
    /** Closed parts waiting for the next checkpoint (with checkpoints only). */
    private final List<Part> rolled = new ArrayList<>();
    /** In-progress files (relative to the directory) waiting for a checkpoint to complete, by checkpoint. */
    private final TreeMap<Long, List<String>> pending = new TreeMap<>();
    private final Set<String> written = new LinkedHashSet<>();
    /** Partitions whose commit is due, with the processing time of their first row since their last commit. */
    private final Map<String, Long> waiting = new LinkedHashMap<>();
    /** Partitions among {@link #waiting} whose files were committed. */
    private final Set<String> visible = new LinkedHashSet<>();
    /** This attempt's staging id for the end-of-input partition commit ({@code null} without one). */
    private String staging;
    /** The staging ids of the earlier attempts this subtask's restored state descends from. */
    private final Set<String> inherited = new LinkedHashSet<>();
    private List<byte[]> state;
    private boolean exactlyOnce;
    private long watermark = Long.MIN_VALUE;
    private RowSerializer serializer;
    private Set<RowKind> accepted;
    private int subtask;
    private int parallelism;
    private int partCounter;
    private long rowsWritten;

    FileSystemSinkOperator(String tableName, String path, String format, Configuration formatOptions,
                           Partitioning partitioning, PartitionCommitter committer, PartitionCommitTrigger trigger,
                           long rollingFileSize, long rolloverIntervalMillis, LongSupplier clock) {
        this.tableName = tableName;
        this.directory = Path.of(path).toAbsolutePath().normalize();
        this.format = format;
        this.formatOptions = formatOptions;
        this.partitioning = partitioning;
        this.committer = committer;
        this.trigger = partitioning.isPartitioned() ? trigger : null;
        this.rollingFileSize = rollingFileSize;
        this.rolloverIntervalMillis = rolloverIntervalMillis;
        this.clock = clock;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        subtask = context.subtaskIndex();
        parallelism = context.parallelism();
        staging = committer == null ? null : committer.stagingId(context.attempt());
        FormatFactory factory = Formats.factory(format, "format");
        serializer = factory.createSerializer(partitioning.dataType(), formatOptions);
        accepted = factory.changelogMode();
        Files.createDirectories(directory);
        exactlyOnce = !context.configuration().get(CheckpointOptions.INTERVAL).isZero();
        OperatorStateStore store = context.operatorStateStore();
        state = store.splitList(STATE);
        if (store.isRestored()) {
            restore(state.stream().map(FileSinkState::fromBytes).toList());
        }
        if (uuid == null) {
            uuid = UUID.randomUUID().toString();
        }
    }

    /**
     * Commits the restored pending files and deletes what the restored subtasks left in progress
     * after their checkpoint, both in the directory they wrote to: a job resumed from a savepoint
     * may write to another path (as in Flink, the sink's options are not part of its state's
     * identity), and the savepoint's files still belong where they were written. Continues the
     * part numbers and partition bookkeeping of the subtask with this index, if this subtask took
     * its state over in the same directory (no other subtask then deletes files of that prefix).
     */
    private void restore(List<FileSinkState> restored) throws IOException {
        for (FileSinkState s : restored) {
            Path restoredDirectory = Path.of(s.directory());
            for (List<String> files : s.pending().values()) {
                commitFiles(restoredDirectory, files);
            }
            if (restoredDirectory.equals(directory)) {
                written.addAll(s.written());
                s.uncommittedPartitions().forEach((p, since) -> waiting.merge(p, since, Math::min));
                visible.addAll(s.visiblePartitions());
                s.stagings().stream().filter(id -> !id.equals(staging)).forEach(inherited::add);
            }
        }
        for (FileSinkState s : restored) {
            Path restoredDirectory = Path.of(s.directory());
            deleteInProgress(restoredDirectory, ".part-" + s.uuid() + "-" + s.subtask() + "-");
            if (s.subtask() == subtask && restoredDirectory.equals(directory)) {
                uuid = s.uuid();
                partCounter = s.nextPart();
            }
        }
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws IOException {
        for (Row row : batch) {
            if (!accepted.contains(row.kind())) {
                // the planner refuses such queries; this guards against a plan that slipped through
                throw new RecordException("The filesystem sink of table " + tableName + " with format '" + format
                        + "' writes only inserts (+I), but got " + row);
            }
            byte[] bytes;
            try {
                bytes = serializer.serializeToBytes(partitioning.dataRow(row));
            } catch (FormatException e) {
                throw new RecordException("Cannot write row " + row + " to table " + tableName + ": " + e.getMessage(), e);
            }
            if (bytes == null) {
                // the raw format writes NULL as a record without value, which a line cannot tell from ''
                throw new RecordException("Cannot write row " + row + " to table " + tableName + ": format '" + format
                        + "' writes it as a record without value, which a line of a file cannot hold");
            }
            String partition = partitioning.path(row);
            Part part = open.get(partition);
            if (part == null) {
                part = openPart(partition);
            }
            part.write(bytes);
            rowsWritten++;
            if (part.size >= rollingFileSize) {
                roll(partition, !exactlyOnce);
            }
        }
        long now = clock.getAsLong();
        for (Part part : List.copyOf(open.values())) {
            if (now - part.openedAt >= rolloverIntervalMillis) {
                roll(part.partition, !exactlyOnce);
            }
        }
    }

    private Part openPart(String partition) throws IOException {
        Path dir = partition.isEmpty() ? directory : directory.resolve(partition);
        Files.createDirectories(dir);
        String name;
        do {
            // a restored name prefix: never reuse the name of a file a later run committed
            name = "part-" + uuid + "-" + subtask + "-" + partCounter++;
        } while (Files.exists(dir.resolve(name)));
        long now = clock.getAsLong();
        Part part = new Part(partition, dir.resolve("." + name + ".inprogress"), now);
        open.put(partition, part);
        written.add(partition);
        if (trigger != null) {
            waiting.putIfAbsent(partition, now);
        }
        return part;
    }

    /** Closes the open part of {@code partition} and commits it now or keeps it for the next checkpoint. */
    private void roll(String partition, boolean commitNow) throws IOException {
        Part part = open.remove(partition);
        if (part == null) {
            return;
        }
        part.out.close();
        if (commitNow) {
            commit(part.inProgress);
        } else {
            rolled.add(part);
        }
    }

    private void rollAll(boolean commitNow) throws IOException {
        for (String partition : List.copyOf(open.keySet())) {
            roll(partition, commitNow);
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        watermark = Math.max(watermark, mark.timestamp());
        super.processWatermark(mark);
    }

    /** Rolls the open files and records them, with the ones rolled before, as pending for {@code checkpointId}. */
    @Override
    public void snapshotState(long checkpointId) throws IOException {
        rollAll(false); // also for a savepoint of a job without checkpoints
        if (!rolled.isEmpty()) {
            List<String> files = pending.computeIfAbsent(checkpointId, id -> new ArrayList<>());
            rolled.forEach(part -> files.add(directory.relativize(part.inProgress).toString()));
            rolled.clear();
        }
        state.clear();
        TreeMap<Long, List<String>> pendingCopy = new TreeMap<>();
        pending.forEach((id, files) -> pendingCopy.put(id, List.copyOf(files)));
        state.add(new FileSinkState(directory.toString(), uuid, subtask, partCounter, pendingCopy, List.copyOf(written),
                new LinkedHashMap<>(waiting), List.copyOf(visible), stagings()).toBytes());
    }

    /** Commits the pending files of {@code checkpointId} and every checkpoint before, then the complete partitions. */
    @Override
    public void notifyCheckpointComplete(long checkpointId) throws IOException {
        var done = pending.headMap(checkpointId, true);
        for (List<String> files : done.values()) {
            commitFiles(directory, files);
        }
        done.clear();
        commitCompletePartitions();
    }

    /** Commits {@code files}, relative to {@code base}; partitions count as visible only in this sink's directory. */
    private void commitFiles(Path base, List<String> files) throws IOException {
        for (String file : files) {
            Path inProgress = base.resolve(file);
            commit(inProgress);
            if (trigger != null && base.equals(directory)) {
                visible.add(inProgress.getParent().equals(directory) ? ""
                        : directory.relativize(inProgress.getParent()).toString());
            }
        }
    }

    /** Renames an in-progress file to its committed name; already committed is fine, neither file is an error. */
    private void commit(Path inProgress) throws IOException {
        String name = inProgress.getFileName().toString();
        Path target = inProgress.resolveSibling(name.substring(1, name.length() - ".inprogress".length()));
        try {
            Files.move(inProgress, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            if (!Files.exists(target)) {
                throw new IllegalStateException("Cannot commit part file " + target + " of table " + tableName
                        + ": neither it nor its in-progress file " + inProgress + " exists (was the directory "
                        + "changed since the checkpoint?)", e);
            }
        }
    }

    /** Writes the success file of every partition whose files are visible and whose trigger fired. */
    private void commitCompletePartitions() throws IOException {
        if (trigger == null || committer == null) {
            return;
        }
        long now = clock.getAsLong();
        for (String partition : List.copyOf(visible)) {
            if (trigger.isComplete(partition, waiting.getOrDefault(partition, now), now, watermark)) {
                committer.writeSuccessFile(directory, partition);
                visible.remove(partition);
                waiting.remove(partition);
                // rows after the checkpoint wait for a commit of their own
                boolean moreRows = open.containsKey(partition)
                        || rolled.stream().anyMatch(p -> p.partition.equals(partition))
                        || pending.values().stream().flatMap(List::stream).anyMatch(f -> f.startsWith(partition + "/"));
                if (moreRows) {
                    waiting.put(partition, now);
                }
            }
        }
    }

    /** Deletes the in-progress files under {@code base} whose names start with {@code prefix}. */
    private void deleteInProgress(Path base, String prefix) throws IOException {
        if (!Files.isDirectory(base)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(base)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith(prefix) && name.endsWith(".inprogress")) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** This attempt's staging id, then the inherited ones: what the next attempt inherits from this state. */
    private List<String> stagings() {
        List<String> ids = new ArrayList<>();
        if (staging != null) {
            ids.add(staging);
        }
        ids.addAll(inherited);
        return ids;
    }

    @Override
    public void finish() throws IOException {
        rollAll(true);
        for (Part part : rolled) {
            commit(part.inProgress);
        }
        rolled.clear();
        for (List<String> files : pending.values()) {
            commitFiles(directory, files);
        }
        pending.clear();
        if (committer != null && partitioning.isPartitioned()) {
            committer.finish(directory, staging, subtask, parallelism, written, inherited);
        }
    }

    /**
     * Without checkpoints, commits the open part files, so that rows written before a
     * cancellation are kept. With checkpoints, deletes the files that no checkpoint holds: the
     * sources replay their rows after a restore.
     */
    @Override
    public void close() throws IOException {
        if (!exactlyOnce) {
            rollAll(true);
            return;
        }
        for (Part part : open.values()) {
            part.out.close();
            rolled.add(part);
        }
        open.clear();
        for (Part part : rolled) {
            Files.deleteIfExists(part.inProgress);
        }
        rolled.clear();
    }

    long rowsWritten() {
        return rowsWritten;
    }

    /** One open part file. */
    private static final class Part {
        final String partition;
        final Path inProgress;
        final long openedAt;
        final OutputStream out;
        long size;

        Part(String partition, Path inProgress, long openedAt) throws IOException {
            this.partition = partition;
            this.inProgress = inProgress;
            this.openedAt = openedAt;
            this.out = new BufferedOutputStream(Files.newOutputStream(inProgress), 64 * 1024);
        }

        void write(byte[] bytes) throws IOException {
            out.write(bytes);
            out.write('\n');
            size += bytes.length + 1;
        }
    }
}
