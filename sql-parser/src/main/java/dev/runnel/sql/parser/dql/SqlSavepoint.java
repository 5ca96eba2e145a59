package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SAVEPOINT 'id'}: takes a savepoint of a running job without stopping it. */
public final class SqlSavepoint extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SAVEPOINT", SqlKind.OTHER);

  private final SqlCharStringLiteral jobId;

  public SqlSavepoint(SqlParserPos pos, SqlCharStringLiteral jobId) {
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

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(jobId);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("SAVEPOINT");
    jobId.unparse(writer, leftPrec, rightPrec);
  }
}
