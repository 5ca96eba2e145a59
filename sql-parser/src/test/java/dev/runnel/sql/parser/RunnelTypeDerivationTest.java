package dev.runnel.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.sql.parser.ddl.SqlCreateTable;
import java.util.List;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.type.SqlTypeFactoryImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.junit.jupiter.api.Test;

/** The Calcite types that Flink's type names derive, as the planner will see them. */
class RunnelTypeDerivationTest {

  /**
   * Flink's limits, which Calcite's default type system lacks: it caps VARCHAR/VARBINARY at
   * 65,536 (STRING needs Integer.MAX_VALUE) and timestamps at precision 3 (Flink allows 9).
   */
  private static final RelDataTypeSystem FLINK_LIMITS = new RelDataTypeSystemImpl() {
    @Override public int getMaxPrecision(SqlTypeName typeName) {
      return switch (typeName) {
        case VARCHAR, VARBINARY -> Integer.MAX_VALUE;
        case TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> 9;
        default -> super.getMaxPrecision(typeName);
      };
    }
  };

  @Test
  void flinkTypeNamesDeriveCalciteTypes() throws SqlParseException {
    var create = (SqlCreateTable) RunnelSqlParser.parse("CREATE TABLE t (s STRING NOT NULL, "
        + "b BYTES, f FLOAT, d DOUBLE, ltz TIMESTAMP_LTZ(3), ts TIMESTAMP(3), "
        + "ltz6 TIMESTAMP(6) WITH LOCAL TIME ZONE, amount DECIMAL(10, 2))");
    var validator = validator();

    List<RelDataType> types = create.columns().stream()
        .map(c -> c.type().deriveType(validator))
        .toList();

    assertThat(types).extracting(RelDataType::getSqlTypeName).containsExactly(
        SqlTypeName.VARCHAR, SqlTypeName.VARBINARY, SqlTypeName.REAL, SqlTypeName.DOUBLE,
        SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, SqlTypeName.TIMESTAMP,
        SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, SqlTypeName.DECIMAL);
    assertThat(types).extracting(RelDataType::getPrecision).containsExactly(
        Integer.MAX_VALUE, Integer.MAX_VALUE, 7, 15, 3, 3, 6, 10);
    assertThat(types).extracting(RelDataType::isNullable)
        .containsExactly(false, true, true, true, true, true, true, true);
  }

  /** Flink's collection types: elements nullable unless NOT NULL, in the bracket and the suffix forms. */
  @Test
  void collectionTypesKeepTheNullabilityOfTheirElements() throws SqlParseException {
    var create = (SqlCreateTable) RunnelSqlParser.parse("CREATE TABLE t (a ARRAY<INT>, "
        + "b ARRAY<INT NOT NULL> NOT NULL, c MAP<STRING, INT NOT NULL>, d MULTISET<STRING>, e INT ARRAY, "
        + "f INT NOT NULL ARRAY, g STRING MULTISET NOT NULL, h ARRAY<ARRAY<INT NOT NULL>>, "
        + "i ARRAY<ROW<x INT NOT NULL, y MAP<INT, STRING>>>, j ROW<r INT NOT NULL ARRAY>, k INT ARRAY ARRAY)");
    var validator = validator();

    List<String> types = create.columns().stream()
        .map(c -> c.type().deriveType(validator).getFullTypeString())
        .toList();

    assertThat(types).containsExactly(
        "INTEGER ARRAY",
        "INTEGER NOT NULL ARRAY NOT NULL",
        "(VARCHAR(2147483647), INTEGER NOT NULL) MAP",
        "VARCHAR(2147483647) MULTISET",
        "INTEGER ARRAY",
        "INTEGER NOT NULL ARRAY",
        "VARCHAR(2147483647) MULTISET NOT NULL",
        "INTEGER NOT NULL ARRAY ARRAY",
        "RecordType(INTEGER NOT NULL x, (INTEGER, VARCHAR(2147483647)) MAP y) ARRAY",
        "RecordType(INTEGER NOT NULL ARRAY r)",
        "INTEGER ARRAY ARRAY");
  }

  private static SqlValidator validator() {
    var typeFactory = new SqlTypeFactoryImpl(FLINK_LIMITS);
    var catalog = new CalciteCatalogReader(CalciteSchema.createRootSchema(false), List.of(),
        typeFactory, CalciteConnectionConfig.DEFAULT);
    return SqlValidatorUtil.newValidator(SqlStdOperatorTable.instance(), catalog, typeFactory,
        SqlValidator.Config.DEFAULT.withConformance(RunnelSqlConformance.INSTANCE));
  }
}
