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
 * A column of {@code CREATE TABLE}, one of Flink's three kinds:
 * <ul>
 *   <li>physical: {@code name type [NOT NULL] [COMMENT '...']};
 *   <li>computed: {@code name AS expr [COMMENT '...']} ({@link #type()} is null);
 *   <li>metadata: {@code name type METADATA [FROM 'key'] [VIRTUAL] [COMMENT '...']}.
 * </ul>
 * The type's nullability is always set when there is a type: {@code type().getNullable()} is
 * false for NOT NULL and true otherwise.
 */
public final class SqlTableColumn extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("COLUMN_DECL", SqlKind.COLUMN_DECL);

  /** The kind of a column. */
  public enum Kind { PHYSICAL, COMPUTED, METADATA }

  private final Kind kind;
  private final SqlIdentifier name;
  private final SqlDataTypeSpec type;
  private final SqlNode expression;
  private final SqlCharStringLiteral metadataKey;
  private final boolean isVirtual;
  private final SqlCharStringLiteral comment;

  /** A physical column; {@code comment} may be null. */
  public SqlTableColumn(SqlParserPos pos, SqlIdentifier name, SqlDataTypeSpec type,
      SqlCharStringLiteral comment) {
    this(pos, Kind.PHYSICAL, name, type, null, null, false, comment);
  }

  private SqlTableColumn(SqlParserPos pos, Kind kind, SqlIdentifier name, SqlDataTypeSpec type,
      SqlNode expression, SqlCharStringLiteral metadataKey, boolean isVirtual,
      SqlCharStringLiteral comment) {
    super(pos);
    this.kind = kind;
    this.name = name;
    this.type = type;
    this.expression = expression;
    this.metadataKey = metadataKey;
    this.isVirtual = isVirtual;
    this.comment = comment;
  }

  /** A computed column {@code name AS expression}; {@code comment} may be null. */
  public static SqlTableColumn computed(SqlParserPos pos, SqlIdentifier name, SqlNode expression,
      SqlCharStringLiteral comment) {
    return new SqlTableColumn(pos, Kind.COMPUTED, name, null, expression, null, false, comment);
  }

  /** A metadata column; {@code metadataKey} (FROM) and {@code comment} may be null. */
  public static SqlTableColumn metadata(SqlParserPos pos, SqlIdentifier name, SqlDataTypeSpec type,
      SqlCharStringLiteral metadataKey, boolean isVirtual, SqlCharStringLiteral comment) {
    return new SqlTableColumn(pos, Kind.METADATA, name, type, null, metadataKey, isVirtual,
        comment);
  }

  public Kind kind() {
    return kind;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** The declared type; null for a computed column. */
  public SqlDataTypeSpec type() {
    return type;
  }

  /** Whether the column accepts NULL (no NOT NULL constraint). */
  public boolean nullable() {
    return type == null || !Boolean.FALSE.equals(type.getNullable());
  }

  /** The expression of a computed column, else null. */
  public SqlNode expression() {
    return expression;
  }

  /** The key after {@code METADATA FROM}, unquoted; null when absent or not a metadata column. */
  public String metadataKey() {
    return metadataKey == null ? null : metadataKey.getValueAs(String.class);
  }

  /** The {@code FROM 'key'} literal, for error positions; null when absent. */
  public SqlCharStringLiteral metadataKeyLiteral() {
    return metadataKey;
  }

  /** Whether a metadata column is {@code VIRTUAL} (read-only). */
  public boolean isVirtual() {
    return isVirtual;
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
    return ImmutableNullableList.of(name, type, expression, metadataKey, comment);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    name.unparse(writer, leftPrec, rightPrec);
    if (kind == Kind.COMPUTED) {
      writer.keyword("AS");
      expression.unparse(writer, 0, 0);
    } else {
      type.unparse(writer, leftPrec, rightPrec);
      if (!nullable()) {
        writer.keyword("NOT NULL");
      }
      if (kind == Kind.METADATA) {
        writer.keyword("METADATA");
        if (metadataKey != null) {
          writer.keyword("FROM");
          metadataKey.unparse(writer, 0, 0);
        }
        if (isVirtual) {
          writer.keyword("VIRTUAL");
        }
      }
    }
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, leftPrec, rightPrec);
    }
  }
}
