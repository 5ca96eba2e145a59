package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableauPrinterTest {

    @Test
    void alignsWideCharactersByTheirCells() {
        StringWriter text = new StringWriter();
        new TableauPrinter(new PrintWriter(text), ZoneId.of("UTC")).printTable(
                List.of(new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR))),
                List.of(Row.of("東京"), Row.of("Paris")));

        assertThat(text.toString()).isEqualTo("""
                +-------+
                |  name |
                +-------+
                |  東京 |
                | Paris |
                +-------+
                2 rows in set
                """);
    }

    @Test
    void showsTimestampsWithLocalTimeZoneInTheSessionZone() {
        StringWriter text = new StringWriter();
        TableauPrinter printer = new TableauPrinter(new PrintWriter(text), ZoneId.of("Europe/Paris"));
        TableauPrinter.Stream stream = printer.startStream(
                List.of(new ColumnInfo("ts", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3).notNull())));
        stream.row(Row.of(0L));
        stream.end();

        assertThat(text.toString()).isEqualTo("""
                +----+-------------------------+
                | op |                      ts |
                +----+-------------------------+
                | +I | 1970-01-01 01:00:00.000 |
                +----+-------------------------+
                Received a total of 1 row
                """);
    }

    @Test
    void sizesStreamingColumnsFromTheirTypes() {
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.BOOLEAN).notNull())).isEqualTo(5);
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.BOOLEAN))).isEqualTo(6);
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.INTEGER))).isEqualTo(11);
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.VARCHAR, 3).notNull())).isEqualTo(3);
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.VARCHAR))).isEqualTo(30);
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.TIMESTAMP, 3))).isEqualTo(23);
        assertThat(TableauPrinter.typeWidth(DataType.of(TypeRoot.DATE).notNull())).isEqualTo(10);
    }

    @Test
    void aStringColumnTakesTheScreensRoomAndWithoutAScreenFlinksThirtyCells() {
        List<ColumnInfo> columns = List.of(new ColumnInfo("s", DataType.of(TypeRoot.VARCHAR)));
        String value = "x".repeat(40);
        for (int width : new int[] {80, Integer.MAX_VALUE}) {
            StringWriter text = new StringWriter();
            TableauPrinter.Stream stream = new TableauPrinter(new PrintWriter(text), ZoneId.of("UTC"))
                    .startStream(columns, width);
            stream.row(Row.of(value));
            stream.end();
            String row = text.toString().lines().filter(l -> l.startsWith("| +I")).findFirst().orElseThrow();
            if (width == 80) {
                assertThat(row).hasSize(79).endsWith(" " + value + " |");
            } else {
                assertThat(row).isEqualTo("| +I | " + "x".repeat(27) + "... |");
            }
        }
    }
}
