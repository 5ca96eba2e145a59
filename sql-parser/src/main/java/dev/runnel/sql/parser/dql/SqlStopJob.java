package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code STOP JOB 'id' [WITH SAVEPOINT] [WITH DRAIN]}: cancels a running job, or with a
 * savepoint stops it after taking one (with drain, event time first advances to the end).
 */
public final class SqlStopJob extends SqlJobCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("STOP JOB", SqlKind.OTHER);

  private final boolean withSavepoint;
  private final boolean withDrain;

  public SqlStopJob(SqlParserPos pos, SqlCharStringLiteral jobId, boolean withSavepoint, boolean withDrain) {
    super(pos, jobId);
    this.withSavepoint = withSavepoint;
    this.withDrain = withDrain;
  }

  public SqlStopJob(SqlParserPos pos, SqlCharStringLiteral jobId) {
    this(pos, jobId, false, false);
  }

  public boolean withSavepoint() {
    return withSavepoint;
  }

  public boolean withDrain() {
    return withDrain;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    super.unparse(writer, leftPrec, rightPrec);
    if (withSavepoint) {
      writer.keyword("WITH SAVEPOINT");
    }
    if (withDrain) {
      writer.keyword("WITH DRAIN");
    }
  }
}
