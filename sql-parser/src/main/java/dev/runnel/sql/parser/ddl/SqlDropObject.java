package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP <kind> [IF EXISTS] name}: the DROP statements that name one object and nothing else. */
abstract class SqlDropObject extends SqlDrop {
  private final SqlIdentifier name;

  SqlDropObject(SqlSpecialOperator operator, SqlParserPos pos, boolean ifExists, SqlIdentifier name) {
    super(operator, pos, ifExists);
    this.name = name;
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean ifExists() {
    return ifExists;
  }

  /** The words before IF EXISTS, such as {@code DROP TABLE}. */
  protected String keywords() {
    return getOperator().getName();
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(keywords());
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
  }
}
