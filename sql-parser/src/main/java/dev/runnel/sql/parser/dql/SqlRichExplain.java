package dev.runnel.sql.parser.dql;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Flink's {@code EXPLAIN [PLAN FOR] statement} and {@code EXPLAIN detail[, detail]* statement},
 * where the statement is a query, an {@code INSERT} or a statement set. (Calcite's own
 * {@code EXPLAIN PLAN [WITH TYPE | AS JSON | …] FOR} stays a Calcite {@code SqlExplain}.)
 */
public final class SqlRichExplain extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("EXPLAIN", SqlKind.EXPLAIN);

  private final SqlNode statement;
  private final SqlNodeList details;

  /** {@code details} holds {@link SqlExplainDetail} symbols in the order written. */
  public SqlRichExplain(SqlParserPos pos, SqlNode statement, SqlNodeList details) {
    super(pos);
    this.statement = statement;
    this.details = details;
  }

  /** The query, {@code INSERT} or {@link dev.runnel.sql.parser.dml.SqlStatementSet} to explain. */
  public SqlNode statement() {
    return statement;
  }

  /** The details asked for, as written (each at most once). */
  public SqlNodeList detailList() {
    return details;
  }

  public Set<SqlExplainDetail> details() {
    Set<SqlExplainDetail> set = EnumSet.noneOf(SqlExplainDetail.class);
    for (SqlNode node : details) {
      set.add(((SqlLiteral) node).getValueAs(SqlExplainDetail.class));
    }
    return set;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(statement, details);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("EXPLAIN");
    for (int i = 0; i < details.size(); i++) {
      writer.keyword(((SqlLiteral) details.get(i)).getValueAs(SqlExplainDetail.class).name()
          + (i < details.size() - 1 ? "," : ""));
    }
    statement.unparse(writer, 0, 0);
  }
}
