package dev.runnel.runtime.connector.filesystem;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

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
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(VERSION);
            out.writeUTF(path);
            out.writeLong(offset);
            out.writeLong(lineNumber);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The split {@link #toBytes()} wrote; fails on bytes of an unknown version. */
    static FileSplit fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            byte version = in.readByte();
            if (version != VERSION) {
                throw new IllegalStateException("Cannot restore a file split of version " + version
                        + "; this version of Runnel reads version " + VERSION);
            }
            return new FileSplit(in.readUTF(), in.readLong(), in.readLong());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot restore a file split: " + e.getMessage(), e);
        }
    }
}
