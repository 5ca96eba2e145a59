package dev.runnel.shell.render;

import java.io.IOException;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.utils.NonBlockingReader;

/**
 * The keys that page through a live table: PgDn, Space or {@code n} for the next page, PgUp or
 * {@code p} for the previous one, Home/{@code g} and End/{@code G} for the first and last, the
 * arrow keys Up and Down for a row, Left and Right for a column. The terminal is put in raw mode
 * (no echo, no line buffering) while the view is open, with its signals kept: Ctrl-C stays the
 * SIGINT that stops the query, never a character that the next prompt would read as a Ctrl-C of
 * its own. While the query runs ({@link #poll()}) any other key ends paging and is left unread,
 * so that what a person types ahead still reaches the next prompt; once it ended
 * ({@link #await}) paging goes on until {@code q} or Enter, as in psql's pager. Single use, on
 * the shell's thread.
 */
final class PagingKeys implements AutoCloseable {
    private static final int ESC = 27;
    /** How long to wait for the rest of an escape sequence once ESC arrived. */
    private static final long SEQUENCE_MILLIS = 20;

    /** {@code INTERRUPT}: a Ctrl-C that came as a character rather than as SIGINT. */
    enum Key { NONE, NEXT, PREVIOUS, FIRST, LAST, UP, DOWN, LEFT, RIGHT, QUIT, INTERRUPT }

    /** Ctrl-C as a character (ETX), where the terminal did not turn it into SIGINT. */
    private static final int CTRL_C = 3;

    private final Terminal terminal;
    private final Attributes saved;
    private boolean closed;

    private PagingKeys(Terminal terminal, Attributes saved) {
        this.terminal = terminal;
        this.saved = saved;
    }

    static PagingKeys open(Terminal terminal) {
        Attributes saved = terminal.enterRawMode();
        // JLine's raw mode turns ISIG off, which makes Ctrl-C a character: keep it a signal.
        Attributes raw = terminal.getAttributes();
        raw.setLocalFlag(Attributes.LocalFlag.ISIG, true);
        terminal.setAttributes(raw);
        return new PagingKeys(terminal, saved);
    }

    /** The paging key pressed since the last call, without waiting; NONE if there is none. */
    Key poll() {
        if (closed) {
            return Key.NONE;
        }
        NonBlockingReader reader = terminal.reader();
        try {
            int c = reader.peek(1);
            if (c < 0) {
                return Key.NONE;
            }
            if (c == CTRL_C) {
                // Read here, never left for the next prompt, where it would count toward exiting.
                reader.read(1);
                return Key.INTERRUPT;
            }
            Key key = pagingKey(c);
            if (key == null) {
                close();
                return Key.NONE;
            }
            reader.read(1);
            return c == ESC ? sequence(reader) : key;
        } catch (IOException e) {
            close();
            return Key.NONE;
        }
    }

    /**
     * After the query ended: waits up to {@code timeoutMillis} for a key and reads it. {@code q}
     * and Enter (and the end of input) give {@link Key#QUIT}; keys that do not page are ignored.
     */
    Key await(long timeoutMillis) {
        if (closed) {
            return Key.QUIT;
        }
        NonBlockingReader reader = terminal.reader();
        try {
            int c = reader.read(timeoutMillis);
            if (c == NonBlockingReader.READ_EXPIRED) {
                return Key.NONE;
            }
            if (c < 0 || c == 'q' || c == 'Q' || c == '\r' || c == '\n' || c == CTRL_C) {
                return Key.QUIT;
            }
            Key key = pagingKey(c);
            return c == ESC ? sequence(reader) : key == null ? Key.NONE : key;
        } catch (IOException e) {
            return Key.QUIT;
        }
    }

    /** The page key {@code c} is; NONE for ESC, which starts a sequence; null for other keys. */
    private static Key pagingKey(int c) {
        return switch (c) {
            case ' ', 'n' -> Key.NEXT;
            case 'p' -> Key.PREVIOUS;
            case 'g' -> Key.FIRST;
            case 'G' -> Key.LAST;
            case ESC -> Key.NONE;
            default -> null;
        };
    }

    /*
     * ESC [ 6 ~ (PgDn), ESC [ 5 ~ (PgUp), ESC [ H / ESC [ 1 ~ (Home), ESC [ F / ESC [ 4 ~ (End),
     * ESC [ A to D (Up, Down, Right, Left); ESC O … where the terminal sends application keys.
     */
    private static Key sequence(NonBlockingReader reader) throws IOException {
        int introducer = reader.read(SEQUENCE_MILLIS);
        if (introducer != '[' && introducer != 'O') {
            return Key.NONE;
        }
        int c = reader.read(SEQUENCE_MILLIS);
        switch (c) {
            case 'H' -> {
                return Key.FIRST;
            }
            case 'F' -> {
                return Key.LAST;
            }
            case 'A' -> {
                return Key.UP;
            }
            case 'B' -> {
                return Key.DOWN;
            }
            case 'C' -> {
                return Key.RIGHT;
            }
            case 'D' -> {
                return Key.LEFT;
            }
            default -> {
            }
        }
        if (reader.read(SEQUENCE_MILLIS) != '~') {
            return Key.NONE;
        }
        return switch (c) {
            case '6' -> Key.NEXT;
            case '5' -> Key.PREVIOUS;
            case '1', '7' -> Key.FIRST;
            case '4', '8' -> Key.LAST;
            default -> Key.NONE;
        };
    }

    boolean closed() {
        return closed;
    }

    /** Restores the terminal's mode; idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            terminal.setAttributes(saved);
        }
    }
}
