package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SAVEPOINT 'id'}: takes a savepoint of a running job without stopping it. */
public final class SqlSavepoint extends SqlJobCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SAVEPOINT", SqlKind.OTHER);

  public SqlSavepoint(SqlParserPos pos, SqlCharStringLiteral jobId) {
    super(pos, jobId);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }
}
