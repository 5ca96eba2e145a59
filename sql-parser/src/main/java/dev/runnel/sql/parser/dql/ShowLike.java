package dev.runnel.sql.parser.dql;

import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlWriter;

/** The {@code [NOT] LIKE 'pattern'} clause of the SHOW statements. */
final class ShowLike {

  private ShowLike() {
  }

  static void unparse(SqlWriter writer, boolean notLike, SqlCharStringLiteral pattern) {
    if (pattern != null) {
      writer.keyword(notLike ? "NOT LIKE" : "LIKE");
      pattern.unparse(writer, 0, 0);
    }
  }
}
