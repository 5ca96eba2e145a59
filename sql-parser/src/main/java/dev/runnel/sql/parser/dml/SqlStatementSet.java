package dev.runnel.sql.parser.dml;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code [EXECUTE] STATEMENT SET BEGIN INSERT …; INSERT …; END}: several inserts that run as
 * one job.
 */
public final class SqlStatementSet extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("STATEMENT SET", SqlKind.OTHER);

  private final boolean execute;
  private final SqlNodeList inserts;

  /** @param execute whether the set was written with {@code EXECUTE} */
  public SqlStatementSet(SqlParserPos pos, boolean execute, SqlNodeList inserts) {
    super(pos);
    this.execute = execute;
    this.inserts = inserts;
  }

  public boolean execute() {
    return execute;
  }

  /** The {@code INSERT} statements, in order; at least one. */
  public List<SqlInsert> inserts() {
    return inserts.getList().stream().map(SqlInsert.class::cast).toList();
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(inserts);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    if (execute) {
      writer.keyword("EXECUTE");
    }
    writer.keyword("STATEMENT SET BEGIN");
    for (SqlNode insert : inserts) {
      insert.unparse(writer, 0, 0);
      writer.setNeedWhitespace(false);
      writer.print(";");
      writer.setNeedWhitespace(true);
    }
    writer.keyword("END");
  }
}
