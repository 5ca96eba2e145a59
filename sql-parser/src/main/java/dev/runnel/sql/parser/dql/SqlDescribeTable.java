package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code DESCRIBE name} or {@code DESC name} (an optional TABLE keyword is accepted): the
 * columns of a table. Unparses as {@code DESCRIBE TABLE name}, the form Calcite's own
 * {@link org.apache.calcite.sql.SqlDescribeTable} writes, so that Calcite's parser tests hold.
 */
public final class SqlDescribeTable extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DESCRIBE", SqlKind.DESCRIBE_TABLE);

  private final SqlIdentifier name;

  public SqlDescribeTable(SqlParserPos pos, SqlIdentifier name) {
    super(pos);
    this.name = name;
  }

  public SqlIdentifier name() {
    return name;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("DESCRIBE TABLE");
    name.unparse(writer, leftPrec, rightPrec);
  }
}
