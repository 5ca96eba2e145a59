package dev.runnel.runtime.connector.filesystem;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Reads the lines of a file as bytes and knows the byte offset after the last line it returned,
 * so that a checkpoint can record where a file split stands and a restored reader can start
 * there. Lines end at {@code \n}, {@code \r} or {@code \r\n}, as with {@link java.io.BufferedReader}.
 *
 * <p>A line is not decoded: after {@link #nextLine()} it is {@link #lineLength()} bytes of
 * {@link #buffer()} from {@link #lineStart()}, valid until the next call. Formats parse UTF-8
 * bytes directly, so decoding every line to a {@code String} first would only cost time.
 */
final class LineReader implements Closeable {
    static final int DEFAULT_BUFFER_SIZE = 64 * 1024;

    private final FileChannel channel;
    private byte[] buffer;
    private ByteBuffer window;
    /** The unread bytes are {@code buffer[position, limit)}. */
    private int position;
    private int limit;
    private boolean endOfFile;
    private int lineStart;
    private int lineLength;
    private long offset;

    private LineReader(FileChannel channel, long offset, int bufferSize) {
        this.channel = channel;
        this.offset = offset;
        this.buffer = new byte[bufferSize];
        this.window = ByteBuffer.wrap(buffer);
    }

    /** A reader of {@code file} from byte {@code offset} on (the start of a line). */
    static LineReader open(Path file, long offset) throws IOException {
        return open(file, offset, DEFAULT_BUFFER_SIZE);
    }

    /** As {@link #open(Path, long)} with a buffer of {@code bufferSize} bytes to start with (it grows for longer lines). */
    static LineReader open(Path file, long offset, int bufferSize) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            channel.position(offset);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new LineReader(channel, offset, bufferSize);
    }

    /** Moves to the next line; false at the end of the file. */
    boolean nextLine() throws IOException {
        int scan = position;
        while (true) {
            for (int i = scan; i < limit; i++) {
                byte b = buffer[i];
                if (b == '\n' || b == '\r') {
                    if (b == '\r' && i + 1 == limit && !endOfFile) {
                        // whether a \n follows decides where the next line starts: read on first
                        scan = i - position;
                        fill();
                        scan += position;
                        i = scan - 1;
                        continue;
                    }
                    int terminator = b == '\r' && i + 1 < limit && buffer[i + 1] == '\n' ? 2 : 1;
                    return take(i - position, terminator);
                }
            }
            if (endOfFile) {
                return limit > position && take(limit - position, 0);
            }
            scan = limit - position;
            fill();
            scan += position;
        }
    }

    private boolean take(int length, int terminator) {
        lineStart = position;
        lineLength = length;
        position += length + terminator;
        offset += length + terminator;
        return true;
    }

    /**
     * Reads more bytes after the unread ones, first moving those to the front of the buffer (or
     * growing it when they fill it); sets {@link #endOfFile} when there are no more.
     */
    private void fill() throws IOException {
        int unread = limit - position;
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, unread);
        } else if (unread == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
            window = ByteBuffer.wrap(buffer);
        }
        position = 0;
        limit = unread;
        window.limit(buffer.length).position(limit);
        int read;
        do {
            read = channel.read(window);
        } while (read == 0);
        if (read < 0) {
            endOfFile = true;
        } else {
            limit += read;
        }
    }

    /** The buffer holding the current line. */
    byte[] buffer() {
        return buffer;
    }

    /** Where the current line starts in {@link #buffer()}. */
    int lineStart() {
        return lineStart;
    }

    /** The current line's length in bytes, without its terminator. */
    int lineLength() {
        return lineLength;
    }

    /** The byte offset right after the last line returned: where the next one starts. */
    long offset() {
        return offset;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
