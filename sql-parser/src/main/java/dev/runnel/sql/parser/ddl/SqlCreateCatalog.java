package dev.runnel.sql.parser.ddl;

import java.util.List;
import java.util.Map;
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

/**
 * {@code CREATE CATALOG [IF NOT EXISTS] name [COMMENT '...'] WITH ('type' = '...', ...)}.
 * The parser guarantees that option keys are unique.
 */
public final class SqlCreateCatalog extends SqlCreate {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("CREATE CATALOG", SqlKind.OTHER_DDL);

  private final SqlIdentifier name;
  private final SqlCharStringLiteral comment;
  private final SqlNodeList optionList;

  public SqlCreateCatalog(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name,
      SqlCharStringLiteral comment, SqlNodeList optionList) {
    super(OPERATOR, pos, false, ifNotExists);
    this.name = name;
    this.comment = comment;
    this.optionList = optionList;
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  /** The comment, unquoted, or null. */
  public String comment() {
    return comment == null ? null : comment.getValueAs(String.class);
  }

  /** The {@link SqlTableOption}s as written, for error positions. */
  public SqlNodeList optionList() {
    return optionList;
  }

  /** The WITH options in the order written. */
  public Map<String, String> options() {
    return SqlTableOption.toMap(optionList);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, comment, optionList);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE CATALOG");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, 0, 0);
    }
    writer.keyword("WITH");
    DdlUnparse.list(writer, optionList);
  }
}
