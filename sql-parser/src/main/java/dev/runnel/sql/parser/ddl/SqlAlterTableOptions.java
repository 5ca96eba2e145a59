package dev.runnel.sql.parser.ddl;

import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code ALTER TABLE [IF EXISTS] name SET ('k' = 'v', ...)}: sets (adds or replaces) connector
 * options. The parser guarantees that keys are unique.
 */
public final class SqlAlterTableOptions extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("ALTER TABLE SET", SqlKind.ALTER_TABLE);

  private final boolean ifExists;
  private final SqlIdentifier name;
  private final SqlNodeList optionList;

  public SqlAlterTableOptions(SqlParserPos pos, boolean ifExists, SqlIdentifier name,
      SqlNodeList optionList) {
    super(pos);
    this.ifExists = ifExists;
    this.name = name;
    this.optionList = optionList;
  }

  public boolean ifExists() {
    return ifExists;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** The options as nodes, in the order written. */
  public List<SqlTableOption> tableOptions() {
    return optionList.stream().map(SqlTableOption.class::cast).toList();
  }

  /** The options in the order written, keys and values unquoted. */
  public Map<String, String> options() {
    return SqlTableOption.toMap(tableOptions());
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name, optionList);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("ALTER TABLE");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    writer.keyword("SET");
    DdlUnparse.list(writer, optionList);
  }
}
