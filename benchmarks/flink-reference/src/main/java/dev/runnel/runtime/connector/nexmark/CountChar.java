package dev.runnel.runtime.connector.nexmark;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * Nexmark q14's {@code count_char(s, c)} for Flink, under the class name Runnel's query file
 * registers ({@code CREATE FUNCTION count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar'}),
 * so that the side-by-side script runs one q14 text on both systems. The same counting as Runnel's
 * function and the Nexmark suite's {@code CountChar}: occurrences of the first character of
 * {@code c} in {@code s}; 0 for a NULL or empty argument.
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
