package dev.runnel.runtime.checkpoint;

import java.util.List;
import java.util.Map;

/**
 * An incremental RocksDB snapshot: the instance's files at checkpoint {@code checkpointId}.
 * SST files are immutable and shared with other checkpoints ({@code sharedFiles}, by file name,
 * in the job's {@code shared/} directory); only the files the previous checkpoint of the same
 * backend did not have were uploaded ({@code checkpointedSize}). {@code privateFiles} (MANIFEST,
 * CURRENT, OPTIONS, …) and {@code metaData} (the backend's own description: column families,
 * serializers) belong to this checkpoint alone.
 *
 * @param backendId identifies the RocksDB instance, so that a backend recognises its own files
 */
public record IncrementalKeyedStateHandle(int keyGroupStart, int keyGroupEnd, long checkpointId, String backendId,
                                          Map<String, StreamStateHandle> sharedFiles,
                                          Map<String, StreamStateHandle> privateFiles,
                                          StreamStateHandle metaData, long checkpointedSize)
        implements KeyedStateHandle {

    public IncrementalKeyedStateHandle {
        sharedFiles = Map.copyOf(sharedFiles);
        privateFiles = Map.copyOf(privateFiles);
    }

    @Override
    public long stateSize() {
        long size = metaData.size();
        for (StreamStateHandle file : sharedFiles.values()) {
            size += file.size();
        }
        for (StreamStateHandle file : privateFiles.values()) {
            size += file.size();
        }
        return size;
    }

    @Override
    public List<StreamStateHandle> sharedStateFiles() {
        return List.copyOf(sharedFiles.values());
    }
}
