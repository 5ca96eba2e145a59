package dev.runnel.runtime.source;

import java.nio.ByteBuffer;

/**
 * A split of a generating source ({@link PacedGeneratorReader}) and its position: part
 * {@code index} of {@code count} of the rows, of which {@code position} have been emitted, of
 * {@code size} in all ({@link Long#MAX_VALUE} for no end). A split is fixed when the job first
 * starts (subtask {@code s} of {@code p} owns part {@code s} of {@code p}) and keeps its
 * index and count when it moves to another subtask on restore; the generator decides what row
 * {@code n} of a part is (a sequence value, the event number {@code index + n * count}, …).
 *
 * <p>Checkpointed as {@link #toBytes()}: a version byte, then the four numbers.
 */
public record GeneratorSplit(int index, int count, long position, long size) {
    private static final byte VERSION = 1;

    public GeneratorSplit {
        if (index < 0 || index >= count || position < 0 || position > size) {
            throw new IllegalArgumentException("Invalid generator split " + index + " of " + count + " at "
                    + position + " of " + size);
        }
    }

    /** The rows of the split not emitted yet. */
    public long remaining() {
        return size - position;
    }

    /** This split after {@code rows} more rows. */
    public GeneratorSplit advance(long rows) {
        return new GeneratorSplit(index, count, position + rows, size);
    }

    /** A name that identifies the split, for per-split watermarks. */
    public String id() {
        return "split-" + index + "-of-" + count;
    }

    public byte[] toBytes() {
        return ByteBuffer.allocate(1 + 4 + 4 + 8 + 8).put(VERSION).putInt(index).putInt(count).putLong(position)
                .putLong(size).array();
    }

    /** The split {@link #toBytes()} wrote; fails on bytes of an unknown version. */
    public static GeneratorSplit fromBytes(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        byte version = buffer.get();
        if (version != VERSION || bytes.length != 25) {
            throw new IllegalStateException("Cannot restore a generator split of version " + version + " ("
                    + bytes.length + " bytes); this version of Runnel reads version " + VERSION);
        }
        return new GeneratorSplit(buffer.getInt(), buffer.getInt(), buffer.getLong(), buffer.getLong());
    }
}
