package dev.runnel.sql.parser.dml;

import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code INSERT OVERWRITE t [(cols)] query}, an insert that replaces the table's contents, and
 * {@code INSERT {INTO | OVERWRITE} t PARTITION (k = v, ...) [(cols)] query}, an insert with
 * static partition values. (A plain {@code INSERT INTO} stays Calcite's {@link SqlInsert}.)
 */
public final class SqlRichInsert extends SqlInsert {
  private final boolean overwrite;
  private final SqlNodeList staticPartitions;

  public SqlRichInsert(SqlParserPos pos, SqlNodeList keywords, SqlNode targetTable, SqlNode source,
      SqlNodeList columnList, boolean overwrite) {
    this(pos, keywords, targetTable, source, columnList, overwrite, SqlNodeList.EMPTY);
  }

  /**
   * @param staticPartitions {@link SqlStaticPartition}s of the {@code PARTITION} clause, empty when there is none
   */
  public SqlRichInsert(SqlParserPos pos, SqlNodeList keywords, SqlNode targetTable, SqlNode source,
      SqlNodeList columnList, boolean overwrite, SqlNodeList staticPartitions) {
    super(pos, keywords, targetTable, source, columnList);
    this.overwrite = overwrite;
    this.staticPartitions = staticPartitions;
  }

  public boolean isOverwrite() {
    return overwrite;
  }

  /** The {@link SqlStaticPartition}s of the {@code PARTITION} clause; empty when there is none. */
  public SqlNodeList staticPartitions() {
    return staticPartitions;
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    if (!overwrite && staticPartitions.isEmpty()) {
      super.unparse(writer, leftPrec, rightPrec);
      return;
    }
    SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.SELECT);
    writer.sep(overwrite ? "INSERT OVERWRITE" : "INSERT INTO");
    getTargetTable().unparse(writer, 0, 0);
    if (!staticPartitions.isEmpty()) {
      writer.keyword("PARTITION");
      SqlWriter.Frame values = writer.startList("(", ")");
      for (SqlNode value : staticPartitions) {
        writer.sep(",");
        value.unparse(writer, 0, 0);
      }
      writer.endList(values);
    }
    if (getTargetColumnList() != null) {
      getTargetColumnList().unparse(writer, 1, 1);
    }
    getSource().unparse(writer, 0, 0);
    writer.endList(frame);
  }
}
