package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.checkpoint.VersionedBytes;


/**
 * A file of a filesystem source and how far it has been read: the byte offset where the next
 * line starts and the number of lines before it (for error messages). A file not started yet
 * is a split at 0. The partition values are not stored: they follow from the file's directory.
 *
 * <p>Checkpointed as {@link #toBytes()}: a version byte, the path (UTF), the offset and the line.
 */
record FileSplit(String path, long offset, long lineNumber) {
    private static final byte VERSION = 1;

    byte[] toBytes() {
        return VersionedBytes.write(VERSION, out -> {
            out.writeUTF(path);
            out.writeLong(offset);
            out.writeLong(lineNumber);
        });
    }

    /** The split {@link #toBytes()} wrote; fails on bytes of an unknown version. */
    static FileSplit fromBytes(byte[] bytes) {
        return VersionedBytes.read(bytes, VERSION, "a file split",
                in -> new FileSplit(in.readUTF(), in.readLong(), in.readLong()));
    }
}
