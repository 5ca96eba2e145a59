package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW PARTITIONS t [PARTITION (k = v, ...)]}: the table's partitions, or those matching the spec. */
public final class SqlShowPartitions extends SqlObjectCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("SHOW PARTITIONS", SqlKind.OTHER);

  private final SqlNodeList partitionSpec;

  /**
   * @param partitionSpec {@link dev.runnel.sql.parser.dml.SqlStaticPartition}s, empty for all partitions
   */
  public SqlShowPartitions(SqlParserPos pos, SqlIdentifier name, SqlNodeList partitionSpec) {
    super(pos, name);
    this.partitionSpec = partitionSpec;
  }

  public SqlNodeList partitionSpec() {
    return partitionSpec;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override protected String keywords() {
    return "SHOW PARTITIONS";
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name(), partitionSpec);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    super.unparse(writer, leftPrec, rightPrec);
    if (!partitionSpec.isEmpty()) {
      writer.keyword("PARTITION");
      SqlWriter.Frame frame = writer.startList("(", ")");
      for (SqlNode value : partitionSpec) {
        writer.sep(",");
        value.unparse(writer, 0, 0);
      }
      writer.endList(frame);
    }
  }
}
