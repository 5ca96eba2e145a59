package dev.runnel.runtime.checkpoint;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The byte format of small operator-state entries (a split, a sink's pending files): a version
 * byte, then what the owner writes with a {@link DataOutputStream}. Reading refuses other
 * versions with a message that names the state, so an incompatible savepoint fails clearly.
 */
public final class VersionedBytes {
    private VersionedBytes() {
    }

    /** Writes the entry's body after the version byte. */
    @FunctionalInterface
    public interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** Reads the entry's body after the version byte. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    public static byte[] write(byte version, Body body) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(version);
            body.write(out);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads what {@link #write} wrote with {@code version}.
     *
     * @param what names the state in errors, e.g. "a file split"
     */
    public static <T> T read(byte[] bytes, byte version, String what, Reader<T> reader) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            byte found = in.readByte();
            if (found != version) {
                throw new IllegalStateException("Cannot restore " + what + " of version " + found
                        + "; this version of Runnel reads version " + version);
            }
            return reader.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot restore " + what + ": " + e.getMessage(), e);
        }
    }
}
