package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code CREATE [TEMPORARY] VIEW [IF NOT EXISTS] name [(c1, c2)] [COMMENT '...'] AS query}. */
public final class SqlCreateView extends SqlCreate {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("CREATE VIEW", SqlKind.CREATE_VIEW);

  private final boolean temporary;
  private final SqlIdentifier name;
  private final SqlNodeList columnList;
  private final SqlCharStringLiteral comment;
  private final SqlNode query;

  /**
   * @param columnList the view's column names ({@link SqlIdentifier}s), empty when not given
   * @param comment    the comment, or null
   */
  public SqlCreateView(SqlParserPos pos, boolean temporary, boolean ifNotExists,
      SqlIdentifier name, SqlNodeList columnList, SqlCharStringLiteral comment, SqlNode query) {
    super(OPERATOR, pos, false, ifNotExists);
    this.temporary = temporary;
    this.name = name;
    this.columnList = columnList;
    this.comment = comment;
    this.query = query;
  }

  public boolean temporary() {
    return temporary;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** The column names written after the view name ({@link SqlIdentifier}s), or empty. */
  public SqlNodeList columnList() {
    return columnList;
  }

  /** The comment, unquoted, or null. */
  public String comment() {
    return comment == null ? null : comment.getValueAs(String.class);
  }

  public SqlNode query() {
    return query;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, columnList, comment, query);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(temporary ? "CREATE TEMPORARY VIEW" : "CREATE VIEW");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    if (!columnList.isEmpty()) {
      DdlUnparse.list(writer, columnList);
    }
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, 0, 0);
    }
    writer.keyword("AS");
    writer.newlineAndIndent();
    query.unparse(writer, 0, 0);
  }
}
