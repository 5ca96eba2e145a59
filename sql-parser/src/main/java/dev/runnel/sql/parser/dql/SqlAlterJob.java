package dev.runnel.sql.parser.dql;

import dev.runnel.sql.parser.ddl.DdlUnparse;
import dev.runnel.sql.parser.ddl.SqlTableOption;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code ALTER JOB 'id' SET ('parallelism' = 'N')}: changes a running job, today only its
 * parallelism (a rescale). The parser guarantees that keys are unique; which keys and values are
 * allowed is the session's to check, so that its errors can name the key.
 */
public final class SqlAlterJob extends SqlJobCommand {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("ALTER JOB", SqlKind.OTHER);

  private final SqlNodeList optionList;

  public SqlAlterJob(SqlParserPos pos, SqlCharStringLiteral jobId, SqlNodeList optionList) {
    super(pos, jobId);
    this.optionList = optionList;
  }

  /** The options as nodes, in the order written, for error positions. */
  public List<SqlTableOption> jobOptions() {
    return optionList.stream().map(SqlTableOption.class::cast).toList();
  }

  /** The options in the order written, keys and values unquoted. */
  public Map<String, String> options() {
    return SqlTableOption.toMap(optionList);
  }

  /** The {@code (...)} list as written, for an error about the whole list (an empty one). */
  public SqlNodeList optionList() {
    return optionList;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(jobIdLiteral(), optionList);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    super.unparse(writer, leftPrec, rightPrec);
    writer.keyword("SET");
    DdlUnparse.list(writer, optionList);
  }
}
