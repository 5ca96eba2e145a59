package dev.runnel.shell.complete;

import dev.runnel.shell.command.BackslashCommand;
import dev.runnel.planner.session.SessionMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Completion for {@code \} commands: their names first, then a table or view for {@code \d}
 * and a file for {@code \i} and {@code \o}.
 */
final class CommandCompletions {
    private final SessionMetadata metadata;

    CommandCompletions(SessionMetadata metadata) {
        this.metadata = metadata;
    }

    static boolean isCommand(String buffer) {
        return BackslashCommand.isCommand(buffer);
    }

    List<Suggestion> complete(String buffer, int cursor) {
        String before = buffer.substring(0, cursor).stripLeading();
        int space = before.indexOf(' ');
        List<Suggestion> suggestions = new ArrayList<>();
        if (space < 0) {
            for (BackslashCommand.Name name : BackslashCommand.Name.values()) {
                suggestions.add(new Suggestion("\\" + name.text, "command", name.description, true));
            }
            return suggestions;
        }
        String command = before.substring(1, space);
        String argument = before.substring(space + 1).stripLeading();
        if (command.equals("d")) {
            String catalog = metadata.currentCatalog();
            String database = metadata.currentDatabase();
            metadata.tables(catalog, database).forEach(t -> suggestions.add(Suggestion.of(t, "table")));
            metadata.views(catalog, database).forEach(v -> suggestions.add(Suggestion.of(v, "view")));
        } else if (command.equals("i") || command.equals("o")) {
            files(argument, suggestions);
        }
        return suggestions;
    }

    /* Entries of the directory the argument names so far; directories end with '/'. */
    private static void files(String argument, List<Suggestion> suggestions) {
        int slash = argument.lastIndexOf('/');
        String head = slash < 0 ? "" : argument.substring(0, slash + 1);
        Path directory = Path.of(head.isEmpty() ? "." : head);
        try (Stream<Path> entries = Files.list(directory)) {
            entries.sorted().forEach(p -> {
                boolean isDirectory = Files.isDirectory(p);
                String value = head + p.getFileName() + (isDirectory ? "/" : "");
                suggestions.add(new Suggestion(value, isDirectory ? "directory" : "file", null, !isDirectory));
            });
        } catch (IOException | RuntimeException e) {
            // no such directory (yet): nothing to offer
        }
    }
}
