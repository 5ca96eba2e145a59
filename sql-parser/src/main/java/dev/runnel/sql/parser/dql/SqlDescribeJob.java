package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DESCRIBE JOB 'id'}: shows a job: its vertices with their parallelism, subtask states, slots and counts. */
public final class SqlDescribeJob extends SqlJobCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DESCRIBE JOB", SqlKind.OTHER);

  public SqlDescribeJob(SqlParserPos pos, SqlCharStringLiteral jobId) {
    super(pos, jobId);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }
}
