package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP [TEMPORARY] VIEW [IF EXISTS] name}. */
public final class SqlDropView extends SqlDrop {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DROP VIEW", SqlKind.DROP_VIEW);

  private final boolean temporary;
  private final SqlIdentifier name;

  public SqlDropView(SqlParserPos pos, boolean temporary, boolean ifExists, SqlIdentifier name) {
    super(OPERATOR, pos, ifExists);
    this.temporary = temporary;
    this.name = name;
  }

  public boolean temporary() {
    return temporary;
  }

  public boolean ifExists() {
    return ifExists;
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
    writer.keyword(temporary ? "DROP TEMPORARY VIEW" : "DROP VIEW");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
  }
}
