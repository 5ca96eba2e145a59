package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.fs.FileSystems;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The uploaded pieces of log files: the segments of a {@link RocksDbChangelog} (and RocksDB's
 * write-ahead log files in checkpoints of earlier versions). A log file only grows, so each
 * checkpoint uploads the bytes it has beyond what the base checkpoint uploaded of it, as a
 * shared file named {@code <log file>@<offset>} (the offset in 20 digits); a restore appends a
 * log's chunks in order of offset. Where the checkpoint storage is on the RocksDB directory's
 * file system, each checkpoint instead hard-links the whole log as its chunk at offset 0, noted at
 * the length it had at the barrier; RocksDB goes on appending to the file, so a restore reads a
 * chunk only up to its noted size.
 */
final class LogChunks {
    private static final char SEPARATOR = '@';

    private LogChunks() {
    }

    /** The name of the chunk of {@code logFile} that starts at {@code offset}. */
    static String name(String logFile, long offset) {
        return logFile + SEPARATOR + String.format("%020d", offset);
    }

    static boolean isChunk(String name) {
        return name.indexOf(SEPARATOR) > 0;
    }

    /**
     * The chunks of {@code logFile} among {@code files} that cover it from offset 0 without a gap
     * and within {@code length} bytes, by offset: what a snapshot of the file at that length can
     * share.
     */
    static List<Map.Entry<Long, StreamStateHandle>> reusable(Map<String, StreamStateHandle> files, String logFile,
                                                             long length) {
        List<Map.Entry<Long, StreamStateHandle>> chunks = new ArrayList<>();
        long covered = 0;
        for (Map.Entry<Long, StreamStateHandle> chunk : chunksOf(files, logFile).entrySet()) {
            long end = covered + chunk.getValue().size();
            if (chunk.getKey() != covered || end > length) {
                break;
            }
            chunks.add(chunk);
            covered = end;
        }
        return chunks;
    }

    private static TreeMap<Long, StreamStateHandle> chunksOf(Map<String, StreamStateHandle> files, String logFile) {
        TreeMap<Long, StreamStateHandle> chunks = new TreeMap<>();
        String prefix = logFile + SEPARATOR;
        files.forEach((name, handle) -> {
            if (name.startsWith(prefix)) {
                chunks.put(Long.parseLong(name.substring(prefix.length())), handle);
            }
        });
        return chunks;
    }

    /**
     * Writes every log file that {@code files} holds chunks of, its chunks appended by offset:
     * RocksDB's (checkpoints of earlier versions) into {@code dir}, the segments of the
     * backend's {@link RocksDbChangelog} into {@code changelogDir}.
     */
    static void assemble(Map<String, StreamStateHandle> files, Path dir, Path changelogDir) throws IOException {
        Set<String> logs = new TreeSet<>();
        for (String name : files.keySet()) {
            if (isChunk(name)) {
                logs.add(name.substring(0, name.indexOf(SEPARATOR)));
            }
        }
        for (String log : logs) {
            long covered = 0;
            Path target = RocksDbChangelog.isSegment(log) ? Files.createDirectories(changelogDir) : dir;
            try (OutputStream out = Files.newOutputStream(target.resolve(log))) {
                for (Map.Entry<Long, StreamStateHandle> chunk : chunksOf(files, log).entrySet()) {
                    if (chunk.getKey() != covered) {
                        throw new IOException("The snapshot holds log file " + log + " from byte " + chunk.getKey()
                                + " (" + chunk.getValue().uri() + ") but not from byte " + covered);
                    }
                    covered += copy(chunk.getValue(), out);
                }
            }
        }
    }

    /**
     * Appends the first {@code size()} bytes of a snapshot's file to {@code out}: a file that is a
     * hard link to a log (or MANIFEST) that RocksDB kept writing holds more than the snapshot took.
     */
    static long copy(StreamStateHandle chunk, OutputStream out) throws IOException {
        byte[] buffer = new byte[64 << 10];
        long left = chunk.size();
        try (InputStream in = FileSystems.forUri(chunk.uri()).open(chunk.uri())) {
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new IOException(chunk.uri() + " ends " + left + " bytes before the "
                            + chunk.size() + " that the snapshot holds");
                }
                out.write(buffer, 0, n);
                left -= n;
            }
        }
        return chunk.size();
    }
}
