package dev.runnel.shell.complete;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Orders column names by how well they match the word typed: the name itself first, then names
 * that begin with it (in its case before any case), then names with a part after {@code _} that
 * begins with it ({@code id} in {@code order_id}), then names that contain it, then the rest;
 * within each, shorter names first, then alphabetically (case aside). Before anything is typed, alphabetically.
 */
final class ColumnRanking {
    private static final Comparator<String> ALPHABETICAL =
            String.CASE_INSENSITIVE_ORDER.thenComparing(Comparator.naturalOrder());

    private ColumnRanking() {
    }

    static List<String> rank(Collection<String> names, String word) {
        String typed = word == null ? "" : word;
        if (typed.isEmpty()) {
            return names.stream().sorted(ALPHABETICAL).toList();
        }
        return names.stream()
                .sorted(Comparator.comparingInt((String name) -> match(name, typed))
                        .thenComparingInt(String::length)
                        .thenComparing(ALPHABETICAL))
                .toList();
    }

    /** 0 (the name typed) to 5 (no match). */
    static int match(String name, String word) {
        String lowerName = name.toLowerCase(Locale.ROOT);
        String lowerWord = word.toLowerCase(Locale.ROOT);
        if (lowerName.equals(lowerWord)) {
            return 0;
        }
        if (name.startsWith(word)) {
            return 1;
        }
        if (lowerName.startsWith(lowerWord)) {
            return 2;
        }
        if (lowerName.contains("_" + lowerWord)) {
            return 3;
        }
        return lowerName.contains(lowerWord) ? 4 : 5;
    }
}
