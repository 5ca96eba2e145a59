package dev.runnel.runtime.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.io.Serializable;
import java.util.List;

/**
 * The snapshot of one keyed state backend (one operator subtask): the state of the key groups
 * {@code [keyGroupStart, keyGroupEnd)}. On restore, possibly with another parallelism, each new
 * subtask receives every handle whose range intersects its own and keeps only its key groups.
 * Handles are written into the checkpoint's {@code _metadata} as JSON.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = KeyGroupsStateHandle.class, name = "full"),
        @JsonSubTypes.Type(value = IncrementalKeyedStateHandle.class, name = "incremental")})
public interface KeyedStateHandle extends Serializable {
    int keyGroupStart();

    int keyGroupEnd();

    /** The bytes a restore reads: the whole state. */
    @JsonIgnore
    long stateSize();

    /** The bytes this checkpoint wrote anew (smaller than {@link #stateSize} when incremental). */
    @JsonIgnore
    long checkpointedSize();

    /** Files that other checkpoints may share; the coordinator counts their references. */
    @JsonIgnore
    default List<StreamStateHandle> sharedStateFiles() {
        return List.of();
    }

    default boolean intersects(int start, int end) {
        return keyGroupStart() < end && start < keyGroupEnd();
    }
}
