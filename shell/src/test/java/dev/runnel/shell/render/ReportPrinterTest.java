package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.planner.session.StatementResult.Table.Fit;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportPrinterTest {
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR).notNull();
    private static final String NAME = "insert-into_default_catalog.default_database.sink";

    private static String print(StatementResult.Table report, int width) {
        StringWriter text = new StringWriter();
        TableauPrinter tables = new TableauPrinter(new PrintWriter(text), ZoneId.of("UTC"));
        new ReportPrinter(new PrintWriter(text), tables, width).print(report);
        return text.toString();
    }

    private static StatementResult.Table jobs() {
        return new StatementResult.Table(List.of(new ColumnInfo("job id", STRING), new ColumnInfo("job name", STRING),
                new ColumnInfo("records in", DataType.of(TypeRoot.BIGINT).notNull())),
                List.of(Row.of("0123456789abcdef0123456789abcdef", NAME, 12L), Row.of("fedcba9876543210fedcba9876543210",
                        "collect", 3_456L)), List.of(Fit.WHOLE, Fit.SHORTEN, Fit.WHOLE));
    }

    @Test
    void withoutAScreenAReportIsWholeWithTextOnTheLeftAndNumbersOnTheRight() {
        assertThat(print(jobs(), Integer.MAX_VALUE)).isEqualTo("""
                +----------------------------------+---------------------------------------------------+------------+
                | job id                           | job name                                          | records in |
                +----------------------------------+---------------------------------------------------+------------+
                | 0123456789abcdef0123456789abcdef | insert-into_default_catalog.default_database.sink |         12 |
                | fedcba9876543210fedcba9876543210 | collect                                           |       3456 |
                +----------------------------------+---------------------------------------------------+------------+
                2 rows in set
                """);
    }

    @Test
    void aNameTooWideForTheScreenLosesItsMiddle() {
        String printed = print(jobs(), 80);

        assertThat(printed.lines()).allSatisfy(line -> assertThat(line.length()).isLessThan(80));
        assertThat(printed).contains("| insert-into_d…database.sink |", "| collect                     |");
    }

    @Test
    void aWrappedColumnGoesOnOverLinesAndAShortenedOneStaysOnOne() {
        StatementResult.Table describe = new StatementResult.Table(
                List.of(new ColumnInfo("property", STRING), new ColumnInfo("value", STRING)),
                List.of(Row.of("vertex 1: TableSourceScan(table=[clicks]) -> Sink(table=[sink])",
                        "parallelism 1, RUNNING 1, 12 records in, 0 out")),
                List.of(Fit.SHORTEN, Fit.WRAP));

        assertThat(print(describe, 60)).isEqualTo("""
                +----------------------------+----------------------------+
                | property                   | value                      |
                +----------------------------+----------------------------+
                | vertex 1: Tab…able=[sink]) | parallelism 1, RUNNING 1,  |
                |                            | 12 records in, 0 out       |
                +----------------------------+----------------------------+
                1 row in set
                """);
    }

    @Test
    void aReportThatCannotFitIsShownExpanded() {
        assertThat(print(jobs(), 40)).startsWith("""
                -[ RECORD 1 ]-
                job id     | 0123456789abcdef0123456789abcdef
                job name   | insert-into_default_catalog.default_database.sink
                records in | 12
                -[ RECORD 2 ]-
                """).endsWith("2 rows in set\n");
    }
}
