package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Result types and values where Flink's rules differ from Calcite's. */
class FlinkTypeRulesTest {
    private static EmbeddedCluster cluster;
    private static Session session;

    @BeforeAll
    static void start() {
        cluster = EmbeddedCluster.start(new Configuration());
        session = new Session(cluster, new Configuration());
    }

    @AfterAll
    static void stop() {
        session.close();
        cluster.close();
    }

    /** Each column's type, as DESCRIBE prints it, of a view over {@code select}. */
    private static List<String> types(String view, String select) {
        session.execute("CREATE TEMPORARY VIEW " + view + " AS " + select);
        return ((StatementResult.Table) session.execute("DESCRIBE " + view)).rows().stream()
                .map(r -> r.getField(0) + " " + r.getField(1) + (Boolean.FALSE.equals(r.getField(2)) ? " NOT NULL" : ""))
                .toList();
    }

    private static List<Row> rows(String select) {
        return fetchAll((QueryResult) session.execute(select));
    }

    @Test
    void decimalDivisionHasFlinksResultType() {
        assertThat(types("d1", "SELECT 7.0 / 2 AS a, CAST(1 AS DECIMAL(5, 2)) / CAST(3 AS DECIMAL(4, 1)) AS b, "
                + "CAST(1 AS DECIMAL(38, 10)) / CAST(3 AS DECIMAL(38, 10)) AS c, 7 / 2 AS d, 7.0 / 2.0E0 AS e"))
                .containsExactly("a DECIMAL(13, 12) NOT NULL", "b DECIMAL(11, 7) NOT NULL",
                        "c DECIMAL(38, 6) NOT NULL", "d INT NOT NULL", "e DOUBLE NOT NULL");
        assertThat(rows("SELECT 7.0 / 2, CAST(1 AS DECIMAL(5, 2)) / CAST(3 AS DECIMAL(4, 1)), 7 / 2"))
                .containsExactly(Row.of(new BigDecimal("3.500000000000"), new BigDecimal("0.3333333"), 3));
    }

    @Test
    void signOfADecimalKeepsItsScale() {
        assertThat(types("s1", "SELECT SIGN(CAST(-2.5 AS DECIMAL(5, 2))) AS a, SIGN(-3) AS b"))
                .containsExactly("a DECIMAL(5, 2) NOT NULL", "b INT NOT NULL");
        assertThat(rows("SELECT SIGN(CAST(-2.5 AS DECIMAL(5, 2))), SIGN(CAST(0 AS DECIMAL(3, 1))), SIGN(4.25)"))
                .containsExactly(Row.of(new BigDecimal("-1.00"), new BigDecimal("0.0"), new BigDecimal("1.00")));
    }

    @Test
    void currentTimeFunctionsHaveFlinksTypes() {
        assertThat(types("t1", "SELECT LOCALTIMESTAMP AS lt, CURRENT_TIMESTAMP AS ct, NOW() AS n"))
                .containsExactly("lt TIMESTAMP(3) NOT NULL", "ct TIMESTAMP_LTZ(3) NOT NULL",
                        "n TIMESTAMP_LTZ(3) NOT NULL");
        List<Row> now = rows("SELECT LOCALTIMESTAMP IS NOT NULL");
        assertThat(now).containsExactly(Row.of(true));
    }

    @Test
    void coalesceAcceptsAnUntypedNull() {
        assertThat(types("c1", "SELECT COALESCE(NULL, 1) AS a, COALESCE(NULL, 'x', NULL) AS b"))
                .containsExactly("a INT NOT NULL", "b CHAR(1) NOT NULL");
        assertThat(rows("SELECT COALESCE(NULL, 1), COALESCE(CAST(NULL AS INT), NULL, 2)"))
                .containsExactly(Row.of(1, 2));
    }
}
