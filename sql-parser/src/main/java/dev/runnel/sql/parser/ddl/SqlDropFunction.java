package dev.runnel.sql.parser.ddl;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP [TEMPORARY [SYSTEM]] FUNCTION [IF EXISTS] [catalog.][db.]name}. */
public final class SqlDropFunction extends SqlDropObject {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DROP FUNCTION", SqlKind.DROP_FUNCTION);

  private final boolean temporary;
  private final boolean system;

  public SqlDropFunction(SqlParserPos pos, boolean temporary, boolean system, boolean ifExists,
      SqlIdentifier name) {
    super(OPERATOR, pos, ifExists, name);
    this.temporary = temporary;
    this.system = system;
  }

  public boolean temporary() {
    return temporary;
  }

  public boolean system() {
    return system;
  }

  @Override protected String keywords() {
    return temporary ? (system ? "DROP TEMPORARY SYSTEM FUNCTION" : "DROP TEMPORARY FUNCTION")
        : "DROP FUNCTION";
  }
}
