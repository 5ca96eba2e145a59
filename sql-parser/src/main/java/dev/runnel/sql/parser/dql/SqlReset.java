package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code RESET 'key'} restores one session option to its default; a bare {@code RESET}, all. */
public final class SqlReset extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("RESET", SqlKind.OTHER);

  private final SqlCharStringLiteral key;

  /** {@code key} is null to reset every option. */
  public SqlReset(SqlParserPos pos, SqlCharStringLiteral key) {
    super(pos);
    this.key = key;
  }

  /** The key, unquoted, or null for all options. */
  public String key() {
    return key == null ? null : key.getValueAs(String.class);
  }

  /** The key as written, or null. */
  public SqlCharStringLiteral keyLiteral() {
    return key;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(key);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("RESET");
    if (key != null) {
      key.unparse(writer, leftPrec, rightPrec);
    }
  }
}
