package dev.runnel.sql.parser;

import static dev.runnel.sql.parser.ParseErrors.assertAt;
import static dev.runnel.sql.parser.ParseErrors.parseError;
import static dev.runnel.sql.parser.RunnelSqlParser.parse;
import static dev.runnel.sql.parser.RunnelSqlParser.toSql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.sql.parser.ddl.SqlCreateFunction;
import dev.runnel.sql.parser.ddl.SqlDropFunction;
import dev.runnel.sql.parser.ddl.SqlDropView;
import dev.runnel.sql.parser.dql.SqlShowObjects;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Flink's function DDL: CREATE / DROP [TEMPORARY [SYSTEM]] FUNCTION and SHOW USER FUNCTIONS. */
class RunnelFunctionParserTest {

  @Test
  void createFunctionPlain() throws SqlParseException {
    var create = (SqlCreateFunction) parse("CREATE FUNCTION count_char AS 'com.example.CountChar'");

    assertThat(create.temporary()).isFalse();
    assertThat(create.system()).isFalse();
    assertThat(create.ifNotExists()).isFalse();
    assertThat(create.name().names).containsExactly("count_char");
    assertThat(create.className()).isEqualTo("com.example.CountChar");
    assertThat(create.language()).isNull();
    assertThat(create.jars()).isEmpty();
  }

  @Test
  void createFunctionWithEverything() throws SqlParseException {
    var create = (SqlCreateFunction) parse("create temporary system function if not exists f as 'a.B'"
        + " language java using jar 'file:///tmp/a.jar', jar 'file:///tmp/b.jar'");

    assertThat(create.temporary()).isTrue();
    assertThat(create.system()).isTrue();
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.language().getSimple()).isEqualToIgnoringCase("java");
    assertThat(create.jars()).hasSize(2);
    assertThat(((SqlCharStringLiteral) create.jars().get(1)).getValueAs(String.class))
        .isEqualTo("file:///tmp/b.jar");
    assertThat(toSql(create)).isEqualTo("CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS `f` AS 'a.B'"
        + " LANGUAGE JAVA USING JAR 'file:///tmp/a.jar' , JAR 'file:///tmp/b.jar'");
  }

  @Test
  void createTemporaryFunctionWithQualifiedName() throws SqlParseException {
    var create = (SqlCreateFunction) parse("CREATE TEMPORARY FUNCTION cat.db.f AS 'a.B' LANGUAGE PYTHON");

    assertThat(create.temporary()).isTrue();
    assertThat(create.system()).isFalse();
    assertThat(create.name().names).containsExactly("cat", "db", "f");
    assertThat(create.language().getSimple()).isEqualTo("PYTHON");
  }

  @Test
  void dropFunctionForms() throws SqlParseException {
    var plain = (SqlDropFunction) parse("DROP FUNCTION f");
    var temporary = (SqlDropFunction) parse("DROP TEMPORARY FUNCTION IF EXISTS db.f");
    var system = (SqlDropFunction) parse("DROP TEMPORARY SYSTEM FUNCTION f");

    assertThat(plain.temporary()).isFalse();
    assertThat(plain.ifExists()).isFalse();
    assertThat(temporary.temporary()).isTrue();
    assertThat(temporary.system()).isFalse();
    assertThat(temporary.ifExists()).isTrue();
    assertThat(temporary.name().names).containsExactly("db", "f");
    assertThat(system.system()).isTrue();
    assertThat(toSql(system)).isEqualTo("DROP TEMPORARY SYSTEM FUNCTION `f`");
  }

  @Test
  void dropTemporaryViewStillParses() throws SqlParseException {
    assertThat(parse("DROP TEMPORARY VIEW v")).isInstanceOf(SqlDropView.class);
  }

  @Test
  void showUserFunctions() throws SqlParseException {
    var show = (SqlShowObjects) parse("SHOW USER FUNCTIONS");

    assertThat(show.kind()).isEqualTo(SqlShowObjects.Kind.USER_FUNCTIONS);
    assertThat(toSql(show)).isEqualTo("SHOW USER FUNCTIONS");
  }

  @Test
  void createFunctionNeedsAQuotedClassName() {
    var e = parseError("CREATE FUNCTION f\n  AS com.example.F");

    assertAt(e, 2, 6);
  }

  @Test
  void createOrReplaceFunctionIsRejected() {
    var e = parseError("CREATE OR REPLACE FUNCTION f AS 'a.B'");

    assertAt(e, 1, 1);
    assertThat(e.getMessage()).startsWith("CREATE OR REPLACE FUNCTION is not supported");
  }

  @Test
  void dropTemporarySystemViewIsRejected() {
    var e = parseError("DROP TEMPORARY SYSTEM VIEW v");

    assertThat(e.getMessage()).contains("functions only");
  }
}
