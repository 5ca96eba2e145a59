package dev.runnel.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.apache.calcite.sql.parser.SqlParseException;

/** Assertions on the errors the Runnel parser reports, shared by the parser tests. */
final class ParseErrors {
  private ParseErrors() {
  }

  /** The error parsing {@code sql} fails with; fails the test if it parses. */
  static SqlParseException parseError(String sql) {
    var e = catchThrowableOfType(SqlParseException.class, () -> RunnelSqlParser.parse(sql));
    assertThat(e).as("parse error for: %s", sql).isNotNull();
    return e;
  }

  /** The error points at {@code line}:{@code column}. */
  static void assertAt(SqlParseException e, int line, int column) {
    assertThat(e.getPos()).as(e.getMessage()).isNotNull();
    assertThat(e.getPos().getLineNum()).as(e.getMessage()).isEqualTo(line);
    assertThat(e.getPos().getColumnNum()).as(e.getMessage()).isEqualTo(column);
  }
}
