package dev.runnel.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.type.SqlTypeFactoryImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.junit.jupiter.api.Test;

/** The parser configuration and conformance, checked through Calcite's validator. */
class RunnelSqlConformanceTest {

  @Test
  void lexicalConventionsAreFlinks() {
    var config = RunnelSqlParser.config();

    assertThat(config.quoting()).isEqualTo(Quoting.BACK_TICK);
    assertThat(config.unquotedCasing()).isEqualTo(Casing.UNCHANGED);
    assertThat(config.quotedCasing()).isEqualTo(Casing.UNCHANGED);
    assertThat(config.caseSensitive()).isTrue();
    assertThat(config.identifierMaxLength()).isGreaterThanOrEqualTo(256);
    assertThat(config.conformance()).isSameAs(RunnelSqlConformance.INSTANCE);
  }

  @Test
  void longIdentifiersParse() throws SqlParseException {
    var name = "c".repeat(300);

    assertThat(RunnelSqlParser.toSql(RunnelSqlParser.parse("SELECT " + name + " FROM t")))
        .contains(name);
  }

  @Test
  void insertWithFewerColumnsThanTheTargetFailsInValidation() throws SqlParseException {
    SqlNode insert = RunnelSqlParser.parse("INSERT INTO sink\nSELECT id FROM src");

    assertThatThrownBy(() -> validator().validate(insert))
        .isInstanceOf(CalciteContextException.class)
        .hasMessageContaining("line 1, column 13")
        .hasMessageContaining("Number of INSERT target columns (2) does not equal number of "
            + "source items (1)");
  }

  @Test
  void identifiersAreCaseSensitive() throws SqlParseException {
    SqlNode select = RunnelSqlParser.parse("SELECT ID FROM src");

    assertThatThrownBy(() -> validator().validate(select))
        .isInstanceOf(CalciteContextException.class)
        .hasMessageContaining("Column 'ID' not found in any table");
  }

  @Test
  void flinkOperatorsValidate() throws SqlParseException {
    SqlNode select = RunnelSqlParser.parse("SELECT id % 2, id != 3 FROM src");

    var validated = validator().validate(select);

    assertThat(validated).isNotNull();
  }

  private static SqlValidator validator() {
    var typeFactory = new SqlTypeFactoryImpl(RelDataTypeSystem.DEFAULT);
    var root = CalciteSchema.createRootSchema(false);
    root.add("src", twoColumns());
    root.add("sink", twoColumns());
    var catalog = new CalciteCatalogReader(root, List.of(), typeFactory,
        CalciteConnectionConfig.DEFAULT.set(CalciteConnectionProperty.CASE_SENSITIVE, "true"));
    return SqlValidatorUtil.newValidator(SqlStdOperatorTable.instance(), catalog, typeFactory,
        SqlValidator.Config.DEFAULT.withConformance(RunnelSqlConformance.INSTANCE));
  }

  private static AbstractTable twoColumns() {
    return new AbstractTable() {
      @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return typeFactory.builder()
            .add("id", SqlTypeName.BIGINT)
            .add("amount", SqlTypeName.DOUBLE)
            .build();
      }
    };
  }
}
