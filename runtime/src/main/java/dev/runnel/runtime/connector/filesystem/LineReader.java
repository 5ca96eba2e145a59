package dev.runnel.runtime.connector.filesystem;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Reads the lines of a UTF-8 file and knows the byte offset after the last line it returned,
 * so that a checkpoint can record where a file split stands and a restored reader can start
 * there. Lines end at {@code \n}, {@code \r} or {@code \r\n}, as with {@link java.io.BufferedReader}.
 */
final class LineReader implements Closeable {
    private final InputStream in;
    private byte[] line = new byte[256];
    private long offset;

    private LineReader(InputStream in, long offset) {
        this.in = in;
        this.offset = offset;
    }

    /** A reader of {@code file} from byte {@code offset} on (the start of a line). */
    static LineReader open(Path file, long offset) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            channel.position(offset);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new LineReader(new BufferedInputStream(Channels.newInputStream(channel), 64 * 1024), offset);
    }

    /** The next line without its terminator, or {@code null} at the end of the file. */
    String readLine() throws IOException {
        int length = 0;
        int c;
        while ((c = in.read()) >= 0) {
            offset++;
            if (c == '\n') {
                return decode(length);
            }
            if (c == '\r') {
                in.mark(1);
                if (in.read() == '\n') {
                    offset++;
                } else {
                    in.reset();
                }
                return decode(length);
            }
            if (length == line.length) {
                line = Arrays.copyOf(line, length * 2);
            }
            line[length++] = (byte) c;
        }
        return length == 0 ? null : decode(length);
    }

    private String decode(int length) {
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /** The byte offset right after the last line returned: where the next one starts. */
    long offset() {
        return offset;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
