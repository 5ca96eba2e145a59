package dev.runnel.shell.text;

/**
 * One token of SQL text as the shell sees it while a person types: enough to colour it and to
 * tell where completion is, not a parse.
 *
 * @param start offset of the first character in the text
 * @param end offset after the last character
 * @param terminated false for a string, quoted identifier or block comment the text ends inside
 */
public record SqlToken(Kind kind, String text, int start, int end, boolean terminated) {

    public enum Kind {
        /** A keyword or an unquoted identifier: letters, digits, {@code _} and {@code $}. */
        WORD,
        /** A {@code `backtick quoted`} identifier. */
        QUOTED_IDENTIFIER,
        /** A {@code 'single quoted'} string. */
        STRING,
        NUMBER,
        /** {@code -- …} up to the end of the line. */
        LINE_COMMENT,
        /** {@code /* … *&#47;}. */
        BLOCK_COMMENT,
        /** Punctuation and operators: {@code ( ) , ; . = < >=} and the like. */
        SYMBOL,
        WHITESPACE
    }

    /** Not whitespace or a comment. */
    public boolean significant() {
        return kind != Kind.WHITESPACE && kind != Kind.LINE_COMMENT && kind != Kind.BLOCK_COMMENT;
    }

    /** A symbol or word equal to {@code text}, ignoring case. */
    public boolean is(String text) {
        return (kind == Kind.SYMBOL || kind == Kind.WORD) && this.text.equalsIgnoreCase(text);
    }

    /** A name: an unquoted word or a quoted identifier, without its backticks. */
    public String name() {
        if (kind != Kind.QUOTED_IDENTIFIER) {
            return text;
        }
        String inner = text.substring(1, terminated ? text.length() - 1 : text.length());
        return inner.replace("``", "`");
    }

    /** The value of a string literal, without its quotes. */
    public String stringValue() {
        String inner = text.substring(1, terminated ? text.length() - 1 : text.length());
        return inner.replace("''", "'");
    }
}
