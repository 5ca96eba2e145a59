package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code WATERMARK FOR column AS expression} inside a {@code CREATE TABLE} column list. */
public final class SqlWatermark extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("WATERMARK", SqlKind.OTHER);

  private final SqlIdentifier eventTimeColumn;
  private final SqlNode expression;

  public SqlWatermark(SqlParserPos pos, SqlIdentifier eventTimeColumn, SqlNode expression) {
    super(pos);
    this.eventTimeColumn = eventTimeColumn;
    this.expression = expression;
  }

  /** The rowtime column (simple name). */
  public SqlIdentifier eventTimeColumn() {
    return eventTimeColumn;
  }

  /** The watermark strategy expression. */
  public SqlNode expression() {
    return expression;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(eventTimeColumn, expression);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("WATERMARK FOR");
    eventTimeColumn.unparse(writer, 0, 0);
    writer.keyword("AS");
    expression.unparse(writer, 0, 0);
  }
}
