package dev.runnel.runtime.state.rocksdb;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The backend's own description of an incremental snapshot, written next to its files as JSON:
 * the key groups it holds, the instance it came from, and its column families with what each
 * holds (state kind and TTL, or timers), which a restore needs to open the instance and to check
 * the states the operator declares against it.
 */
record RocksDbSnapshotMetadata(int keyGroupStart, int keyGroupEnd, String backendId, List<Column> columns) {
    private static final ObjectMapper JSON = new ObjectMapper();

    RocksDbSnapshotMetadata {
        columns = List.copyOf(columns);
    }

    byte[] toJson() {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RocksDbSnapshotMetadata fromJson(byte[] json) throws IOException {
        return JSON.readValue(json, RocksDbSnapshotMetadata.class);
    }
}
