package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * {@code SHOW TABLES [(FROM | IN) [catalog.]db] [[NOT] LIKE 'pattern']}: lists the tables of a
 * database (the current one by default); unparses with FROM.
 */
public final class SqlShowTables extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW TABLES", SqlKind.OTHER);

  private final SqlIdentifier database;
  private final boolean notLike;
  private final SqlCharStringLiteral pattern;

  public SqlShowTables(SqlParserPos pos) {
    this(pos, null, false, null);
  }

  /**
   * @param database the database, or null for the current one
   * @param pattern  the LIKE pattern, or null for every table
   */
  public SqlShowTables(SqlParserPos pos, SqlIdentifier database, boolean notLike,
      SqlCharStringLiteral pattern) {
    super(pos);
    this.database = database;
    this.notLike = notLike;
    this.pattern = pattern;
  }

  /** The database after FROM or IN, or null for the current one. */
  public SqlIdentifier database() {
    return database;
  }

  /** Whether the pattern selects the tables that do NOT match it. */
  public boolean notLike() {
    return notLike;
  }

  /** The LIKE pattern, unquoted, or null. */
  public String likePattern() {
    return pattern == null ? null : pattern.getValueAs(String.class);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(database, pattern);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("SHOW TABLES");
    if (database != null) {
      writer.keyword("FROM");
      database.unparse(writer, leftPrec, rightPrec);
    }
    ShowLike.unparse(writer, notLike, pattern);
  }
}
