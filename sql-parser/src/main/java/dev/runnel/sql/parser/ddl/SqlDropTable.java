package dev.runnel.sql.parser.ddl;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP [TEMPORARY] TABLE [IF EXISTS] name}. */
public final class SqlDropTable extends SqlDropObject {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DROP TABLE", SqlKind.DROP_TABLE);

  private final boolean temporary;

  public SqlDropTable(SqlParserPos pos, boolean ifExists, SqlIdentifier name) {
    this(pos, false, ifExists, name);
  }

  public SqlDropTable(SqlParserPos pos, boolean temporary, boolean ifExists, SqlIdentifier name) {
    super(OPERATOR, pos, ifExists, name);
    this.temporary = temporary;
  }

  /** Whether the statement is {@code DROP TEMPORARY TABLE}. */
  public boolean temporary() {
    return temporary;
  }

  @Override protected String keywords() {
    return temporary ? "DROP TEMPORARY TABLE" : "DROP TABLE";
  }
}
