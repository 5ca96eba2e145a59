package dev.runnel.sql.parser.ddl;

import java.util.List;
import java.util.Locale;
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
 * Flink's {@code CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] [catalog.][db.]name
 * AS 'class.Name' [LANGUAGE lang] [USING JAR 'uri' [, JAR 'uri']*]}.
 */
public final class SqlCreateFunction extends SqlCreate {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("CREATE FUNCTION", SqlKind.CREATE_FUNCTION);

  private final boolean temporary;
  private final boolean system;
  private final SqlIdentifier name;
  private final SqlCharStringLiteral className;
  private final SqlIdentifier language;
  private final SqlNodeList jars;

  /**
   * @param language the word after LANGUAGE, or null when not given (Java)
   * @param jars     the {@link SqlCharStringLiteral} URIs after USING, empty when not given
   */
  public SqlCreateFunction(SqlParserPos pos, boolean temporary, boolean system,
      boolean ifNotExists, SqlIdentifier name, SqlCharStringLiteral className,
      SqlIdentifier language, SqlNodeList jars) {
    super(OPERATOR, pos, false, ifNotExists);
    this.temporary = temporary;
    this.system = system;
    this.name = name;
    this.className = className;
    this.language = language;
    this.jars = jars;
  }

  public boolean temporary() {
    return temporary;
  }

  /** TEMPORARY SYSTEM: a function without catalog and database, found before built-in ones. */
  public boolean system() {
    return system;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** The class name literal, for its position. */
  public SqlCharStringLiteral classNameLiteral() {
    return className;
  }

  public String className() {
    return className.getValueAs(String.class);
  }

  /** The language as written (JAVA, SCALA, PYTHON, ...), or null when not given. */
  public SqlIdentifier language() {
    return language;
  }

  /** The {@link SqlCharStringLiteral} JAR URIs of USING, or empty. */
  public SqlNodeList jars() {
    return jars;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, className, language, jars);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE");
    if (temporary) {
      writer.keyword(system ? "TEMPORARY SYSTEM" : "TEMPORARY");
    }
    writer.keyword("FUNCTION");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, leftPrec, rightPrec);
    writer.keyword("AS");
    className.unparse(writer, 0, 0);
    if (language != null) {
      writer.keyword("LANGUAGE");
      writer.keyword(language.getSimple().toUpperCase(Locale.ROOT));
    }
    for (int i = 0; i < jars.size(); i++) {
      writer.keyword(i == 0 ? "USING JAR" : ", JAR");
      jars.get(i).unparse(writer, 0, 0);
    }
  }
}
