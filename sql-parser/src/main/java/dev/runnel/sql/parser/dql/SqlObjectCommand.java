package dev.runnel.sql.parser.dql;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** A command about one named catalog object, written as its keywords followed by the name. */
public abstract class SqlObjectCommand extends SqlCall {

  private final SqlIdentifier name;

  protected SqlObjectCommand(SqlParserPos pos, SqlIdentifier name) {
    super(pos);
    this.name = name;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** The keywords that start the command when it is unparsed, such as {@code SHOW CREATE VIEW}. */
  protected abstract String keywords();

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(keywords());
    name.unparse(writer, leftPrec, rightPrec);
  }
}
