package dev.runnel.sql.parser.dml;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** One {@code column = literal} of a {@code PARTITION (...)} clause. */
public final class SqlStaticPartition extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("PARTITION_VALUE", SqlKind.OTHER);

  private final SqlIdentifier column;
  private final SqlNode value;

  public SqlStaticPartition(SqlParserPos pos, SqlIdentifier column, SqlNode value) {
    super(pos);
    this.column = column;
    this.value = value;
  }

  public SqlIdentifier column() {
    return column;
  }

  /** A literal. */
  public SqlNode value() {
    return value;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(column, value);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    column.unparse(writer, leftPrec, rightPrec);
    writer.keyword("=");
    value.unparse(writer, leftPrec, rightPrec);
  }
}
