package dev.runnel.sql.parser.dml;

import dev.runnel.sql.parser.SqlKeywordsStatement;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code END}: submits the statement set that {@link SqlBeginStatementSet} opened. */
public final class SqlEndStatementSet extends SqlKeywordsStatement {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("END", SqlKind.OTHER);

  public SqlEndStatementSet(SqlParserPos pos) {
    super(OPERATOR, pos);
  }
}
