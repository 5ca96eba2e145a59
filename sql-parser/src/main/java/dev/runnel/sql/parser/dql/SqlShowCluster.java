package dev.runnel.sql.parser.dql;

import dev.runnel.sql.parser.SqlKeywordsStatement;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW CLUSTER}: lists the cluster's JobManagers (leader and standbys) and TaskManagers. */
public final class SqlShowCluster extends SqlKeywordsStatement {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW CLUSTER", SqlKind.OTHER);

  public SqlShowCluster(SqlParserPos pos) {
    super(OPERATOR, pos);
  }
}
