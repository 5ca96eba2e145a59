package dev.runnel.sql.parser.dml;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code END}: submits the statement set that {@link SqlBeginStatementSet} opened. */
public final class SqlEndStatementSet extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("END", SqlKind.OTHER);

  public SqlEndStatementSet(SqlParserPos pos) {
    super(pos);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("END");
  }
}
