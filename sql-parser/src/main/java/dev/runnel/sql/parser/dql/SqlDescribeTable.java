package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code DESCRIBE name} or {@code DESC name} (an optional TABLE keyword is accepted): the
 * columns of a table. Unparses as {@code DESCRIBE TABLE name}, the form Calcite's own
 * {@link org.apache.calcite.sql.SqlDescribeTable} writes, so that Calcite's parser tests hold.
 */
public final class SqlDescribeTable extends SqlObjectCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DESCRIBE", SqlKind.DESCRIBE_TABLE);

  public SqlDescribeTable(SqlParserPos pos, SqlIdentifier name) {
    super(pos, name);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override protected String keywords() {
    return "DESCRIBE TABLE";
  }
}
