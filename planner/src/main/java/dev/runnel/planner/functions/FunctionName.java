package dev.runnel.planner.functions;

/**
 * A function as a person types it in a query.
 *
 * @param name the word its call starts with, upper case
 * @param use  where and how it is called
 */
public record FunctionName(String name, Use use) {

    /** How a function is called. */
    public enum Use {
        /** With brackets, where an expression may stand: {@code UPPER(…)}. */
        CALL,
        /** Without brackets: {@code CURRENT_DATE}, {@code LOCALTIME}. */
        NILADIC,
        /** With brackets, only in {@code MATCH_RECOGNIZE}'s {@code MEASURES} and {@code DEFINE}: {@code PREV(…)}. */
        MATCH_RECOGNIZE
    }
}
