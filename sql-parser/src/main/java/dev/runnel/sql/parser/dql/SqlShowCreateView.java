package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW CREATE VIEW name}: the statement that creates the view. */
public final class SqlShowCreateView extends SqlObjectCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW CREATE VIEW", SqlKind.OTHER);

  public SqlShowCreateView(SqlParserPos pos, SqlIdentifier name) {
    super(pos, name);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override protected String keywords() {
    return "SHOW CREATE VIEW";
  }
}
