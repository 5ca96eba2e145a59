package dev.runnel.sql.parser;

import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Entry point to Runnel's SQL grammar: Calcite's, extended with Flink's DDL, commands and type
 * names (see {@code src/main/codegen}).
 *
 * <p>Lexical conventions are Flink's: identifiers are quoted with backticks, keep their case
 * whether quoted or not and are matched case-sensitively; keywords are case-insensitive;
 * {@code --} and {@code /* *&#47;} are comments; strings are single-quoted.
 *
 * <p>Stateless and thread-safe: every call creates its own parser.
 */
public final class RunnelSqlParser {

  /** Longest identifier accepted (Calcite's default, 128, is short for generated names). */
  public static final int IDENTIFIER_MAX_LENGTH = 1024;

  /**
   * The dialect that {@link #toSql} writes: backtick-quoted identifiers with their case kept,
   * so that its output parses back to the same statement.
   */
  public static final SqlDialect DIALECT = new SqlDialect(SqlDialect.EMPTY_CONTEXT
      .withDatabaseProduct(SqlDialect.DatabaseProduct.UNKNOWN)
      .withIdentifierQuoteString("`")
      .withUnquotedCasing(Casing.UNCHANGED)
      .withQuotedCasing(Casing.UNCHANGED)
      .withCaseSensitive(true));

  private static final int MAX_EXPECTED_TOKENS_SHOWN = 12;
  private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"([^\"]*)\"");

  private RunnelSqlParser() {
  }

  /** Parser configuration: Runnel's grammar, Flink's lexical conventions and conformance. */
  public static SqlParser.Config config() {
    return SqlParser.config()
        .withParserFactory(RunnelSqlParserImpl.FACTORY)
        .withLex(Lex.JAVA)
        .withIdentifierMaxLength(IDENTIFIER_MAX_LENGTH)
        .withConformance(RunnelSqlConformance.INSTANCE);
  }

  /**
   * Parses one statement. Surrounding whitespace and comments, and one trailing {@code ;}, are
   * allowed.
   *
   * @throws SqlParseException if the text is not exactly one valid statement; its
   *     {@code getPos()} is the line and column of the offending token, and its message names
   *     them too
   */
  public static SqlNode parse(String sql) throws SqlParseException {
    var statements = parseScript(sql);
    if (statements.size() == 1) {
      return statements.get(0);
    }
    if (statements.isEmpty()) {
      var end = endOf(sql);
      throw new SqlParseException("Empty statement at line " + end.getLineNum() + ", column "
          + end.getColumnNum(), end, null, null, null);
    }
    var second = statements.get(1).getParserPosition();
    throw new SqlParseException("Expected one statement but found " + statements.size()
        + "; the second starts at line " + second.getLineNum() + ", column "
        + second.getColumnNum(), second, null, null, null);
  }

  /**
   * Parses a script of statements separated by {@code ;}. Positions are relative to the whole
   * script, so an error names the line and column within it.
   */
  public static List<SqlNode> parseScript(String sql) throws SqlParseException {
    SqlNodeList list;
    try {
      list = SqlParser.create(sql, config()).parseStmtList();
    } catch (SqlParseException e) {
      if (e.getPos() == null && e.getCause() instanceof IndexOutOfBoundsException) {
        // Calcite's SqlStmtList takes the span of its statements even when there are none:
        // the text held only whitespace, comments and semicolons.
        return List.of();
      }
      throw ParseErrorHints.unknownStatement(sql, e).orElseGet(() -> readable(e));
    }
    return List.copyOf(list.getList());
  }

  /** Writes a node as SQL that {@link #parse} reads back: backtick identifiers, one line. */
  public static String toSql(SqlNode node) {
    return node.toSqlString(c -> c.withDialect(DIALECT)
        .withAlwaysUseParentheses(false)
        .withSelectListItemsOnSeparateLines(false)
        .withUpdateSetListNewline(false)
        .withIndentation(0)).getSql();
  }

  /**
   * Calcite lists every token that could have come next, often dozens; a person needs the
   * position and, when the list is short, the alternatives on one line.
   */
  private static SqlParseException readable(SqlParseException e) {
    var message = e.getMessage();
    if (message == null) {
      return e;
    }
    // Calcite puts the list on the lines after "Was expecting[ one of]:".
    var marker = message.indexOf("\nWas expecting");
    if (marker < 0) {
      return e;
    }
    var head = message.substring(0, marker).strip();
    List<String> expected = message.substring(marker + 1).lines()
        .skip(1)
        .map(String::strip)
        .filter(line -> !line.isEmpty())
        .map(line -> line.endsWith("...") ? line.substring(0, line.length() - 3).strip() : line)
        .map(RunnelSqlParser::describeToken)
        .distinct()
        .toList();
    String shortened;
    if (expected.isEmpty() || expected.size() > MAX_EXPECTED_TOKENS_SHOWN) {
      shortened = head;
    } else if (expected.size() == 1) {
      shortened = head + " Was expecting " + expected.get(0) + ".";
    } else {
      shortened = head + " Was expecting one of: " + String.join(", ", expected) + ".";
    }
    var found = ENCOUNTERED.matcher(head);
    shortened += ParseErrorHints.reservedWord(found.lookingAt() ? found.group(1) : null,
        expected.contains("an identifier"));
    return new SqlParseException(shortened, e.getPos(), e.getExpectedTokenSequences(),
        e.getTokenImages(), e.getCause());
  }

  /** Names a token kind as a person would; keywords and symbols stay quoted as they are. */
  private static String describeToken(String image) {
    if (image.endsWith("IDENTIFIER>")) {
      return "an identifier";
    }
    return switch (image) {
      case "<QUOTED_STRING>" -> "a string literal";
      case "<UNSIGNED_INTEGER_LITERAL>" -> "an integer literal";
      default -> image;
    };
  }

  private static SqlParserPos endOf(String sql) {
    var lines = sql.split("\n", -1);
    return new SqlParserPos(lines.length, lines[lines.length - 1].length() + 1);
  }
}
