package dev.runnel.sql.parser.dml;

import dev.runnel.sql.parser.SqlKeywordsStatement;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code BEGIN STATEMENT SET}: the SQL client's form of a statement set. The {@code INSERT}s
 * that follow are collected until {@link SqlEndStatementSet} submits them as one job.
 */
public final class SqlBeginStatementSet extends SqlKeywordsStatement {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("BEGIN STATEMENT SET", SqlKind.OTHER);

  public SqlBeginStatementSet(SqlParserPos pos) {
    super(OPERATOR, pos);
  }
}
