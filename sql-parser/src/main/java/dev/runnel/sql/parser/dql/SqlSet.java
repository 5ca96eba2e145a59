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

/**
 * {@code SET 'key' = 'value'} sets a session option; a bare {@code SET} lists them (then key
 * and value are both null).
 */
public final class SqlSet extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SET", SqlKind.OTHER);

  private final SqlCharStringLiteral key;
  private final SqlCharStringLiteral value;

  /** {@code key} and {@code value} are both null or both set. */
  public SqlSet(SqlParserPos pos, SqlCharStringLiteral key, SqlCharStringLiteral value) {
    super(pos);
    if ((key == null) != (value == null)) {
      throw new IllegalArgumentException("SET needs both a key and a value, or neither");
    }
    this.key = key;
    this.value = value;
  }

  /** The key, unquoted, or null for the listing form. */
  public String key() {
    return key == null ? null : key.getValueAs(String.class);
  }

  /** The value, unquoted, or null for the listing form. */
  public String value() {
    return value == null ? null : value.getValueAs(String.class);
  }

  /** The key as written, or null. */
  public SqlCharStringLiteral keyLiteral() {
    return key;
  }

  /** The value as written, or null. */
  public SqlCharStringLiteral valueLiteral() {
    return value;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(key, value);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("SET");
    if (key != null) {
      key.unparse(writer, leftPrec, rightPrec);
      writer.keyword("=");
      value.unparse(writer, leftPrec, rightPrec);
    }
  }
}
