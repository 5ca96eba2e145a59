package dev.runnel.sql.parser.ddl;

import java.util.ArrayList;
import java.util.Collections;
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
 * Flink's {@code CREATE TABLE}:
 * <pre>
 * CREATE TABLE [IF NOT EXISTS] name
 *   [( column, ... [, WATERMARK FOR c AS expr] [, [CONSTRAINT n] PRIMARY KEY (c, ...) NOT ENFORCED] )]
 *   [COMMENT '...'] [PARTITIONED BY (c, ...)] [WITH ('k' = 'v', ...)]
 *   [LIKE source [( option ... )] | AS query]
 * </pre>
 * The parser guarantees that option keys are unique; a missing WITH clause gives no options.
 * Semantic checks (duplicate keys or watermarks, columns that exist) are the planner's.
 */
public final class SqlCreateTable extends SqlCreate {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("CREATE TABLE", SqlKind.CREATE_TABLE);

  private final SqlIdentifier name;
  private final SqlNodeList columnList;
  private final SqlCharStringLiteral comment;
  private final SqlNodeList optionList;
  private final List<SqlPrimaryKey> primaryKeys;
  private final List<SqlWatermark> watermarks;
  private final SqlNodeList partitionKeys;
  private final SqlTableLike like;
  private final SqlNode query;
  private final boolean temporary;

  /**
   * @param columnList {@link SqlTableColumn}s
   * @param comment    the table comment, or null
   * @param optionList {@link SqlTableOption}s, empty when there is no WITH clause
   */
  public SqlCreateTable(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name,
      SqlNodeList columnList, SqlCharStringLiteral comment, SqlNodeList optionList) {
    this(pos, false, ifNotExists, name, columnList, List.of(), List.of(), comment, SqlNodeList.EMPTY,
        optionList, null, null);
  }

  /**
   * @param primaryKeys   every PRIMARY KEY written (more than one is the planner's error)
   * @param watermarks    every WATERMARK written (likewise)
   * @param partitionKeys identifiers of PARTITIONED BY, empty when absent
   * @param like          the LIKE clause, or null
   * @param query         the query of CREATE TABLE ... AS, or null
   * @param temporary     whether it is CREATE TEMPORARY TABLE
   */
  public SqlCreateTable(SqlParserPos pos, boolean temporary, boolean ifNotExists, SqlIdentifier name,
      SqlNodeList columnList, List<SqlPrimaryKey> primaryKeys, List<SqlWatermark> watermarks,
      SqlCharStringLiteral comment, SqlNodeList partitionKeys, SqlNodeList optionList,
      SqlTableLike like, SqlNode query) {
    super(OPERATOR, pos, false, ifNotExists);
    this.name = name;
    this.columnList = columnList;
    this.comment = comment;
    this.optionList = optionList;
    this.primaryKeys = List.copyOf(primaryKeys);
    this.watermarks = List.copyOf(watermarks);
    this.partitionKeys = partitionKeys;
    this.like = like;
    this.query = query;
    this.temporary = temporary;
  }

  /** Whether the statement is {@code CREATE TEMPORARY TABLE}: a table of the session alone. */
  public boolean temporary() {
    return temporary;
  }

  /** Every PRIMARY KEY constraint written, table-level and column-level, in order. */
  public List<SqlPrimaryKey> primaryKeys() {
    return primaryKeys;
  }

  /** Every WATERMARK clause written, in order. */
  public List<SqlWatermark> watermarks() {
    return watermarks;
  }

  /** The identifiers of PARTITIONED BY; empty when there is none. */
  public SqlNodeList partitionKeyList() {
    return partitionKeys;
  }

  /** The PARTITIONED BY column names in order. */
  public List<String> partitionKeys() {
    return partitionKeys.stream().map(n -> ((SqlIdentifier) n).getSimple()).toList();
  }

  /** The LIKE clause, or null. */
  public SqlTableLike like() {
    return like;
  }

  /** The query of {@code CREATE TABLE ... AS query}, or null. */
  public SqlNode query() {
    return query;
  }

  /** Whether the statement is {@code CREATE TABLE ... AS query}. */
  public boolean isCreateTableAs() {
    return query != null;
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

  /** The columns of the parenthesized list, {@link SqlTableColumn}s (empty when there is none). */
  public SqlNodeList columnList() {
    return columnList;
  }

  /** The WITH options in the order written, keys and values unquoted. */
  public Map<String, String> options() {
    return Collections.unmodifiableMap(SqlTableOption.toMap(tableOptions()));
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
    return ImmutableNullableList.of(name, columnList, comment, partitionKeys, optionList, like,
        query);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(temporary ? "CREATE TEMPORARY TABLE" : "CREATE TABLE");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    List<SqlNode> elements = new ArrayList<>(columnList);
    elements.addAll(watermarks);
    elements.addAll(primaryKeys);
    if (!elements.isEmpty()) {
      unparseList(writer, elements);
    }
    if (comment != null) {
      writer.keyword("COMMENT");
      comment.unparse(writer, 0, 0);
    }
    if (!partitionKeys.isEmpty()) {
      writer.keyword("PARTITIONED BY");
      unparseList(writer, partitionKeys);
    }
    if (!optionList.isEmpty()) {
      writer.keyword("WITH");
      unparseList(writer, optionList);
    }
    if (like != null) {
      like.unparse(writer, 0, 0);
    }
    if (query != null) {
      writer.keyword("AS");
      writer.newlineAndIndent();
      query.unparse(writer, 0, 0);
    }
  }

  private static void unparseList(SqlWriter writer, List<SqlNode> list) {
    var frame = writer.startList("(", ")");
    for (SqlNode node : list) {
      writer.sep(",");
      node.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
