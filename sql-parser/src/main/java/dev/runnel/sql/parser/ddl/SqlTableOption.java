package dev.runnel.sql.parser.ddl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** One {@code 'key' = 'value'} pair of a {@code WITH (...)} clause. */
public final class SqlTableOption extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("TABLE_OPTION", SqlKind.OTHER);

  private final SqlCharStringLiteral key;
  private final SqlCharStringLiteral value;

  public SqlTableOption(SqlParserPos pos, SqlCharStringLiteral key, SqlCharStringLiteral value) {
    super(pos);
    this.key = key;
    this.value = value;
  }

  /** The key, unquoted. */
  public String key() {
    return key.getValueAs(String.class);
  }

  /** The value, unquoted. */
  public String value() {
    return value.getValueAs(String.class);
  }

  /** The key as written, for error positions. */
  public SqlCharStringLiteral keyLiteral() {
    return key;
  }

  /** The value as written, for error positions. */
  public SqlCharStringLiteral valueLiteral() {
    return value;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(key, value);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    key.unparse(writer, leftPrec, rightPrec);
    writer.keyword("=");
    value.unparse(writer, leftPrec, rightPrec);
  }

  /** The options among {@code nodes} as a map, keys and values unquoted, in the order written. */
  public static Map<String, String> toMap(Iterable<? extends SqlNode> nodes) {
    Map<String, String> options = new LinkedHashMap<>();
    for (SqlNode node : nodes) {
      var option = (SqlTableOption) node;
      options.put(option.key(), option.value());
    }
    return options;
  }
}
