package dev.runnel.runtime.state.rocksdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * The backend's own log of its writes, kept in place of RocksDB's write-ahead log while a job
 * takes incremental checkpoints (RocksDB writes with its log off). A checkpoint holds the live
 * SST files and the part of this log that they may lack; a restore opens the SST files and
 * replays that part ({@link #replay}).
 *
 * <p>Why not RocksDB's log: the {@code librocksdbjni} on Maven Central is a portable build
 * without the SSE 4.2 instruction for CRC32C, so its log checksums every byte in software, the
 * costliest part of a checkpointed stateful query's write path. Here a block of records is
 * checksummed with {@link CRC32C}, which the JVM computes with that instruction.
 *
 * <p>Layout: segment files named {@code changelog-<position>} (20 digits), each a sequence of
 * blocks {@code [payload length: int][CRC32C of the payload: int][payload]}; a payload is a
 * sequence of records {@code [kind: byte][column family id: varint][key length: varint][key]
 * ([value length: varint][value])}. A <em>position</em> counts bytes from the start of the log
 * over all segments (a segment's name is the position of its first byte); a record's position is
 * where its kind byte is. Positions go on across restores (the log of a restored backend starts
 * where the restored one ended), so they only grow.
 *
 * <p>Replaying puts and deletes that the SST files already hold again, in order, changes nothing.
 * Merges (list appends) must not be applied twice: every write batch with a merge also puts the
 * log position after it under {@link #MARKER} in the merge's column family, in the same batch, so
 * a column family's SST files say up to where its writes are in them; a replay skips a column
 * family's records before its marker.
 *
 * <p>Threads: the task's thread appends, hands full blocks to a writer thread of the log's own and
 * deletes; snapshot threads read only files that {@link #segmentsFrom} listed once written
 * ({@link #awaitWrites}) and that are not deleted while a snapshot needs them.
 */
final class RocksDbChangelog implements AutoCloseable {
    static final String PREFIX = "changelog-";
    static final byte PUT = 1;
    static final byte MERGE = 2;
    static final byte DELETE = 3;
    /**
     * The key of a column family's marker: state keys start with their key group (below 32768),
     * so no state key sorts at or after it, and key-group range deletions stop before it.
     */
    static final byte[] MARKER = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
    private static final int HEADER = 8;
    private static final int BLOCK_BYTES = 256 << 10;
    private static final int BLOCKS = 4;

    /** A segment file and its length in bytes so far. */
    record Segment(Path file, long start, long length) {
        long end() {
            return start + length;
        }
    }

    private final Path dir;
    /** A segment file grows to about this size before the next one starts. */
    private final long segmentBytes;
    /** Segments by start (lengths as written once the pending writes are done), the last one open for appending. */
    private final TreeMap<Long, Segment> segments = new TreeMap<>();
    private FileChannel out;
    /** The position of the block being filled: the end of what the segment files hold. */
    private long blockStart;
    /** The block being filled, from offset {@link #HEADER}; {@code length} bytes of it are used. */
    private byte[] block = new byte[BLOCK_BYTES + 1024];
    private int length = HEADER;
    private final CRC32C crc = new CRC32C();
    /**
     * Writes full blocks into the segment files, in order, so that the task's thread only copies
     * records into memory; at most {@link #BLOCKS} blocks are in flight (the task waits for one).
     */
    private final ExecutorService writer;
    private final ArrayBlockingQueue<byte[]> freeBlocks = new ArrayBlockingQueue<>(BLOCKS);
    private Future<?> lastWrite = CompletableFuture.completedFuture(null);
    /** The first write that failed: every later call on the task's thread reports it. */
    private volatile IOException failure;

    /**
     * A log in {@code dir} that goes on from the segments there (a restored log, which
     * {@link #read} replayed), or starts at position {@code start} when there are none.
     */
    RocksDbChangelog(Path dir, long start, long segmentBytes, String operatorName) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.segmentBytes = segmentBytes;
        this.writer = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "runnel-changelog-" + operatorName);
            thread.setDaemon(true);
            return thread;
        });
        for (int i = 1; i < BLOCKS; i++) {
            freeBlocks.add(new byte[block.length]);
        }
        long end = start;
        for (Map.Entry<Long, Path> file : segmentFiles(dir).entrySet()) {
            Segment restored = new Segment(file.getValue(), file.getKey(), Files.size(file.getValue()));
            segments.put(restored.start(), restored);
            end = restored.end();
        }
        this.blockStart = end;
        openSegment();
    }

    /** The first position the segments hold. */
    long firstPosition() {
        return segments.firstKey();
    }

    private void openSegment() throws IOException {
        Path file = dir.resolve(name(blockStart));
        out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        segments.put(blockStart, new Segment(file, blockStart, 0));
    }

    static String name(long start) {
        return PREFIX + String.format("%020d", start);
    }

    static boolean isSegment(String name) {
        return name.startsWith(PREFIX);
    }

    /** The position the next record gets: everything appended so far is before it. */
    long position() {
        return blockStart + length;
    }

    /** Appends one write; {@code value} is ignored for a delete. */
    void append(byte kind, int columnFamily, byte[] key, int keyLength, byte[] value, int valueLength) {
        int needed = 1 + 5 + 5 + keyLength + (kind == DELETE ? 0 : 5 + valueLength);
        if (length + needed > block.length) {
            if (length > HEADER) {
                writeBlock();
            }
            if (HEADER + needed > block.length) {
                block = new byte[HEADER + needed];
            }
        }
        byte[] b = block;
        int at = length;
        b[at++] = kind;
        at = writeVarInt(b, at, columnFamily);
        at = writeVarInt(b, at, keyLength);
        System.arraycopy(key, 0, b, at, keyLength);
        at += keyLength;
        if (kind != DELETE) {
            at = writeVarInt(b, at, valueLength);
            System.arraycopy(value, 0, b, at, valueLength);
            at += valueLength;
        }
        length = at;
        if (length >= BLOCK_BYTES) {
            writeBlock();
        }
    }

    private static int writeVarInt(byte[] b, int at, int v) {
        while ((v & ~0x7F) != 0) {
            b[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[at++] = (byte) v;
        return at;
    }

    /**
     * Hands the records appended so far to the writer, which writes them into the segment file
     * (no sync: a checkpoint links or copies the file); {@link #awaitWrites} waits for it.
     */
    void writeBlock() {
        if (length == HEADER) {
            return;
        }
        int payload = length - HEADER;
        crc.reset();
        crc.update(block, HEADER, payload);
        ByteBuffer.wrap(block).putInt(0, payload).putInt(4, (int) crc.getValue());
        byte[] full = block;
        int fullLength = length;
        FileChannel channel = out;
        Segment current = segments.lastEntry().getValue();
        Segment grown = new Segment(current.file(), current.start(), current.length() + fullLength);
        segments.put(current.start(), grown);
        boolean last = grown.length() >= segmentBytes;
        checkWrites();
        lastWrite = writer.submit(() -> {
            try {
                ByteBuffer buffer = ByteBuffer.wrap(full, 0, fullLength);
                while (failure == null && buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (last) {
                    channel.close();
                }
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                }
            } finally {
                freeBlocks.add(full);
            }
        });
        blockStart += fullLength;
        length = HEADER;
        try {
            block = freeBlocks.take();
            if (last) {
                openSegment();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while writing the state changelog in " + dir, e);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start a segment of the state changelog in " + dir, e);
        }
    }

    /** Waits until the segment files hold every block handed to the writer. */
    void awaitWrites() {
        try {
            lastWrite.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while writing the state changelog in " + dir, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Could not write the state changelog in " + dir, e.getCause());
        }
        checkWrites();
    }

    private void checkWrites() {
        IOException failed = failure;
        if (failed != null) {
            throw new UncheckedIOException("Could not write the state changelog in " + dir + ": " + failed.getMessage(),
                    failed);
        }
    }

    /**
     * The segments that hold positions from {@code from} on, at their lengths now: call after
     * {@link #writeBlock} and {@link #awaitWrites}, so that they hold everything appended.
     */
    List<Segment> segmentsFrom(long from) {
        List<Segment> list = new ArrayList<>();
        for (Segment segment : segments.values()) {
            if (segment.end() > from && segment.length() > 0) {
                list.add(segment);
            }
        }
        return list;
    }

    /** Bytes of the log from {@code from} to its end. */
    long bytesFrom(long from) {
        return position() - from;
    }

    /** Deletes the segments that end at or before {@code position} (never the one being appended to). */
    void deleteBefore(long position) throws IOException {
        if (segments.size() > 1 && segments.firstEntry().getValue().end() <= position) {
            awaitWrites();
        }
        while (segments.size() > 1) {
            Segment first = segments.firstEntry().getValue();
            if (first.end() > position) {
                return;
            }
            Files.deleteIfExists(first.file());
            segments.remove(first.start());
        }
    }

    /** The number of segment files, for tests. */
    int segmentCount() {
        return segments.size();
    }

    @Override
    public void close() throws IOException {
        writer.shutdown();
        try {
            writer.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.close();
    }

    // ---- replay -----------------------------------------------------------------------------

    /** What a replay does with each record; {@code value} is null for a delete. */
    interface RecordSink {
        void record(byte kind, int columnFamily, long position, byte[] key, byte[] value) throws IOException;
    }

    /**
     * Reads the segment files in {@code dir} in order of position into {@code sink}; returns the
     * position after the last one (0 when there are none). A segment must start where the one
     * before ended, and every block must match its checksum.
     */
    static long read(Path dir, RecordSink sink) throws IOException {
        long end = -1;
        for (Map.Entry<Long, Path> file : segmentFiles(dir).entrySet()) {
            if (end >= 0 && file.getKey() != end) {
                throw new IOException("The state changelog lacks positions " + end + " to " + file.getKey()
                        + " before " + file.getValue());
            }
            end = file.getKey() + readSegment(file.getValue(), file.getKey(), sink);
        }
        return Math.max(end, 0);
    }

    /** The segment files in {@code dir} by start position. */
    private static Map<Long, Path> segmentFiles(Path dir) throws IOException {
        Map<Long, Path> files = new TreeMap<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> list = Files.list(dir)) {
                for (Path file : list.toList()) {
                    String name = file.getFileName().toString();
                    if (isSegment(name)) {
                        files.put(Long.parseLong(name.substring(PREFIX.length())), file);
                    }
                }
            }
        }
        return files;
    }

    private static long readSegment(Path file, long start, RecordSink sink) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        CRC32C crc = new CRC32C();
        ByteBuffer in = ByteBuffer.wrap(bytes);
        int at = 0;
        while (at < bytes.length) {
            if (bytes.length - at < HEADER) {
                throw corrupt(file, at, "a block header cut off");
            }
            int payload = in.getInt(at);
            int expected = in.getInt(at + 4);
            if (payload < 0 || payload > bytes.length - at - HEADER) {
                throw corrupt(file, at, "a block of " + payload + " bytes where " + (bytes.length - at - HEADER) + " are left");
            }
            crc.reset();
            crc.update(bytes, at + HEADER, payload);
            if ((int) crc.getValue() != expected) {
                throw corrupt(file, at, "a block whose checksum does not match");
            }
            int pos = at + HEADER;
            int blockEnd = pos + payload;
            int[] cursor = new int[1];
            while (pos < blockEnd) {
                int recordAt = pos;
                byte kind = bytes[pos++];
                cursor[0] = pos;
                int family = readVarInt(bytes, cursor);
                int keyLength = readVarInt(bytes, cursor);
                byte[] key = Arrays.copyOfRange(bytes, cursor[0], cursor[0] + keyLength);
                pos = cursor[0] + keyLength;
                byte[] value = null;
                if (kind == PUT || kind == MERGE) {
                    cursor[0] = pos;
                    int valueLength = readVarInt(bytes, cursor);
                    value = Arrays.copyOfRange(bytes, cursor[0], cursor[0] + valueLength);
                    pos = cursor[0] + valueLength;
                } else if (kind != DELETE) {
                    throw corrupt(file, recordAt, "a record of unknown kind " + kind);
                }
                if (pos > blockEnd) {
                    throw corrupt(file, recordAt, "a record that runs past its block");
                }
                sink.record(kind, family, start + recordAt, key, value);
            }
            at = blockEnd;
        }
        return bytes.length;
    }

    private static int readVarInt(byte[] b, int[] cursor) {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            byte next = b[cursor[0]++];
            value |= (next & 0x7F) << shift;
            if (next >= 0) {
                return value;
            }
        }
    }

    private static IOException corrupt(Path file, int offset, String what) {
        return new IOException("The state changelog " + file + " holds " + what + " at byte " + offset);
    }

    /** Whether {@code key} is a column family's marker, which iterations over state skip. */
    static boolean isMarker(byte[] key) {
        return Arrays.equals(key, MARKER);
    }

    /** The marker value for {@code position}: 8 bytes, big-endian. */
    static byte[] markerValue(long position) {
        return ByteBuffer.allocate(8).putLong(position).array();
    }

    static long markerPosition(byte[] value) {
        return value == null ? 0 : ByteBuffer.wrap(value).getLong();
    }
}
