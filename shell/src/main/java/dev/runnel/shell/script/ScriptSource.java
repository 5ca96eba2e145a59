package dev.runnel.shell.script;

/**
 * The text of one script and the name errors give it: the file name as the user wrote it,
 * {@value #STDIN} or {@value #COMMAND_LINE} for {@code -e}.
 */
public record ScriptSource(String name, String text) {
    public static final String STDIN = "<stdin>";
    public static final String COMMAND_LINE = "<command-line>";
}
