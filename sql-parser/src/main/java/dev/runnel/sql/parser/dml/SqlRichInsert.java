package dev.runnel.sql.parser.dml;

import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code INSERT OVERWRITE t [(cols)] query}: an insert that replaces the table's contents.
 * ({@code INSERT INTO} stays Calcite's {@link SqlInsert}.)
 */
public final class SqlRichInsert extends SqlInsert {
  private final boolean overwrite;

  public SqlRichInsert(SqlParserPos pos, SqlNodeList keywords, SqlNode targetTable, SqlNode source,
      SqlNodeList columnList, boolean overwrite) {
    super(pos, keywords, targetTable, source, columnList);
    this.overwrite = overwrite;
  }

  public boolean isOverwrite() {
    return overwrite;
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    if (!overwrite) {
      super.unparse(writer, leftPrec, rightPrec);
      return;
    }
    SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.SELECT);
    writer.sep("INSERT OVERWRITE");
    getTargetTable().unparse(writer, 0, 0);
    if (getTargetColumnList() != null) {
      getTargetColumnList().unparse(writer, 1, 1);
    }
    getSource().unparse(writer, 0, 0);
    writer.endList(frame);
  }
}
