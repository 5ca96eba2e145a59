package dev.runnel.runtime.state.backend;

import java.io.DataInput;
import java.io.EOFException;
import java.nio.charset.StandardCharsets;

/**
 * Reads a byte range through {@link DataInput} (big-endian); {@link #reset} points it at new
 * bytes so one instance serves every read of a state. Not thread-safe.
 */
public final class ByteArrayDataInput implements DataInput {
    private byte[] buf = new byte[0];
    private int pos;
    private int end;

    public ByteArrayDataInput reset(byte[] bytes) {
        return reset(bytes, 0, bytes.length);
    }

    public ByteArrayDataInput reset(byte[] bytes, int offset, int length) {
        this.buf = bytes;
        this.pos = offset;
        this.end = offset + length;
        return this;
    }

    public int position() {
        return pos;
    }

    public void position(int position) {
        this.pos = position;
    }

    public int remaining() {
        return end - pos;
    }

    private void need(int n) throws EOFException {
        if (end - pos < n) {
            throw new EOFException("State bytes end after " + (end - pos) + " of " + n + " bytes");
        }
    }

    @Override
    public void readFully(byte[] b) throws EOFException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws EOFException {
        need(len);
        System.arraycopy(buf, pos, b, off, len);
        pos += len;
    }

    @Override
    public int skipBytes(int n) {
        int skipped = Math.min(n, end - pos);
        pos += skipped;
        return skipped;
    }

    @Override
    public boolean readBoolean() throws EOFException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws EOFException {
        need(1);
        return buf[pos++];
    }

    @Override
    public int readUnsignedByte() throws EOFException {
        return readByte() & 0xFF;
    }

    @Override
    public short readShort() throws EOFException {
        need(2);
        short v = (short) (((buf[pos] & 0xFF) << 8) | (buf[pos + 1] & 0xFF));
        pos += 2;
        return v;
    }

    @Override
    public int readUnsignedShort() throws EOFException {
        return readShort() & 0xFFFF;
    }

    @Override
    public char readChar() throws EOFException {
        return (char) readShort();
    }

    @Override
    public int readInt() throws EOFException {
        need(4);
        int v = ((buf[pos] & 0xFF) << 24) | ((buf[pos + 1] & 0xFF) << 16) | ((buf[pos + 2] & 0xFF) << 8)
                | (buf[pos + 3] & 0xFF);
        pos += 4;
        return v;
    }

    @Override
    public long readLong() throws EOFException {
        need(8);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (buf[pos++] & 0xFF);
        }
        return v;
    }

    @Override
    public float readFloat() throws EOFException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws EOFException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public String readLine() {
        throw new UnsupportedOperationException("readLine is not used by state serializers");
    }

    @Override
    public String readUTF() throws EOFException {
        int len = readUnsignedShort();
        need(len);
        String s = new String(buf, pos, len, StandardCharsets.UTF_8);
        pos += len;
        return s;
    }
}
