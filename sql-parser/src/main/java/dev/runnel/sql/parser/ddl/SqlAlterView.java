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
import org.apache.calcite.util.ImmutableNullableList;

/**
 * {@code ALTER VIEW name RENAME TO new_name} or {@code ALTER VIEW name AS query}: exactly one
 * of {@link #newName()} and {@link #query()} is set.
 */
public final class SqlAlterView extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("ALTER VIEW", SqlKind.ALTER_VIEW);

  private final SqlIdentifier name;
  private final SqlIdentifier newName;
  private final SqlNode query;

  private SqlAlterView(SqlParserPos pos, SqlIdentifier name, SqlIdentifier newName, SqlNode query) {
    super(pos);
    this.name = name;
    this.newName = newName;
    this.query = query;
  }

  public static SqlAlterView rename(SqlParserPos pos, SqlIdentifier name, SqlIdentifier newName) {
    return new SqlAlterView(pos, name, newName, null);
  }

  public static SqlAlterView as(SqlParserPos pos, SqlIdentifier name, SqlNode query) {
    return new SqlAlterView(pos, name, null, query);
  }

  public SqlIdentifier name() {
    return name;
  }

  /** The new name of {@code RENAME TO}, else null. */
  public SqlIdentifier newName() {
    return newName;
  }

  /** The new query of {@code AS}, else null. */
  public SqlNode query() {
    return query;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, newName, query);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("ALTER VIEW");
    name.unparse(writer, leftPrec, rightPrec);
    if (newName != null) {
      writer.keyword("RENAME TO");
      newName.unparse(writer, leftPrec, rightPrec);
    } else {
      writer.keyword("AS");
      query.unparse(writer, 0, 0);
    }
  }
}
