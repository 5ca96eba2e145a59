package dev.runnel.shell.repl;

import dev.runnel.shell.cli.BuiltinCommand;
import dev.runnel.shell.command.BackslashCommand;
import dev.runnel.shell.complete.SqlCompletions;
import dev.runnel.shell.script.StatementSplitter;
import java.util.List;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;

/**
 * Tells JLine when the input is whole and what word the cursor is on. Enter accepts the buffer
 * only once it ends with {@code ;} outside literals and comments (or is a bare {@code HELP},
 * {@code QUIT}, {@code EXIT}, or a {@code \} command, which ends with its line); otherwise JLine
 * shows the continuation prompt and keeps the lines in one buffer, so that a multi-line
 * statement is one history entry. The word for completion follows SQL's lexical rules (see
 * {@link SqlCompletions#wordStart}): a possibly qualified name, or a string literal up to the
 * cursor; candidates replace it as they are, with no escaping.
 */
final class SqlLineParser implements Parser {

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !isWhole(line)) {
            throw new EOFError(-1, -1, "statement not terminated by ';'", ";");
        }
        int start = BackslashCommand.isCommand(line) ? commandWordStart(line, cursor)
                : SqlCompletions.wordStart(line, cursor);
        return new SqlParsedLine(line, cursor, start);
    }

    static boolean isWhole(String line) {
        return line.isBlank() || BackslashCommand.isCommand(line) || BuiltinCommand.of(line).isPresent()
                || StatementSplitter.split(line).complete();
    }

    private static int commandWordStart(String line, int cursor) {
        int space = line.lastIndexOf(' ', Math.max(0, cursor - 1));
        return space < 0 ? line.indexOf('\\') : space + 1;
    }

    private record SqlParsedLine(String line, int cursor, int wordStart) implements CompletingParsedLine {
        @Override
        public String word() {
            return line.substring(wordStart, cursor);
        }

        @Override
        public int wordCursor() {
            return cursor - wordStart;
        }

        @Override
        public int wordIndex() {
            return 0;
        }

        @Override
        public List<String> words() {
            return List.of(word());
        }

        @Override
        public CharSequence escape(CharSequence candidate, boolean complete) {
            return candidate;
        }

        @Override
        public int rawWordCursor() {
            return wordCursor();
        }

        @Override
        public int rawWordLength() {
            return cursor - wordStart;
        }
    }
}
