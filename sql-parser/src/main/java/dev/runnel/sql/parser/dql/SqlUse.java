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

/** {@code USE CATALOG name} or {@code USE [catalog.]db}: changes the session's current namespace. */
public final class SqlUse extends SqlCall {

  public static final SqlSpecialOperator OPERATOR = new SqlSpecialOperator("USE", SqlKind.OTHER);

  private final boolean catalog;
  private final SqlIdentifier name;

  public SqlUse(SqlParserPos pos, boolean catalog, SqlIdentifier name) {
    super(pos);
    this.catalog = catalog;
    this.name = name;
  }

  /** Whether this is {@code USE CATALOG}; else it names a database. */
  public boolean isCatalog() {
    return catalog;
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
    writer.keyword(catalog ? "USE CATALOG" : "USE");
    name.unparse(writer, leftPrec, rightPrec);
  }
}
