package dev.runnel.runtime.state.backend;

import java.io.DataOutput;
import java.io.UTFDataFormatException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer written through {@link DataOutput} (big-endian, like
 * {@link java.io.DataOutputStream}), reused across state accesses so that serializing keys
 * allocates nothing once the buffer is large enough. Not thread-safe.
 */
public final class ByteArrayDataOutput implements DataOutput {
    private byte[] buf;
    private int pos;

    public ByteArrayDataOutput(int initialCapacity) {
        this.buf = new byte[Math.max(16, initialCapacity)];
    }

    /** Forgets the content, keeping the buffer. */
    public void clear() {
        pos = 0;
    }

    /** Moves the write position back to {@code position} (to rewrite a suffix). */
    public void truncate(int position) {
        pos = position;
    }

    public int length() {
        return pos;
    }

    /** The backing array; valid up to {@link #length()} until the next write. */
    public byte[] buffer() {
        return buf;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    private void ensure(int extra) {
        if (pos + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + extra));
        }
    }

    @Override
    public void write(int b) {
        ensure(1);
        buf[pos++] = (byte) b;
    }

    @Override
    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    @Override
    public void writeBoolean(boolean v) {
        write(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) {
        write(v);
    }

    @Override
    public void writeShort(int v) {
        ensure(2);
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) v;
    }

    @Override
    public void writeChar(int v) {
        writeShort(v);
    }

    @Override
    public void writeInt(int v) {
        ensure(4);
        buf[pos++] = (byte) (v >>> 24);
        buf[pos++] = (byte) (v >>> 16);
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) v;
    }

    @Override
    public void writeLong(long v) {
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            buf[pos++] = (byte) (v >>> shift);
        }
    }

    @Override
    public void writeFloat(float v) {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) {
        writeLong(Double.doubleToLongBits(v));
    }

    @Override
    public void writeBytes(String s) {
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
    }

    @Override
    public void writeChars(String s) {
        for (int i = 0; i < s.length(); i++) {
            writeChar(s.charAt(i));
        }
    }

    /** Standard UTF-8 with a 2-byte length (not the modified UTF-8 of DataOutputStream, which state does not need). */
    @Override
    public void writeUTF(String s) throws UTFDataFormatException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0xFFFF) {
            throw new UTFDataFormatException("String of " + bytes.length + " bytes is too long for writeUTF");
        }
        writeShort(bytes.length);
        write(bytes);
    }
}
