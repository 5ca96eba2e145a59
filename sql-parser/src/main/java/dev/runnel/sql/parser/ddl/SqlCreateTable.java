package dev.runnel.sql.parser.ddl;

import java.util.Collections;
import java.util.LinkedHashMap;
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
 * {@code CREATE TABLE [IF NOT EXISTS] name (column, ...) [COMMENT '...'] [WITH ('k' = 'v', ...)]}.
 * The parser guarantees that option keys are unique; a missing WITH clause gives no options.
 */
public final class SqlCreateTable extends SqlCreate {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("CREATE TABLE", SqlKind.CREATE_TABLE);

  private final SqlIdentifier name;
  private final SqlNodeList columnList;
  private final SqlCharStringLiteral comment;
  private final SqlNodeList optionList;

  /**
   * @param columnList {@link SqlTableColumn}s
   * @param comment    the table comment, or null
   * @param optionList {@link SqlTableOption}s, empty when there is no WITH clause
   */
  public SqlCreateTable(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name,
      SqlNodeList columnList, SqlCharStringLiteral comment, SqlNodeList optionList) {
    super(OPERATOR, pos, false, ifNotExists);
    this.name = name;
    this.columnList = columnList;
    this.comment = comment;
    this.optionList = optionList;
  }

  /** The table name; compound ({@code catalog.db.t}) when qualified. */
  public SqlIdentifier name() {
    return name;
  }

  /** The columns in declaration order. */
  public List<SqlTableColumn> columns() {
    return columnList.stream()
        .filter(SqlTableColumn.class::isInstance)
        .map(SqlTableColumn.class::cast)
        .toList();
  }

  /** Every element of the parenthesized list (today only {@link SqlTableColumn}s). */
  public SqlNodeList columnList() {
    return columnList;
  }

  /** The WITH options in the order written, keys and values unquoted. */
  public Map<String, String> options() {
    Map<String, String> options = new LinkedHashMap<>();
    for (SqlTableOption option : tableOptions()) {
      options.put(option.key(), option.value());
    }
    return Collections.unmodifiableMap(options);
  }

  /** The WITH options as nodes, in the order written. */
  public List<SqlTableOption> tableOptions() {
    return optionList.stream().map(SqlTableOption.class::cast).toList();
  }

  /** The raw WITH options, {@link SqlTableOption}s. */
  public SqlNodeList optionList() {
    return optionList;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  /** The table comment, unquoted, or null. */
  public String comment() {
    return comment == null ? null : comment.getValueAs(String.class);
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, columnList, comment, optionList);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE TABLE");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    unparseList(writer, columnList);
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, 0, 0);
    }
    if (!optionList.isEmpty()) {
      writer.keyword("WITH");
      unparseList(writer, optionList);
    }
  }

  private static void unparseList(SqlWriter writer, SqlNodeList list) {
    var frame = writer.startList("(", ")");
    for (SqlNode node : list) {
      writer.sep(",");
      node.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
