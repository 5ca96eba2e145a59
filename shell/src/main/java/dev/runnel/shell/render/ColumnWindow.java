package dev.runnel.shell.render;

/**
 * Which columns of a live table fit the screen, and how wide each is shown. Columns get their
 * natural width (their widest value so far, or their type's); a table wider than the screen
 * first has its widest columns narrowed, a cell at a time, but none below
 * {@link #MIN_COLUMN_WIDTH} (or its natural width); if it still does not fit, the columns keep
 * their natural widths and the screen shows as many whole columns as fit, from the first one
 * the person scrolled to (Left and Right), as Flink's table view scrolls. The first
 * {@code fixed} columns (the {@code op} column) are always shown.
 *
 * @param columns the indices of the columns shown, in order
 * @param widths their widths
 * @param scrolling whether some columns are left out (horizontal scrolling)
 */
record ColumnWindow(int[] columns, int[] widths, boolean scrolling) {
    /** The narrowest a column is squeezed to before the table scrolls instead. */
    static final int MIN_COLUMN_WIDTH = 16;

    /**
     * @param natural the width each column would like
     * @param fixed how many leading columns are always shown at their natural width
     * @param available the cells a table line may take
     * @param firstScrolled the first column shown after the fixed ones when the table scrolls
     */
    static ColumnWindow fit(int[] natural, int fixed, int available, int firstScrolled) {
        int[] widths = natural.clone();
        int fixedWidth = 1;
        for (int c = 0; c < fixed; c++) {
            fixedWidth += widths[c] + 3;
        }
        // A column is never wider than the screen leaves it: its values end with an ellipsis instead.
        for (int c = fixed; c < widths.length; c++) {
            widths[c] = Math.max(1, Math.min(widths[c], available - fixedWidth - 3));
        }
        int[] all = range(0, widths.length);
        if (TableauPrinter.lineWidth(widths) <= available) {
            return new ColumnWindow(all, widths, false);
        }
        int[] squeezed = widths.clone();
        if (squeeze(squeezed, fixed, available)) {
            return new ColumnWindow(all, squeezed, false);
        }
        int first = Math.max(fixed, Math.min(firstScrolled, widths.length - 1));
        int used = fixedWidth;
        int end = first;
        while (end < widths.length && (end == first || used + widths[end] + 3 <= available)) {
            used += widths[end] + 3;
            end++;
        }
        int[] shown = new int[fixed + end - first];
        for (int c = 0; c < fixed; c++) {
            shown[c] = c;
        }
        for (int c = first; c < end; c++) {
            shown[fixed + c - first] = c;
        }
        int[] shownWidths = new int[shown.length];
        for (int i = 0; i < shown.length; i++) {
            shownWidths[i] = widths[shown[i]];
        }
        return new ColumnWindow(shown, shownWidths, true);
    }

    /** Narrows the widest columns after the fixed ones down to {@link #MIN_COLUMN_WIDTH}; whether a line then fits. */
    private static boolean squeeze(int[] widths, int fixed, int available) {
        while (TableauPrinter.lineWidth(widths) > available) {
            int widest = -1;
            for (int c = fixed; c < widths.length; c++) {
                if (widths[c] > MIN_COLUMN_WIDTH && (widest < 0 || widths[c] > widths[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return false;
            }
            widths[widest]--;
        }
        return true;
    }

    private static int[] range(int from, int to) {
        int[] indices = new int[to - from];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = from + i;
        }
        return indices;
    }

    /** The first column shown after the fixed ones. */
    int firstScrolled(int fixed) {
        return columns.length > fixed ? columns[fixed] : fixed;
    }

    /** The last column shown. */
    int last() {
        return columns[columns.length - 1];
    }
}
