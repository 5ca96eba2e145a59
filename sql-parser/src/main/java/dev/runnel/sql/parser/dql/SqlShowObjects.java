package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The SHOW forms that take no argument: {@code SHOW CATALOGS}, {@code SHOW DATABASES},
 * {@code SHOW VIEWS}, {@code SHOW [USER] FUNCTIONS}, {@code SHOW CURRENT CATALOG} and
 * {@code SHOW CURRENT DATABASE}.
 */
public final class SqlShowObjects extends SqlCall {

  /** What is shown; {@link #sql} is the statement's text. */
  public enum Kind {
    CATALOGS("SHOW CATALOGS"),
    DATABASES("SHOW DATABASES"),
    VIEWS("SHOW VIEWS"),
    FUNCTIONS("SHOW FUNCTIONS"),
    USER_FUNCTIONS("SHOW USER FUNCTIONS"),
    CURRENT_CATALOG("SHOW CURRENT CATALOG"),
    CURRENT_DATABASE("SHOW CURRENT DATABASE");

    public final String sql;

    Kind(String sql) {
      this.sql = sql;
    }
  }

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW", SqlKind.OTHER);

  private final Kind kind;

  public SqlShowObjects(SqlParserPos pos, Kind kind) {
    super(pos);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(kind.sql);
  }
}
