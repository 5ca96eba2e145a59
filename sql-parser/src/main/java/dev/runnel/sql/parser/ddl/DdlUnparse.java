package dev.runnel.sql.parser.ddl;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;

/** Unparsing helpers shared by the DDL nodes and the commands with option lists ({@code ALTER JOB}). */
public final class DdlUnparse {

  private DdlUnparse() {
  }

  /** Writes {@code (a, b, ...)}. */
  public static void list(SqlWriter writer, SqlNodeList list) {
    var frame = writer.startList("(", ")");
    for (SqlNode node : list) {
      writer.sep(",");
      node.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
