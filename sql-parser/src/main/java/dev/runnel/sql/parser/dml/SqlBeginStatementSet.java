package dev.runnel.sql.parser.dml;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code BEGIN STATEMENT SET}: the SQL client's form of a statement set. The {@code INSERT}s
 * that follow are collected until {@link SqlEndStatementSet} submits them as one job.
 */
public final class SqlBeginStatementSet extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("BEGIN STATEMENT SET", SqlKind.OTHER);

  public SqlBeginStatementSet(SqlParserPos pos) {
    super(pos);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("BEGIN STATEMENT SET");
  }
}
