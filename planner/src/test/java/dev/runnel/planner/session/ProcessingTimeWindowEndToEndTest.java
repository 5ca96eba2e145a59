package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Windows over a PROCTIME() column (Nexmark q12's shape) close on the wall clock. */
class ProcessingTimeWindowEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static Session session() {
        Session session = CLUSTER.session(2, "hashmap");
        session.execute("CREATE TABLE gen (k INT) WITH ('connector' = 'datagen', 'rows-per-second' = '500',"
                + " 'fields.k.min' = '1', 'fields.k.max' = '3')");
        session.execute("CREATE VIEW timed AS SELECT *, PROCTIME() AS p_time FROM gen");
        return session;
    }

    @Test
    void oneSecondTumblingWindowsFollowEachOtherOnTheWallClock() {
        long testStart = System.currentTimeMillis();
        try (Session session = session()) {
            QueryResult result = (QueryResult) session.execute("SELECT window_start, window_end, COUNT(*) AS n"
                    + " FROM TABLE(TUMBLE(TABLE timed, DESCRIPTOR(p_time), INTERVAL '1' SECOND))"
                    + " GROUP BY window_start, window_end");
            List<Row> rows = new ArrayList<>();
            for (int fetches = 0; rows.size() < 3 && fetches < 30; fetches++) {
                ResultChunk chunk = result.fetch(Duration.ofSeconds(2));
                rows.addAll(chunk.rows());
                assertThat(chunk.endOfResult()).isFalse();
            }
            long fetchedBy = System.currentTimeMillis();
            result.cancel();

            assertThat(rows).hasSizeGreaterThanOrEqualTo(3);
            rows.sort(Comparator.comparingLong(r -> (Long) r.getField(0)));
            for (int i = 0; i < rows.size(); i++) {
                long start = (Long) rows.get(i).getField(0);
                long end = (Long) rows.get(i).getField(1);
                assertThat(start % 1000).isZero();
                assertThat(end - start).isEqualTo(1000);
                // a window opens no earlier than the query and is emitted only once its end has passed
                assertThat(start).isGreaterThanOrEqualTo(testStart / 1000 * 1000);
                assertThat(end - 1).isLessThanOrEqualTo(fetchedBy);
                assertThat((Long) rows.get(i).getField(2)).isPositive();
                if (i > 0) {
                    assertThat(start).as("windows follow each other").isEqualTo(rows.get(i - 1).getField(1));
                }
            }
        }
    }

    @Test
    void aSessionWindowOverProcessingTimeIsRefused() {
        try (Session session = session()) {
            assertThatThrownBy(() -> session.execute("SELECT k, COUNT(*) FROM TABLE(SESSION(TABLE timed PARTITION BY k,"
                    + " DESCRIPTOR(p_time), INTERVAL '1' SECOND)) GROUP BY k, window_start, window_end"))
                    .hasMessageContaining("A SESSION window over the processing-time attribute p_time (PROCTIME())"
                            + " is not supported yet");
        }
    }
}
