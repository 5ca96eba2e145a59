package dev.runnel.runtime.highavailability.zookeeper;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.JobResultEntry;
import dev.runnel.runtime.highavailability.LeaderInformation;
import java.io.IOException;
import java.net.URI;
import java.util.UUID;

/**
 * What the ZooKeeper services write into znodes and small files: versioned JSON, one record per
 * kind, so that JobManagers of different versions can tell what they cannot read. Job graphs
 * themselves are files in Java serialization ({@link ZooKeeperJobGraphStore}).
 */
final class StoredForms {
    /** The format version every record here carries; a reader refuses any other. */
    static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private StoredForms() {
    }

    /** Every stored record starts with its format version. */
    interface Versioned {
        int version();
    }

    /** The leader's address, in {@code /leader/connection_info}. */
    record Leader(int version, String sessionId, String rpcAddress, String restAddress) implements Versioned {
        static Leader of(LeaderInformation info) {
            return new Leader(VERSION, info.sessionId().toString(), info.rpcAddress(), info.restAddress());
        }

        LeaderInformation toInformation() {
            return new LeaderInformation(UUID.fromString(sessionId), rpcAddress, restAddress);
        }
    }

    /** A job graph's file, in {@code /jobgraphs/<job-id>}. */
    record JobGraphPointer(int version, String file) implements Versioned {
        URI uri() {
            return URI.create(file);
        }
    }

    /** A completed checkpoint, in {@code /jobs/<job-id>/checkpoints/<id>}. */
    record Checkpoint(int version, String jobId, long checkpointId, long timestamp, String metadataFile) implements Versioned {
        static Checkpoint of(CompletedCheckpoint c) {
            return new Checkpoint(VERSION, c.jobId().value(), c.checkpointId(), c.timestamp(), c.metadataFile().toString());
        }

        CompletedCheckpoint toCheckpoint() {
            return new CompletedCheckpoint(new JobId(jobId), checkpointId, timestamp, URI.create(metadataFile));
        }
    }

    /** A job's end, in {@code <storageDir>/<cluster-id>/job-results/<job-id>.json}. */
    record JobResult(int version, String jobId, String status, long endTime) implements Versioned {
        static JobResult of(JobResultEntry e) {
            return new JobResult(VERSION, e.jobId().value(), e.status().name(), e.endTime());
        }

        JobResultEntry toEntry() {
            return new JobResultEntry(new JobId(jobId), JobStatus.valueOf(status), endTime);
        }
    }

    static byte[] write(Object record) {
        try {
            return JSON.writeValueAsBytes(record);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot write " + record + " as JSON", e);
        }
    }

    /**
     * Reads a {@code type} from {@code bytes}, which {@code where} (a znode or file) held.
     *
     * @throws HighAvailabilityException naming {@code where} when they are not one, or of another version
     */
    static <T extends Versioned> T read(byte[] bytes, Class<T> type, String where) {
        T value;
        try {
            value = JSON.readValue(bytes, type);
        } catch (IOException | RuntimeException e) {
            throw new HighAvailabilityException("Cannot read " + where + ": not a " + type.getSimpleName()
                    + " record (" + e.getMessage() + ")", e);
        }
        if (value.version() != VERSION) {
            throw new HighAvailabilityException("Cannot read " + where + ": it is format version " + value.version()
                    + ", this Runnel reads version " + VERSION);
        }
        return value;
    }
}
