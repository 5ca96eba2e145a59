package dev.runnel.shell.render;

import java.util.ArrayList;
import java.util.List;
import org.jline.utils.WCWidth;

/**
 * Text in terminal cells: its width (wide East Asian glyphs take two cells, combining marks
 * none), and the ways a value is made to fit a column — cut at the end, shortened in the
 * middle, wrapped over lines — after its control characters were escaped so that one value is
 * one line of known width.
 */
final class Cells {
    /** Marks where a value lost text to fit its column. */
    static final String ELLIPSIS = "…";

    private Cells() {
    }

    /**
     * {@code text} with its control characters escaped as C and psql write them: tab {@code \t},
     * line feed {@code \n}, carriage return {@code \r}, the other C0 characters and DEL as
     * {@code \x01}; so that a value stays on its line and its width is what it shows.
     */
    static String escapeControls(String text) {
        int first = 0;
        while (first < text.length() && !isControl(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 8).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (isControl(c)) {
                        sb.append(String.format("\\x%02X", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 || c == 0x7f;
    }

    /** Width in terminal cells. */
    static int width(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            width += cells(codePoint);
            i += Character.charCount(codePoint);
        }
        return width;
    }

    private static int cells(int codePoint) {
        // Control characters have no width of their own (-1); count them as one so that a
        // text holding one still lines up as well as it can.
        return Math.max(WCWidth.wcwidth(codePoint), codePoint < 0x20 ? 1 : 0);
    }

    /** {@code text} cut to {@code width} cells, ending with {@code ellipsis} where it was cut. */
    static String truncate(String text, int width, String ellipsis) {
        if (width(text) <= width) {
            return text;
        }
        return prefix(text, Math.max(0, width - width(ellipsis))) + ellipsis;
    }

    /** {@code insert-into_def…base.sink}: {@code text} in {@code width} cells, its middle left out. */
    static String shortenMiddle(String text, int width) {
        if (width(text) <= width) {
            return text;
        }
        if (width <= 1) {
            return prefix(text, width);
        }
        int budget = width - width(ELLIPSIS);
        String head = prefix(text, budget - budget / 2);
        return head + ELLIPSIS + suffix(text, budget - width(head));
    }

    /**
     * {@code text} over lines of at most {@code width} cells, broken after spaces where it can
     * be and within a word longer than a line.
     */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        String rest = text;
        while (width(rest) > width) {
            String line = prefix(rest, width);
            int space = line.lastIndexOf(' ');
            // a break after a space, unless that leaves a line of almost nothing; at least one character
            int end = space >= width / 3 ? space + 1
                    : line.isEmpty() ? Character.charCount(rest.codePointAt(0)) : line.length();
            lines.add(rest.substring(0, end).stripTrailing());
            rest = rest.substring(end);
        }
        lines.add(rest);
        return lines;
    }

    /** {@code text} padded with spaces to {@code width} cells, on the right ({@code left}-aligned) or the left. */
    static String pad(String text, int width, boolean left) {
        String padding = " ".repeat(Math.max(0, width - width(text)));
        return left ? text + padding : padding + text;
    }

    /** The longest start of {@code text} that fits {@code width} cells. */
    private static String prefix(String text, int width) {
        int used = 0;
        int end = 0;
        while (end < text.length()) {
            int codePoint = text.codePointAt(end);
            if (used + cells(codePoint) > width) {
                break;
            }
            used += cells(codePoint);
            end += Character.charCount(codePoint);
        }
        return text.substring(0, end);
    }

    /** The longest end of {@code text} that fits {@code width} cells. */
    private static String suffix(String text, int width) {
        int used = 0;
        int start = text.length();
        while (start > 0) {
            int codePoint = text.codePointBefore(start);
            if (used + cells(codePoint) > width) {
                break;
            }
            used += cells(codePoint);
            start -= Character.charCount(codePoint);
        }
        return text.substring(start);
    }
}
