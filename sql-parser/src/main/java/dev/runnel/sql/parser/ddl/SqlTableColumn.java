package dev.runnel.sql.parser.ddl;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * A physical column of {@code CREATE TABLE}: {@code name type [NOT NULL] [COMMENT '...']}.
 * The type's nullability is always set: {@code type().getNullable()} is false for NOT NULL
 * and true otherwise.
 */
public final class SqlTableColumn extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("COLUMN_DECL", SqlKind.COLUMN_DECL);

  private final SqlIdentifier name;
  private final SqlDataTypeSpec type;
  private final SqlCharStringLiteral comment;

  /** {@code comment} may be null. */
  public SqlTableColumn(SqlParserPos pos, SqlIdentifier name, SqlDataTypeSpec type,
      SqlCharStringLiteral comment) {
    super(pos);
    this.name = name;
    this.type = type;
    this.comment = comment;
  }

  public SqlIdentifier name() {
    return name;
  }

  public SqlDataTypeSpec type() {
    return type;
  }

  /** Whether the column accepts NULL (no NOT NULL constraint). */
  public boolean nullable() {
    return !Boolean.FALSE.equals(type.getNullable());
  }

  /** The comment, unquoted, or null. */
  public String comment() {
    return comment == null ? null : comment.getValueAs(String.class);
  }

  /** The comment as written, or null. */
  public SqlCharStringLiteral commentLiteral() {
    return comment;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, type, comment);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    name.unparse(writer, leftPrec, rightPrec);
    type.unparse(writer, leftPrec, rightPrec);
    if (!nullable()) {
      writer.keyword("NOT NULL");
    }
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, leftPrec, rightPrec);
    }
  }
}
