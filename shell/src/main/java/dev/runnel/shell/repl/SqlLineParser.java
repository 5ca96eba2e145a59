package dev.runnel.shell.repl;

import dev.runnel.shell.cli.BuiltinCommand;
import dev.runnel.shell.script.StatementSplitter;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;

/**
 * Tells JLine when the input is a whole statement: Enter accepts the buffer only once it ends
 * with {@code ;} outside literals and comments (or is a bare {@code HELP}, {@code QUIT},
 * {@code EXIT}); otherwise JLine shows the continuation prompt and keeps the lines in one
 * buffer, so that a multi-line statement is one history entry. Word splitting for completion
 * is {@link DefaultParser}'s, without backslash escapes (SQL has none).
 */
final class SqlLineParser implements Parser {
    private final DefaultParser words = new DefaultParser().escapeChars(new char[0]);

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE) {
            if (!line.isBlank() && BuiltinCommand.of(line).isEmpty() && !StatementSplitter.split(line).complete()) {
                throw new EOFError(-1, -1, "statement not terminated by ';'", ";");
            }
            return words.parse(line, cursor, ParseContext.SPLIT_LINE);
        }
        return words.parse(line, cursor, context);
    }
}
