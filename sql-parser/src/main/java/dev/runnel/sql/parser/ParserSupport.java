package dev.runnel.sql.parser;

import dev.runnel.sql.parser.ddl.SqlTableOption;
import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import dev.runnel.sql.parser.impl.RunnelSqlParserImplConstants;
import dev.runnel.sql.parser.impl.Token;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCollectionTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Predicates and checks that the generated parser ({@link RunnelSqlParserImpl}) calls from
 * its grammar actions and semantic lookaheads. Public only because the generated parser lives
 * in another package.
 *
 * <p>The lookahead predicates read tokens through {@link RunnelSqlParserImpl#getToken}, which
 * during a syntactic lookahead reads from the scan position, so they work both while the
 * parser decides between statements and while it parses one.
 */
public final class ParserSupport {

  private ParserSupport() {
  }

  /**
   * Flink's {@code ARRAY<T>} or {@code MULTISET<T>}: the element keeps its own nullability
   * (nullable unless written NOT NULL).
   */
  public static SqlTypeNameSpec collection(SqlDataTypeSpec element, SqlTypeName collection, SqlParserPos pos) {
    Boolean nullable = element.getNullable();
    return new SqlCollectionTypeNameSpec(element.getTypeNameSpec(), nullable == null || nullable, collection, pos);
  }

  /**
   * An error at a position in the statement. The generated parser turns it into a
   * {@link org.apache.calcite.sql.parser.SqlParseException} whose {@code getPos()} is
   * {@code pos} and whose message is {@code message} followed by the line and column.
   */
  public static CalciteContextException error(SqlParserPos pos, String message) {
    var located = message + " at line " + pos.getLineNum() + ", column " + pos.getColumnNum();
    return new CalciteContextException(located, new IllegalArgumentException(located),
        pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
  }

  /** {@link #error} at {@code token}. */
  public static CalciteContextException errorAt(Token token, String message) {
    return error(new SqlParserPos(token.beginLine, token.beginColumn, token.endLine,
        token.endColumn), message);
  }

  /**
   * A syntax error at {@code token}, worded as Calcite words its own:
   * {@code Encountered "x" at line 1, column 6. Was expecting one of: "JOBS", "TABLES".}
   */
  public static CalciteContextException unexpected(Token token, String... expected) {
    var pos = new SqlParserPos(token.beginLine, token.beginColumn, token.endLine,
        token.endColumn);
    var found = token.kind == RunnelSqlParserImplConstants.EOF ? "<EOF>" : token.image;
    var wanted = Arrays.stream(expected).map(e -> '"' + e + '"').toList();
    var message = "Encountered \"" + found + "\" at line " + pos.getLineNum() + ", column "
        + pos.getColumnNum() + ". Was expecting "
        + (wanted.size() == 1 ? wanted.get(0) : "one of: " + String.join(", ", wanted)) + ".";
    return new CalciteContextException(message, new IllegalArgumentException(message),
        pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
  }

  /** Whether {@code token} ends a statement: end of input or {@code ;}. */
  public static boolean isStatementEnd(Token token) {
    return token.kind == RunnelSqlParserImplConstants.EOF
        || token.kind == RunnelSqlParserImplConstants.SEMICOLON;
  }

  /** Whether the tokens after DESCRIBE are {@code JOB 'id'} and the statement's end. */
  public static boolean isDescribeJob(RunnelSqlParserImpl parser) {
    return parser.getToken(2).kind == RunnelSqlParserImplConstants.JOB
        && parser.getToken(3).kind == RunnelSqlParserImplConstants.QUOTED_STRING
        && isStatementEnd(parser.getToken(4));
  }

  /**
   * Whether the next tokens are {@code {DESCRIBE | DESC} [TABLE] a[.b]*} and the statement
   * ends there. Calcite's other DESCRIBE forms ({@code DESCRIBE SCHEMA s},
   * {@code DESCRIBE t column}, {@code DESCRIBE SELECT ...}) are not, and stay Calcite's.
   */
  public static boolean isDescribeTable(RunnelSqlParserImpl parser) {
    int i = 2;
    if (parser.getToken(i).kind == RunnelSqlParserImplConstants.TABLE) {
      i++;
    }
    if (!isIdentifier(parser, parser.getToken(i))) {
      return false;
    }
    i++;
    while (parser.getToken(i).kind == RunnelSqlParserImplConstants.DOT) {
      if (!isIdentifier(parser, parser.getToken(i + 1))) {
        return false;
      }
      i += 2;
    }
    return isStatementEnd(parser.getToken(i));
  }

  /**
   * Whether the next tokens start Flink's EXPLAIN rather than Calcite's: anything but
   * {@code EXPLAIN PLAN}, and {@code EXPLAIN PLAN FOR} a statement set. Calcite keeps
   * {@code EXPLAIN PLAN [options] FOR query}.
   */
  public static boolean isRunnelExplain(RunnelSqlParserImpl parser) {
    if (parser.getToken(2).kind != RunnelSqlParserImplConstants.PLAN) {
      return true;
    }
    int next = parser.getToken(4).kind;
    return parser.getToken(3).kind == RunnelSqlParserImplConstants.FOR
        && (next == RunnelSqlParserImplConstants.EXECUTE
        || next == RunnelSqlParserImplConstants.STATEMENT);
  }

  /**
   * Whether the next tokens are {@code INSERT {INTO | OVERWRITE} a[.b]* PARTITION}: an insert
   * with static partition values, which Calcite's INSERT does not parse.
   */
  public static boolean isInsertPartition(RunnelSqlParserImpl parser) {
    int second = parser.getToken(2).kind;
    if (second != RunnelSqlParserImplConstants.INTO && second != RunnelSqlParserImplConstants.OVERWRITE) {
      return false;
    }
    int i = 3;
    if (!isIdentifier(parser, parser.getToken(i))) {
      return false;
    }
    i++;
    while (parser.getToken(i).kind == RunnelSqlParserImplConstants.DOT) {
      if (!isIdentifier(parser, parser.getToken(i + 1))) {
        return false;
      }
      i += 2;
    }
    return parser.getToken(i).kind == RunnelSqlParserImplConstants.PARTITION;
  }

  /** Whether {@code token} names an EXPLAIN detail such as {@code CHANGELOG_MODE}. */
  public static boolean isExplainDetail(Token token) {
    return token.kind == RunnelSqlParserImplConstants.ESTIMATED_COST
        || token.kind == RunnelSqlParserImplConstants.CHANGELOG_MODE
        || token.kind == RunnelSqlParserImplConstants.JSON_EXECUTION_PLAN;
  }

  private static boolean isIdentifier(RunnelSqlParserImpl parser, Token token) {
    return switch (token.kind) {
      case RunnelSqlParserImplConstants.IDENTIFIER,
          RunnelSqlParserImplConstants.QUOTED_IDENTIFIER,
          RunnelSqlParserImplConstants.BACK_QUOTED_IDENTIFIER,
          RunnelSqlParserImplConstants.BIG_QUERY_BACK_QUOTED_IDENTIFIER,
          RunnelSqlParserImplConstants.BRACKET_QUOTED_IDENTIFIER,
          RunnelSqlParserImplConstants.UNICODE_QUOTED_IDENTIFIER,
          RunnelSqlParserImplConstants.HYPHENATED_IDENTIFIER -> true;
      default -> parser.getMetadata()
          .isNonReservedKeyword(token.image.toUpperCase(Locale.ROOT));
    };
  }

  /** Rejects a WITH clause that sets one key twice, pointing at the second occurrence. */
  public static void checkUniqueOptionKeys(List<SqlNode> options) {
    Set<String> seen = new HashSet<>();
    for (SqlNode node : options) {
      var option = (SqlTableOption) node;
      if (!seen.add(option.key())) {
        throw error(option.keyLiteral().getParserPosition(),
            "Duplicate option '" + option.key() + "'");
      }
    }
  }
}
