package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** A command on one job named by its id: {@code STOP JOB 'id'}, {@code DESCRIBE JOB 'id'}. */
public abstract class SqlJobCommand extends SqlCall {

  private final SqlCharStringLiteral jobId;

  protected SqlJobCommand(SqlParserPos pos, SqlCharStringLiteral jobId) {
    super(pos);
    this.jobId = jobId;
  }

  /** The job id, unquoted. */
  public String jobId() {
    return jobId.getValueAs(String.class);
  }

  /** The job id as written, for error positions. */
  public SqlCharStringLiteral jobIdLiteral() {
    return jobId;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(jobId);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(getOperator().getName());
    jobId.unparse(writer, leftPrec, rightPrec);
  }
}
