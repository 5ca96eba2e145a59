package dev.runnel.shell.text;

import dev.runnel.shell.text.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits SQL text into {@link SqlToken}s with Runnel's (Flink's) lexical rules: {@code '…'}
 * strings with {@code ''} inside, {@code `…`} identifiers, {@code --} and {@code /* *&#47;}
 * comments. It never fails: text that ends inside a string, identifier or comment gives a last
 * token that is not {@link SqlToken#terminated()}. The tokens cover the text without gaps.
 */
public final class SqlLexer {
    private static final Set<String> TWO_CHAR_SYMBOLS = Set.of("<=", ">=", "<>", "!=", "||", "::");

    private SqlLexer() {
    }

    public static List<SqlToken> tokenize(String text) {
        List<SqlToken> tokens = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                while (i < n && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                tokens.add(new SqlToken(Kind.WHITESPACE, text.substring(start, i), start, i, true));
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
                tokens.add(new SqlToken(Kind.LINE_COMMENT, text.substring(start, i), start, i, true));
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
                tokens.add(new SqlToken(Kind.BLOCK_COMMENT, text.substring(start, i), start, i, close >= 0));
            } else if (c == '\'' || c == '`') {
                int close = quoted(text, i, c);
                boolean terminated = close > 0;
                i = Math.abs(close);
                tokens.add(new SqlToken(c == '\'' ? Kind.STRING : Kind.QUOTED_IDENTIFIER, text.substring(start, i),
                        start, i, terminated));
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1))
                    && !afterName(tokens))) {
                i = number(text, i);
                tokens.add(new SqlToken(Kind.NUMBER, text.substring(start, i), start, i, true));
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                while (i < n && isWordPart(text.charAt(i))) {
                    i++;
                }
                tokens.add(new SqlToken(Kind.WORD, text.substring(start, i), start, i, true));
            } else {
                i += i + 1 < n && TWO_CHAR_SYMBOLS.contains(text.substring(i, i + 2)) ? 2 : 1;
                tokens.add(new SqlToken(Kind.SYMBOL, text.substring(start, i), start, i, true));
            }
        }
        return tokens;
    }

    public static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /*
     * The end of a quoted token starting at start: after its closing quote, or minus the
     * text's length when the text ends inside it.
     */
    private static int quoted(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return -text.length();
    }

    private static int number(String text, int i) {
        int n = text.length();
        while (i < n && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
                j++;
            }
            if (j < n && Character.isDigit(text.charAt(j))) {
                i = j;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    i++;
                }
            }
        }
        return i;
    }

    /* "t.5" is not a number: a dot right after a name separates the parts of a name. */
    private static boolean afterName(List<SqlToken> tokens) {
        if (tokens.isEmpty()) {
            return false;
        }
        Kind last = tokens.get(tokens.size() - 1).kind();
        return last == Kind.WORD || last == Kind.QUOTED_IDENTIFIER;
    }
}
