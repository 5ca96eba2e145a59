package dev.runnel.shell.command;

import java.util.List;
import java.util.Optional;

/**
 * The shell's {@code \} commands, in psql's habit. A line starting with {@code \} is one
 * command, ended by the line's end (no {@code ;}); its argument is the rest of the line.
 *
 * @param argument the text after the command's name, stripped; empty when none
 */
public record BackslashCommand(Name name, String argument) {

    /** Each command, with how {@code \?} describes it. */
    public enum Name {
        HELP("?", "", "list these commands"),
        DESCRIBE("d", "[NAME]", "list tables and views, or describe table or view NAME"),
        TABLES("dt", "", "list tables"),
        VIEWS("dv", "", "list views"),
        TIMING("timing", "[on|off]", "show how long each statement took"),
        EXPANDED("x", "[on|off]", "expanded display: one line per column of each row"),
        INCLUDE("i", "FILE", "run the statements of FILE"),
        OUTPUT("o", "[FILE]", "send results to FILE, or back to the terminal without FILE"),
        QUIT("q", "", "quit");

        public final String text;
        public final String arguments;
        public final String description;

        Name(String text, String arguments, String description) {
            this.text = text;
            this.arguments = arguments;
            this.description = description;
        }
    }

    /** Whether {@code line} is a {@code \} command (possibly unknown or incomplete). */
    public static boolean isCommand(String line) {
        return line.stripLeading().startsWith("\\");
    }

    /**
     * The command {@code line} holds, or empty when it is not a {@code \} command this shell
     * knows (the caller reports an unknown one).
     */
    public static Optional<BackslashCommand> parse(String line) {
        String text = line.strip();
        if (!text.startsWith("\\")) {
            return Optional.empty();
        }
        int space = indexOfWhitespace(text);
        String name = text.substring(1, space < 0 ? text.length() : space);
        String argument = space < 0 ? "" : text.substring(space).strip();
        for (Name n : Name.values()) {
            if (n.text.equals(name)) {
                return Optional.of(new BackslashCommand(n, argument));
            }
        }
        return Optional.empty();
    }

    /** The names as typed, {@code \?} first. */
    public static List<String> names() {
        return List.of(Name.values()).stream().map(n -> "\\" + n.text).toList();
    }

    /** What {@code \?} prints. */
    public static String help() {
        StringBuilder sb = new StringBuilder("Shell commands (end with the line, no ';'):\n");
        for (Name n : Name.values()) {
            String usage = "\\" + n.text + (n.arguments.isEmpty() ? "" : " " + n.arguments);
            sb.append(String.format("  %-16s %s%n", usage, n.description));
        }
        return sb.append("SQL statements end with ';'; HELP; lists them. QUIT; or Ctrl-D also quits.").toString();
    }

    private static int indexOfWhitespace(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
