package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code SHOW COLUMNS (FROM | IN) table [[NOT] LIKE 'pattern']}; unparses with FROM. */
public final class SqlShowColumns extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW COLUMNS", SqlKind.OTHER);

  private final SqlIdentifier table;
  private final boolean notLike;
  private final SqlCharStringLiteral pattern;

  /** @param pattern the LIKE pattern, or null for every column */
  public SqlShowColumns(SqlParserPos pos, SqlIdentifier table, boolean notLike,
      SqlCharStringLiteral pattern) {
    super(pos);
    this.table = table;
    this.notLike = notLike;
    this.pattern = pattern;
  }

  public SqlIdentifier table() {
    return table;
  }

  /** Whether the pattern selects the columns that do NOT match it. */
  public boolean notLike() {
    return notLike;
  }

  /** The LIKE pattern, unquoted, or null. */
  public String likePattern() {
    return pattern == null ? null : pattern.getValueAs(String.class);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(table, pattern);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("SHOW COLUMNS FROM");
    table.unparse(writer, leftPrec, rightPrec);
    ShowLike.unparse(writer, notLike, pattern);
  }
}
