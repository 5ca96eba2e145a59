package dev.runnel.runtime.checkpoint;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.runnel.runtime.fs.FileLocation;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Map;

/**
 * The {@code _metadata} file of a completed checkpoint or savepoint, as JSON: everything needed
 * to restore a job from it. State handles point at the files the tasks wrote; operator list
 * entries are inline (base64).
 *
 * @param operators by operator id (see {@link OperatorIds})
 */
public record CheckpointMetadata(String jobId, long checkpointId, long timestamp, boolean savepoint,
                                 Map<String, OperatorState> operators) {

    public static final String FILE_NAME = "_metadata";

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One operator's part of the checkpoint.
     *
     * @param name the operator's readable name, for errors
     * @param descriptor what the operator was (vertex name, operator class and name): a restore
     *                   maps the state only onto an operator with the same descriptor
     * @param subtasks the state of each subtask, by subtask index
     * @param coordinatorState a source's split enumerator's state (see
     *     {@link dev.runnel.runtime.source.SplitEnumerator#snapshotState}), or {@code null}
     */
    public record OperatorState(String name, int parallelism, int maxParallelism, String descriptor,
                                List<OperatorSubtaskState> subtasks, byte[] coordinatorState) {
        public OperatorState {
            subtasks = List.copyOf(subtasks);
        }

        /** An operator without a coordinator's state. */
        public OperatorState(String name, int parallelism, int maxParallelism, String descriptor,
                             List<OperatorSubtaskState> subtasks) {
            this(name, parallelism, maxParallelism, descriptor, subtasks, null);
        }

        /** Whether every subtask had finished: the operator is restored as finished. */
        public boolean fullyFinished() {
            return !subtasks.isEmpty() && subtasks.stream().allMatch(OperatorSubtaskState::finished);
        }
    }

    public CheckpointMetadata {
        operators = Map.copyOf(operators);
    }

    public long stateSize() {
        return subtaskStates().mapToLong(OperatorSubtaskState::stateSize).sum();
    }

    public long checkpointedSize() {
        return subtaskStates().mapToLong(OperatorSubtaskState::checkpointedSize).sum();
    }

    /** Every shared file the checkpoint's keyed state uses. */
    public List<StreamStateHandle> sharedStateFiles() {
        return subtaskStates().flatMap(s -> s.keyed().stream()).flatMap(h -> h.sharedStateFiles().stream()).toList();
    }

    private java.util.stream.Stream<OperatorSubtaskState> subtaskStates() {
        return operators.values().stream().flatMap(o -> o.subtasks().stream());
    }

    /** Writes this as {@code location}'s {@code _metadata}, atomically. */
    public void write(CheckpointLocation location) throws IOException {
        URI file = location.metadataFile();
        FileSystems.forUri(file).writeAtomically(file, JSON.writeValueAsBytes(this));
    }

    /**
     * Reads the metadata of the checkpoint or savepoint at {@code path} (as
     * {@code execution.savepoint.path} names it, see {@link FileLocation}): its directory or its
     * {@code _metadata} file.
     *
     * @throws IllegalArgumentException when there is no readable metadata there (the message names the path)
     */
    public static CheckpointMetadata read(String path) {
        URI file = metadataFile(path);
        FileSystem storage = FileSystems.forUri(file);
        try (InputStream in = storage.open(file)) {
            return JSON.readValue(in, CheckpointMetadata.class);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new IllegalArgumentException("No savepoint or checkpoint at '" + path + "': " + FileLocation.of(file)
                    + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read the savepoint or checkpoint metadata " + FileLocation.of(file)
                    + ": " + e.getMessage(), e);
        }
    }

    /** The directory of the checkpoint whose metadata is at {@code path} (a directory or its {@code _metadata}). */
    public static FileLocation directoryOf(String path) {
        URI file = metadataFile(path);
        return FileLocation.of(file.resolve("."));
    }

    private static URI metadataFile(String path) {
        FileLocation location = FileLocation.ofOption(CheckpointOptions.SAVEPOINT_PATH.key(), path);
        return location.uri().getPath().endsWith("/" + FILE_NAME) ? location.uri()
                : location.directoryUri().resolve(FILE_NAME);
    }
}
