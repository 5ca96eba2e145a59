package dev.runnel.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A statement that is its keywords and nothing else ({@code SHOW JOBS}, {@code BEGIN STATEMENT
 * SET}): no operands, and written back as the keywords its operator is named by.
 */
public abstract class SqlKeywordsStatement extends SqlCall {
  private final SqlSpecialOperator operator;

  protected SqlKeywordsStatement(SqlSpecialOperator operator, SqlParserPos pos) {
    super(pos);
    this.operator = operator;
  }

  @Override public SqlOperator getOperator() {
    return operator;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(operator.getName());
  }
}
