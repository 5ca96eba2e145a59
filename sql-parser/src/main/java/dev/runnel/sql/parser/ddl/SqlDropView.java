package dev.runnel.sql.parser.ddl;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP [TEMPORARY] VIEW [IF EXISTS] name}. */
public final class SqlDropView extends SqlDropObject {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DROP VIEW", SqlKind.DROP_VIEW);

  private final boolean temporary;

  public SqlDropView(SqlParserPos pos, boolean temporary, boolean ifExists, SqlIdentifier name) {
    super(OPERATOR, pos, ifExists, name);
    this.temporary = temporary;
  }

  public boolean temporary() {
    return temporary;
  }

  @Override protected String keywords() {
    return temporary ? "DROP TEMPORARY VIEW" : "DROP VIEW";
  }
}
