package dev.runnel.shell.complete;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** What Tab offers for an input whose {@code |} marks the cursor, filtered by the word typed as JLine does. */
public final class Offered {
    private Offered() {
    }

    /** The distinct values of the suggestions that pass {@code which}. */
    public static List<String> values(SqlCompletions completions, String input, Predicate<Suggestion> which) {
        int cursor = input.indexOf('|');
        String buffer = input.replace("|", "");
        String word = buffer.substring(SqlCompletions.wordStart(buffer, cursor), cursor).toLowerCase(Locale.ROOT);
        return completions.complete(buffer, cursor).stream()
                .filter(which)
                .map(Suggestion::value)
                .filter(v -> v.toLowerCase(Locale.ROOT).startsWith(word))
                .distinct()
                .toList();
    }
}
