package dev.runnel.shell.complete;

import dev.runnel.planner.session.SessionMetadata;
import java.util.List;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * JLine's side of completion: asks {@link SqlCompletions} (or {@link CommandCompletions} for a
 * {@code \} command) for the place of the cursor and hands the suggestions over as candidates,
 * grouped by kind. Runs on the REPL thread while it waits for input, so it may read the
 * session's metadata.
 */
public final class SqlCompleter implements Completer {
    private final SqlCompletions sql;
    private final CommandCompletions commands;

    public SqlCompleter(SessionMetadata metadata) {
        this.sql = new SqlCompletions(metadata);
        this.commands = new CommandCompletions(metadata);
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        String buffer = line.line();
        int cursor = line.cursor();
        List<Suggestion> suggestions = CommandCompletions.isCommand(buffer)
                ? commands.complete(buffer, cursor) : sql.complete(buffer, cursor);
        for (Suggestion s : suggestions) {
            candidates.add(new Candidate(s.value(), s.value(), s.group(), s.description(), null, null, s.complete(),
                    s.rank()));
        }
    }
}
