package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code {DESCRIBE | DESC} {CATALOG | DATABASE} [EXTENDED] name}. */
public final class SqlDescribeNamespace extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DESCRIBE NAMESPACE", SqlKind.OTHER);

  private final boolean catalog;
  private final boolean extended;
  private final SqlIdentifier name;

  /**
   * @param catalog whether a catalog is described; else a database ({@code [catalog.]db})
   */
  public SqlDescribeNamespace(SqlParserPos pos, boolean catalog, boolean extended, SqlIdentifier name) {
    super(pos);
    this.catalog = catalog;
    this.extended = extended;
    this.name = name;
  }

  public boolean isCatalog() {
    return catalog;
  }

  public boolean isExtended() {
    return extended;
  }

  public SqlIdentifier name() {
    return name;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(catalog ? "DESCRIBE CATALOG" : "DESCRIBE DATABASE");
    if (extended) {
      writer.keyword("EXTENDED");
    }
    name.unparse(writer, leftPrec, rightPrec);
  }
}
