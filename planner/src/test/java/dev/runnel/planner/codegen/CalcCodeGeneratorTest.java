package dev.runnel.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.plan.physical.CalcPhysicalRel;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.source.watermark.WatermarkExpression;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.Test;

class CalcCodeGeneratorTest {
    private final QueryPlanner planner = new QueryPlanner(catalog());

    private static Catalog catalog() {
        Catalog catalog = TestTables.catalog();
        catalog.createTable(new CatalogTable("events", RowType.of(
                new RowType.Field("payload", DataType.of(TypeRoot.VARBINARY)),
                new RowType.Field("ratio", DataType.of(TypeRoot.FLOAT)),
                new RowType.Field("seen", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3)),
                new RowType.Field("d", DataType.of(TypeRoot.DATE))),
                Map.of("connector", "datagen"), null), false);
        return catalog;
    }

    /** Compiles the Calc of {@code sql} (a single-table query over orders) through GeneratedClass. */
    private CalcFunction compile(String sql) {
        RelNode plan = planner.plan(StatementParser.parse(sql)).plan();
        while (!(plan instanceof CalcPhysicalRel)) {
            plan = plan.getInput(0);
        }
        GeneratedClass<CalcFunction> generated = new CalcCodeGenerator(planner.typeFactory())
                .generate(((CalcPhysicalRel) plan).getProgram(), ZoneOffset.UTC);
        return generated.newInstance(getClass().getClassLoader());
    }

    /** Compiles the single projection of {@code sql}'s Calc as a watermark expression. */
    private WatermarkExpression compileWatermark(String sql) {
        RelNode plan = planner.plan(StatementParser.parse(sql)).plan();
        while (!(plan instanceof CalcPhysicalRel)) {
            plan = plan.getInput(0);
        }
        return new CalcCodeGenerator(planner.typeFactory())
                .generateWatermark(((CalcPhysicalRel) plan).getProgram(), ZoneOffset.UTC)
                .newInstance(getClass().getClassLoader());
    }

    @Test
    void watermarkExpressionsReturnMillisAndMinValueForNull() {
        WatermarkExpression watermark = compileWatermark("SELECT ts - INTERVAL '5' SECOND FROM orders");

        assertThat(watermark.watermarkOf(order(1, "a", 1.0, "1.00", "2026-11-30 10:00:05")))
                .isEqualTo(millis("2026-11-30 10:00:00"));
        assertThat(watermark.watermarkOf(order(1, "a", 1.0, "1.00", null))).isEqualTo(Long.MIN_VALUE);
        assertThat(compileWatermark("SELECT CAST(id AS TIMESTAMP(3)) FROM orders").watermarkOf(order(7, "a", 1.0, "1.00", null)))
                .as("a NOT NULL expression").isEqualTo(7L);
    }

    @Test
    void modOfIntegersOfDifferentTypesKeepsTheSignOfTheDividendAndTheTypeOfTheDivisor() {
        CalcFunction calc = compile("SELECT MOD(id, 7), MOD(id, CAST(3 AS SMALLINT)), MOD(CAST(id AS INT), id + 100)"
                + " FROM orders");

        assertThat(calc.apply(order(-10, "a", 1.0, "1.00", null)).fields())
                .containsExactly(-3, (short) -1, -10L);
        assertThat(calc.apply(order(23, "a", 1.0, "1.00", null)).fields()).containsExactly(2, (short) 2, 23L);
    }

    private static long millis(String timestamp) {
        return LocalDateTime.parse(timestamp.replace(' ', 'T')).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static Row order(long id, String customer, Double amount, String price, String ts) {
        return Row.of(id, customer, amount, price == null ? null : new BigDecimal(price), ts == null ? null : millis(ts));
    }

    @Test
    void filtersAndProjectsWithUpperAndArithmetic() {
        CalcFunction calc = compile("SELECT id, UPPER(customer) AS c, amount * 2 AS gross FROM orders WHERE amount > 100");

        assertThat(calc.apply(order(1, "alice", 150.0, "1.00", null))).isEqualTo(Row.of(1L, "ALICE", 300.0));
        assertThat(calc.apply(order(2, "bob", 50.0, "1.00", null))).isNull();
        assertThat(calc.apply(order(3, null, null, null, null))).as("NULL amount fails the filter").isNull();
    }

    @Test
    void handlesNullsCaseAndCast() {
        CalcFunction calc = compile("SELECT CASE WHEN amount IS NULL THEN 'none' WHEN amount > 10 THEN 'big' ELSE 'small' END,"
                + " CAST(id AS STRING), CAST(amount AS INT), COALESCE(customer, 'anon'), CHAR_LENGTH(customer),"
                + " customer LIKE 'a%' FROM orders");

        assertThat(calc.apply(order(7, "alice", 12.5, null, null)).fields())
                .containsExactly("big", "7", 12, "alice", 5, true);
        assertThat(calc.apply(order(8, null, null, null, null)).fields())
                .containsExactly("none", "8", null, "anon", null, null);
        assertThat(calc.apply(order(9, "bob", 3.0, null, null)).fields())
                .containsExactly("small", "9", 3, "bob", 3, false);
    }

    @Test
    void computesDecimalAndDoubleArithmetic() {
        CalcFunction calc = compile("SELECT price * 2, price + 0.005, amount / 4, amount + price FROM orders");

        assertThat(calc.apply(order(1, "a", 10.0, "12.34", null)).fields())
                .containsExactly(new BigDecimal("24.68"), new BigDecimal("12.345"), 2.5, 22.34);
        assertThat(calc.apply(order(1, "a", null, null, null)).fields()).containsExactly(null, null, null, null);
    }

    @Test
    void comparesTimestamps() {
        CalcFunction calc = compile("SELECT id, ts FROM orders WHERE ts >= TIMESTAMP '2024-01-02 00:00:00'");

        assertThat(calc.apply(order(1, "a", 1.0, null, "2024-01-02 10:00:00.123")))
                .isEqualTo(Row.of(1L, millis("2024-01-02 10:00:00.123")));
        assertThat(calc.apply(order(2, "a", 1.0, null, "2024-01-01 23:59:59.999"))).isNull();
        assertThat(calc.apply(order(3, "a", 1.0, null, null))).isNull();
    }

    @Test
    void convertsBytesFloatsInstantsAndDates() {
        CalcFunction calc = compile("SELECT payload, CHAR_LENGTH(CAST(payload AS VARCHAR)) IS NULL, ratio * 2,"
                + " seen, d + INTERVAL '1' DAY FROM events"
                + " WHERE seen > CAST(TIMESTAMP '1970-01-01 00:00:01' AS TIMESTAMP_LTZ(3))");
        long seen = 1_700_000_000_000L;

        Row out = calc.apply(Row.of(new byte[] {1, 2}, 1.5f, seen, 19_000));

        assertThat(out.fields()).containsExactly(new byte[] {1, 2}, false, 3.0f, seen, 19_001);
        assertThat(calc.apply(Row.of(null, null, 0L, null))).as("1970-01-01 00:00:00 is not later").isNull();
        assertThat(calc.apply(Row.of(null, null, seen, null)).fields()).containsExactly(null, true, null, seen, null);
    }

    @Test
    void evaluatesInListsRangesAndLibraryFunctions() {
        CalcFunction calc = compile("SELECT CONCAT(customer, '!'), LPAD(customer, 4, '*'), IFNULL(customer, '?'),"
                + " GREATEST(amount, 10.0) FROM orders WHERE customer IN ('ann', 'bob') OR amount BETWEEN 1 AND 2");

        assertThat(calc.apply(order(1, "ann", 50.0, null, null)).fields()).containsExactly("ann!", "*ann", "ann", 50.0);
        assertThat(calc.apply(order(2, null, 1.5, null, null)).fields()).containsExactly(null, null, "?", 10.0);
        assertThat(calc.apply(order(3, "cid", 5.0, null, null))).isNull();
    }

    @Test
    void keepsTheRowKind() {
        CalcFunction calc = compile("SELECT id FROM orders WHERE id > 0");

        Row out = calc.apply(Row.ofKind(RowKind.UPDATE_BEFORE, 5L, "x", 1.0, null, null));

        assertThat(out).isEqualTo(Row.ofKind(RowKind.UPDATE_BEFORE, 5L));
    }
}
