package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code STOP JOB 'id'}: cancels a running job. */
public final class SqlStopJob extends SqlJobCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("STOP JOB", SqlKind.OTHER);

  public SqlStopJob(SqlParserPos pos, SqlCharStringLiteral jobId) {
    super(pos, jobId);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }
}
