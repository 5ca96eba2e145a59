package dev.runnel.shell.complete;

import dev.runnel.shell.text.SqlKeywords;
import dev.runnel.shell.text.SqlLexer;
import dev.runnel.shell.text.SqlToken;
import dev.runnel.shell.text.SqlToken.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the cursor stands in the statement being typed, as far as completion needs to know:
 * the word under it, the significant tokens of the statement before that word, the innermost
 * bracket still open there, and the tables and views the whole statement reads (with their
 * aliases). Built from tokens only, so it works on statements that do not parse yet.
 */
final class StatementContext {
    /** Text from the start of the word being completed to the cursor (may be empty). */
    final String word;
    /** Offset of {@link #word} in the buffer. */
    final int wordStart;
    /** Whether the word is a string literal (starts with {@code '}). */
    final boolean inString;
    /** Significant tokens of the current statement before the word. */
    final List<SqlToken> before;
    /** Index in {@link #before} of the innermost {@code (} not closed before the word, or -1. */
    final int openBracket;
    /** The statement's table references: alias (or the name's last part) to the name's parts. */
    final Map<String, List<String>> tables;

    private StatementContext(String word, int wordStart, boolean inString, List<SqlToken> before, int openBracket,
                             Map<String, List<String>> tables) {
        this.word = word;
        this.wordStart = wordStart;
        this.inString = inString;
        this.before = before;
        this.openBracket = openBracket;
        this.tables = tables;
    }

    /** Where the word being completed starts, for the line parser. */
    static int wordStart(String buffer, int cursor) {
        return of(buffer, cursor).wordStart;
    }

    static StatementContext of(String buffer, int cursor) {
        List<SqlToken> all = SqlLexer.tokenize(buffer);
        List<SqlToken> statement = new ArrayList<>();
        List<SqlToken> rest = new ArrayList<>();
        int wordStart = cursor;
        boolean inString = false;
        boolean inComment = false;
        for (SqlToken token : all) {
            if (token.end() < cursor || (token.end() == cursor && !touchesCursor(token))) {
                if (token.is(";")) {
                    statement.clear();
                } else {
                    statement.add(token);
                }
            } else if (token.start() < cursor) {
                // the token holding the cursor
                switch (token.kind()) {
                    case STRING -> {
                        wordStart = token.start();
                        inString = true;
                    }
                    case WORD, QUOTED_IDENTIFIER, NUMBER -> wordStart = token.start();
                    case LINE_COMMENT, BLOCK_COMMENT -> inComment = true;
                    default -> statement.add(token);
                }
            } else if (token.is(";")) {
                break;
            } else {
                rest.add(token);
            }
        }
        // a qualified name: "db.tab" or "o.na" is one word
        while (!inString && wordStart > 0 && !statement.isEmpty()) {
            SqlToken last = statement.get(statement.size() - 1);
            boolean dot = last.is(".") && last.end() == wordStart;
            boolean namePart = (last.kind() == Kind.WORD || last.kind() == Kind.QUOTED_IDENTIFIER)
                    && last.end() == wordStart && wordStart < cursor && buffer.charAt(wordStart) == '.';
            if (!dot && !namePart) {
                break;
            }
            wordStart = last.start();
            statement.remove(statement.size() - 1);
        }
        List<SqlToken> before = statement.stream().filter(SqlToken::significant).toList();
        if (inComment) {
            return new StatementContext(null, cursor, false, before, -1, Map.of());
        }
        List<SqlToken> whole = new ArrayList<>(before);
        rest.stream().filter(SqlToken::significant).forEach(whole::add);
        return new StatementContext(buffer.substring(wordStart, cursor), wordStart, inString, before,
                openBracket(before), tableReferences(whole));
    }

    /*
     * A word, name or open string ending at the cursor is the word being completed; a line
     * comment or an open block comment ending there still holds the cursor.
     */
    private static boolean touchesCursor(SqlToken token) {
        return switch (token.kind()) {
            case WORD, QUOTED_IDENTIFIER, NUMBER, LINE_COMMENT -> true;
            case STRING, BLOCK_COMMENT -> !token.terminated();
            default -> false;
        };
    }

    /** Whether the cursor is inside a comment, where nothing is completed. */
    boolean inComment() {
        return word == null;
    }

    /** The {@code n}-th significant token before the word, counting from 1, or {@code null}. */
    SqlToken back(int n) {
        int i = before.size() - n;
        return i >= 0 ? before.get(i) : null;
    }

    /** Whether the tokens right before the word are {@code words}, ignoring case. */
    boolean after(String... words) {
        for (int i = 0; i < words.length; i++) {
            SqlToken token = back(words.length - i);
            if (token == null || !token.is(words[i])) {
                return false;
            }
        }
        return true;
    }

    /** The statement's first token, upper case, or empty at its start. */
    String firstWord() {
        return before.isEmpty() ? "" : before.get(0).text().toUpperCase(Locale.ROOT);
    }

    /** The token before the innermost open bracket, or {@code null}. */
    SqlToken beforeOpenBracket() {
        return openBracket > 0 ? before.get(openBracket - 1) : null;
    }

    private static int openBracket(List<SqlToken> tokens) {
        int depth = 0;
        for (int i = tokens.size() - 1; i >= 0; i--) {
            SqlToken token = tokens.get(i);
            if (token.is(")")) {
                depth++;
            } else if (token.is("(")) {
                if (depth == 0) {
                    return i;
                }
                depth--;
            }
        }
        return -1;
    }

    /*
     * The names after FROM (a comma-separated list) and JOIN, each with its alias when it has
     * one. Subqueries and table functions are skipped: their columns are not in the catalog.
     */
    private static Map<String, List<String>> tableReferences(List<SqlToken> tokens) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (!tokens.get(i).is("FROM") && !tokens.get(i).is("JOIN")) {
                continue;
            }
            boolean list = tokens.get(i).is("FROM");
            int j = i + 1;
            while (j < tokens.size()) {
                List<String> name = new ArrayList<>();
                while (j < tokens.size() && isName(tokens.get(j))) {
                    name.add(tokens.get(j).name());
                    if (j + 1 < tokens.size() && tokens.get(j + 1).is(".")) {
                        j += 2;
                    } else {
                        j++;
                        break;
                    }
                }
                if (name.isEmpty()) {
                    break;
                }
                String alias = name.get(name.size() - 1);
                if (j < tokens.size() && tokens.get(j).is("AS")) {
                    j++;
                }
                if (j < tokens.size() && isName(tokens.get(j))) {
                    alias = tokens.get(j).name();
                    j++;
                }
                tables.put(alias, name);
                if (!list || j >= tokens.size() || !tokens.get(j).is(",")) {
                    break;
                }
                j++;
            }
        }
        return tables;
    }

    /** An identifier rather than a keyword. */
    static boolean isName(SqlToken token) {
        return token.kind() == Kind.QUOTED_IDENTIFIER
                || (token.kind() == Kind.WORD && !SqlKeywords.reserved(token.text()));
    }
}
