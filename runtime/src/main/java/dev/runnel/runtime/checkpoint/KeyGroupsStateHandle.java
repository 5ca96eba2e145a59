package dev.runnel.runtime.checkpoint;

/**
 * A full snapshot in one file, key group after key group: {@code keyGroupOffsets[i]} is where
 * key group {@code keyGroupStart + i} begins in {@code data}, so a restore reads only the key
 * groups it owns. The heap backend writes these, and RocksDB writes them for savepoints (which
 * must not depend on files of other checkpoints).
 */
public record KeyGroupsStateHandle(int keyGroupStart, int keyGroupEnd, StreamStateHandle data, long[] keyGroupOffsets)
        implements KeyedStateHandle {

    @Override
    public long stateSize() {
        return data.size();
    }

    @Override
    public long checkpointedSize() {
        return data.size();
    }
}
