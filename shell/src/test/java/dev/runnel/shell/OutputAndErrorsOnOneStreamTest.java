package dev.runnel.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.shell.fake.FakeEngine;
import dev.runnel.shell.fake.FakeQuery;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Standard output and standard error on one terminal or pipe ({@code runnel -f a.sql 2>&1}): each
 * message and each row goes out as whole lines, so that an error never continues the line
 * before it ({@code [INFO] Table has been created./tmp/a.sql:9:14: [ERROR] …}), and what the
 * statements printed comes before the error of the statement after them.
 */
class OutputAndErrorsOnOneStreamTest {
    private static final List<ColumnInfo> COLUMNS = List.of(new ColumnInfo("id", DataType.of(TypeRoot.INTEGER)),
            new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)));

    /** One terminal: the text of every write, in order, whichever stream made it. */
    private static final class Terminal extends OutputStream {
        final List<String> writes = new ArrayList<>();

        @Override
        public synchronized void write(int b) {
            writes.add(String.valueOf((char) b));
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            writes.add(new String(b, off, len, StandardCharsets.UTF_8));
        }

        synchronized String text() {
            return String.join("", writes);
        }
    }

    private static FakeEngine engine() {
        return new FakeEngine()
                .on("CREATE TABLE t (id INT)", new StatementResult.Message("Table has been created."))
                .on("SHOW TABLES", new StatementResult.Table(List.of(new ColumnInfo("table name",
                        DataType.of(TypeRoot.VARCHAR))), List.of(Row.of("t"))))
                .on("SELECT id, name FROM t", () -> FakeQuery.bounded(COLUMNS,
                        List.of(Row.of(1, "a"), Row.of(2, null), Row.of(3, "c")), 2))
                .failOn("SELECT nope FROM t", "Column 'nope' not found in any table", 1, 8);
    }

    private static Terminal run(String... args) {
        Terminal terminal = new Terminal();
        PrintStream stream = new PrintStream(terminal, true, StandardCharsets.UTF_8);
        Main.run(args, new ByteArrayInputStream(new byte[0]), stream, stream, engine().factory());
        return terminal;
    }

    private static final String SCRIPT = "CREATE TABLE t (id INT);\nSHOW TABLES;\nSELECT id, name FROM t;\n"
            + "CREATE TABLE t (id INT);\nSELECT nope FROM t;\nSELECT id, name FROM t;\n";

    @ParameterizedTest(name = "--output-format {0}")
    @ValueSource(strings = {"table", "csv", "tsv", "json"})
    void everyWriteEndsAtTheEndOfALine(String format) {
        Terminal terminal = run("--output-format", format, "--continue-on-error", "-e", SCRIPT);

        assertThat(terminal.writes).isNotEmpty().allSatisfy(write -> assertThat(write).endsWith("\n"));
        assertThat(terminal.text()).contains("[INFO] Table has been created.\n<command-line>:5:8: [ERROR] Column "
                + "'nope' not found in any table\n  SELECT nope FROM t\n         ^\n");
    }

    @Test
    void anErrorFollowsTheRowsPrintedBeforeIt() {
        Terminal terminal = run("--output-format", "json", "--continue-on-error", "-e", SCRIPT);

        assertThat(terminal.text()).isEqualTo("""
                [INFO] Table has been created.
                {"table name":"t"}
                {"id":1,"name":"a"}
                {"id":2,"name":null}
                {"id":3,"name":"c"}
                [INFO] Table has been created.
                <command-line>:5:8: [ERROR] Column 'nope' not found in any table
                  SELECT nope FROM t
                         ^
                {"id":1,"name":"a"}
                {"id":2,"name":null}
                {"id":3,"name":"c"}
                """);
    }
}
