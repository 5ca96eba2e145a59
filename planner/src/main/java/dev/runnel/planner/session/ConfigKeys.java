package dev.runnel.planner.session;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks that a key given to {@code SET} or {@code RESET} is one Runnel knows
 * ({@link SessionOptions#known()}) or a session variable ({@code var.name}), suggesting the closest known key for a misspelt one.
 */
final class ConfigKeys {
    private ConfigKeys() {
    }

    /** @throws ConfigException naming {@code key} and, when one is close, the key meant */
    static void checkKnown(String key) {
        if (key.startsWith(SessionOptions.VARIABLE_PREFIX)) {
            SessionOptions.checkVariableName(key, key.substring(SessionOptions.VARIABLE_PREFIX.length()));
            return;
        }
        for (ConfigOption<?> option : SessionOptions.known()) {
            if (option.key().equals(key)) {
                return;
            }
        }
        String message = "Unknown configuration key '" + key + "'.";
        Optional<String> closest = closest(key);
        message += closest.map(k -> " Did you mean '" + k + "'?").orElse(" Known keys are listed in docs/configuration.md.");
        throw new ConfigException(key, message);
    }

    /** The known key nearest to {@code key} by edit distance, if it is near enough to be a typo. */
    static Optional<String> closest(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (ConfigOption<?> option : SessionOptions.known()) {
            int d = distance(key.toLowerCase(Locale.ROOT), option.key().toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = option.key();
            }
        }
        // A third of the key's length: catches typos and a wrong segment, not unrelated keys.
        return best != null && bestDistance <= Math.max(2, key.length() / 3) ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
