package dev.runnel.sql.parser;

import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Rewords the two syntax errors that say least about their cause. A statement that starts with
 * a word that is no statement's ({@code SELEC * FROM t}) reaches Calcite as an expression:
 * "Non-query expression encountered in illegal context", or "Encountered "FROM"". A reserved
 * word used as a name ({@code SELECT 1 AS value}, {@code CREATE TABLE user}) gets a list of
 * expected tokens that does not say that backticks would make it a name.
 */
final class ParseErrorHints {
  /** The words a statement starts with, for "did you mean". */
  private static final List<String> STATEMENT_WORDS = List.of("SELECT", "INSERT", "CREATE", "DROP",
      "ALTER", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "SET", "RESET", "USE", "WITH", "VALUES",
      "EXECUTE", "BEGIN", "END", "STOP", "TABLE", "DELETE", "UPDATE");

  private static final SqlAbstractParserImpl.Metadata METADATA =
      RunnelSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

  private ParseErrorHints() {
  }

  /**
   * "Unknown statement 'SELEC'. Did you mean 'SELECT'?" at the statement's first word, when
   * the statement that holds {@code e}'s position starts with a word that is not a keyword.
   */
  static Optional<SqlParseException> unknownStatement(String sql, SqlParseException e) {
    if (e.getPos() == null) {
      return Optional.empty();
    }
    int errorOffset = offset(sql, e.getPos().getLineNum(), e.getPos().getColumnNum());
    int start = firstWordOfStatementAt(sql, errorOffset);
    if (start < 0) {
      return Optional.empty();
    }
    int end = start;
    while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
      end++;
    }
    String word = sql.substring(start, end);
    if (METADATA.isKeyword(word.toUpperCase(Locale.ROOT))) {
      return Optional.empty();
    }
    SqlParserPos pos = position(sql, start, end);
    String message = "Unknown statement '" + word + "' at line " + pos.getLineNum() + ", column "
        + pos.getColumnNum() + closest(word).map(w -> ". Did you mean '" + w + "'?").orElse("");
    return Optional.of(new SqlParseException(message, pos, e.getExpectedTokenSequences(),
        e.getTokenImages(), e.getCause()));
  }

  /**
   * {@code " value is a reserved word; write `value` to use it as a name."} when the
   * unexpected token {@code found} is a reserved word where an identifier could have stood;
   * else empty.
   */
  static String reservedWord(String found, boolean identifierExpected) {
    if (!identifierExpected || found == null || !found.matches("[A-Za-z_]+")
        || !METADATA.isReservedWord(found.toUpperCase(Locale.ROOT))) {
      return "";
    }
    return " " + found + " is a reserved word; write `" + found + "` to use it as a name.";
  }

  /* The statement word nearest to word, when at most a third of its letters differ. */
  private static Optional<String> closest(String word) {
    String upper = word.toUpperCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : STATEMENT_WORDS) {
      int d = distance(upper, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return bestDistance <= Math.max(1, upper.length() / 3) ? Optional.of(best) : Optional.empty();
  }

  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /*
   * The offset of the first word of the statement that holds errorOffset, skipping strings,
   * quoted identifiers and comments; -1 when that statement starts with something else.
   */
  private static int firstWordOfStatementAt(String sql, int errorOffset) {
    int statementStart = 0;
    int i = 0;
    while (i < sql.length() && i < errorOffset) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '`' || c == '"') {
        int close = sql.indexOf(c, i + 1);
        i = close < 0 ? sql.length() : close + 1;
      } else if (sql.startsWith("--", i)) {
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? sql.length() : eol + 1;
      } else if (sql.startsWith("/*", i)) {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? sql.length() : close + 2;
      } else {
        if (c == ';') {
          statementStart = i + 1;
        }
        i++;
      }
    }
    int j = skipBlanksAndComments(sql, statementStart);
    return j < sql.length() && (Character.isLetter(sql.charAt(j)) || sql.charAt(j) == '_') ? j : -1;
  }

  private static int skipBlanksAndComments(String sql, int from) {
    int i = from;
    while (i < sql.length()) {
      if (Character.isWhitespace(sql.charAt(i))) {
        i++;
      } else if (sql.startsWith("--", i)) {
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? sql.length() : eol + 1;
      } else if (sql.startsWith("/*", i)) {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? sql.length() : close + 2;
      } else {
        return i;
      }
    }
    return i;
  }

  private static int offset(String sql, int line, int column) {
    int offset = 0;
    for (int l = 1; l < line && offset >= 0; l++) {
      offset = sql.indexOf('\n', offset) + 1;
      if (offset == 0) {
        return sql.length();
      }
    }
    return Math.min(sql.length(), offset + Math.max(0, column - 1));
  }

  private static SqlParserPos position(String sql, int start, int end) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < start; i++) {
      if (sql.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new SqlParserPos(line, start - lineStart + 1, line, end - lineStart);
  }
}
