package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code DROP DATABASE [IF EXISTS] [catalog.]db [RESTRICT | CASCADE]}; RESTRICT (the default)
 * refuses to drop a database that still holds tables or views.
 */
public final class SqlDropDatabase extends SqlDrop {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("DROP DATABASE", SqlKind.DROP_SCHEMA);

  private final SqlIdentifier name;
  private final boolean cascade;

  public SqlDropDatabase(SqlParserPos pos, boolean ifExists, SqlIdentifier name,
      boolean cascade) {
    super(OPERATOR, pos, ifExists);
    this.name = name;
    this.cascade = cascade;
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean ifExists() {
    return ifExists;
  }

  /** Whether the database's tables and views are dropped with it. */
  public boolean cascade() {
    return cascade;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("DROP DATABASE");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    writer.keyword(cascade ? "CASCADE" : "RESTRICT");
  }
}
