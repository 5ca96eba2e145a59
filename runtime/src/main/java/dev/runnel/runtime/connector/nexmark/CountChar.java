package dev.runnel.runtime.connector.nexmark;

import dev.runnel.table.functions.ScalarFunction;

/**
 * Nexmark's user-defined function of query 14: {@code count_char(s, c)} counts the occurrences
 * of the character {@code c} (the first character of the string) in {@code s}; a NULL or empty
 * {@code s} or {@code c} counts 0, as in the Nexmark suite's {@code CountChar}.
 * Register it with {@code CREATE FUNCTION count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar'}.
 */
public class CountChar extends ScalarFunction {
    private static final long serialVersionUID = 1L;

    public long eval(String s, String c) {
        if (s == null || c == null || c.isEmpty()) {
            return 0;
        }
        char wanted = c.charAt(0);
        long count = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) == wanted) {
                count++;
            }
        }
        return count;
    }
}
