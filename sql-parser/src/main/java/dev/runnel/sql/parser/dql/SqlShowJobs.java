package dev.runnel.sql.parser.dql;

import dev.runnel.sql.parser.SqlKeywordsStatement;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW JOBS}: lists the jobs of the cluster. */
public final class SqlShowJobs extends SqlKeywordsStatement {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW JOBS", SqlKind.OTHER);

  public SqlShowJobs(SqlParserPos pos) {
    super(OPERATOR, pos);
  }
}
