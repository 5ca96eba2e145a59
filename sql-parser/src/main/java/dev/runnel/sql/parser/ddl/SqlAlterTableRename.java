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

/** {@code ALTER TABLE [IF EXISTS] name RENAME TO new_name}. */
public final class SqlAlterTableRename extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("ALTER TABLE RENAME", SqlKind.ALTER_TABLE);

  private final boolean ifExists;
  private final SqlIdentifier name;
  private final SqlIdentifier newName;

  public SqlAlterTableRename(SqlParserPos pos, boolean ifExists, SqlIdentifier name,
      SqlIdentifier newName) {
    super(pos);
    this.ifExists = ifExists;
    this.name = name;
    this.newName = newName;
  }

  public boolean ifExists() {
    return ifExists;
  }

  public SqlIdentifier name() {
    return name;
  }

  public SqlIdentifier newName() {
    return newName;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name, newName);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("ALTER TABLE");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    writer.keyword("RENAME TO");
    newName.unparse(writer, leftPrec, rightPrec);
  }
}
