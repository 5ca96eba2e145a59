package dev.runnel.shell.render;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.jline.terminal.Terminal;
import org.jline.utils.InfoCmp;

/**
 * How the shell shows a query's rows ({@code SET 'sql-client.execution.result-mode'}), as in
 * Flink's SQL client: {@code table} shows the current result, the changelog applied;
 * {@code changelog} shows the changes with their kind; {@code tableau} prints each change as a
 * table row as it arrives. {@code table} and {@code changelog} redraw in place where the
 * terminal can; elsewhere (a dumb terminal, a script) {@code table} prints the final table once
 * and {@code changelog} prints like {@code tableau}.
 */
public enum ResultMode {
    TABLE,
    CHANGELOG,
    TABLEAU;

    /**
     * The mode {@code value} names (in any case); {@code null} picks the default: {@code table}
     * where the terminal can redraw (Flink's default), else {@code tableau}, whose output is
     * stable for scripts and pipes.
     *
     * @throws IllegalArgumentException for another value (the session already refuses those)
     */
    public static ResultMode of(String value, boolean canRedraw) {
        if (value == null || value.isBlank()) {
            return canRedraw ? TABLE : TABLEAU;
        }
        return valueOf(value.trim().toUpperCase(Locale.ROOT));
    }

    /** Whether {@code terminal} can move its cursor up to redraw (not a dumb terminal). */
    public static boolean canRedraw(Terminal terminal) {
        return terminal != null && !terminal.getType().startsWith(Terminal.TYPE_DUMB)
                && terminal.getStringCapability(InfoCmp.Capability.cursor_up) != null;
    }

    /**
     * The view of this mode.
     *
     * @param terminal the terminal to redraw, or {@code null} where output is not a terminal
     * @param expanded each row as a block of {@code column | value} lines ({@code \x})
     */
    QueryView view(PrintWriter out, TableauPrinter tables, Terminal terminal, LongSupplier nanoClock, boolean expanded) {
        boolean live = canRedraw(terminal);
        int screenWidth = terminal != null && terminal.getWidth() > 0 ? terminal.getWidth() : Integer.MAX_VALUE;
        return switch (this) {
            case TABLE -> live ? new LiveView(terminal, tables, true, expanded, nanoClock)
                    : new FinalTableView(out, tables, expanded);
            case CHANGELOG -> live ? new LiveView(terminal, tables, false, expanded, nanoClock)
                    : new TableauView(out, tables, expanded, screenWidth);
            case TABLEAU -> new TableauView(out, tables, expanded, screenWidth);
        };
    }
}
