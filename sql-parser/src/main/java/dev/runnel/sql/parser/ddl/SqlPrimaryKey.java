package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * {@code [CONSTRAINT name] PRIMARY KEY (c, ...) NOT ENFORCED}, written as a table element or
 * after a column ({@code id INT PRIMARY KEY NOT ENFORCED}). The parser only builds it when
 * {@code NOT ENFORCED} is given: Runnel, like Flink, does not own the data it reads.
 */
public final class SqlPrimaryKey extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("PRIMARY KEY", SqlKind.PRIMARY_KEY);

  private final SqlIdentifier constraintName;
  private final SqlNodeList columns;

  /** {@code constraintName} may be null. */
  public SqlPrimaryKey(SqlParserPos pos, SqlIdentifier constraintName, SqlNodeList columns) {
    super(pos);
    this.constraintName = constraintName;
    this.columns = columns;
  }

  /** The name after CONSTRAINT, or null. */
  public SqlIdentifier constraintName() {
    return constraintName;
  }

  /** The key's column identifiers. */
  public SqlNodeList columnList() {
    return columns;
  }

  /** The key's column names in order. */
  public List<String> columnNames() {
    return columns.stream().map(n -> ((SqlIdentifier) n).getSimple()).toList();
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(constraintName, columns);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    if (constraintName != null) {
      writer.keyword("CONSTRAINT");
      constraintName.unparse(writer, 0, 0);
    }
    writer.keyword("PRIMARY KEY");
    var frame = writer.startList("(", ")");
    for (SqlNode column : columns) {
      writer.sep(",");
      column.unparse(writer, 0, 0);
    }
    writer.endList(frame);
    writer.keyword("NOT ENFORCED");
  }
}
