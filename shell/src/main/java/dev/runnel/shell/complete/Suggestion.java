package dev.runnel.shell.complete;

/**
 * One completion candidate.
 *
 * @param value what replaces the word being completed
 * @param group what kind of thing it is ({@code table}, {@code column}, {@code keyword}, …),
 *              shown as the heading of its group in the list
 * @param description a few words shown beside it, or {@code null}
 * @param complete whether the value is finished (a space follows) rather than a prefix, such
 *                 as {@code catalog.} or {@code UPPER(}, that the person goes on typing after
 * @param rank where it comes in its group: lower first; equal ranks in alphabetical order
 */
public record Suggestion(String value, String group, String description, boolean complete, int rank) {

    /** A suggestion listed in alphabetical order in its group. */
    public Suggestion(String value, String group, String description, boolean complete) {
        this(value, group, description, complete, 0);
    }

    public static Suggestion of(String value, String group) {
        return new Suggestion(value, group, null, true);
    }
}
