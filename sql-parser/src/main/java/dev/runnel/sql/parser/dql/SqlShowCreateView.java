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

/** {@code SHOW CREATE VIEW name}: the statement that creates the view. */
public final class SqlShowCreateView extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW CREATE VIEW", SqlKind.OTHER);

  private final SqlIdentifier name;

  public SqlShowCreateView(SqlParserPos pos, SqlIdentifier name) {
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
    writer.keyword("SHOW CREATE VIEW");
    name.unparse(writer, leftPrec, rightPrec);
  }
}
