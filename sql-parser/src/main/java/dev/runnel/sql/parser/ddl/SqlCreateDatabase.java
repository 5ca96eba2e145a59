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
 * {@code CREATE DATABASE [IF NOT EXISTS] [catalog.]db [COMMENT '...'] [WITH ('k' = 'v', ...)]}.
 * The parser guarantees that property keys are unique.
 */
public final class SqlCreateDatabase extends SqlCreate {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("CREATE DATABASE", SqlKind.CREATE_SCHEMA);

  private final SqlIdentifier name;
  private final SqlCharStringLiteral comment;
  private final SqlNodeList propertyList;

  /**
   * @param comment      the comment, or null
   * @param propertyList {@link SqlTableOption}s, empty when there is no WITH clause
   */
  public SqlCreateDatabase(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name,
      SqlCharStringLiteral comment, SqlNodeList propertyList) {
    super(OPERATOR, pos, false, ifNotExists);
    this.name = name;
    this.comment = comment;
    this.propertyList = propertyList;
  }

  /** {@code db} or {@code catalog.db}. */
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

  /** The WITH properties in the order written. */
  public Map<String, String> properties() {
    return SqlTableOption.toMap(propertyList);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, comment, propertyList);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE DATABASE");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, 0, 0);
    }
    if (!propertyList.isEmpty()) {
      writer.keyword("WITH");
      DdlUnparse.list(writer, propertyList);
    }
  }
}
