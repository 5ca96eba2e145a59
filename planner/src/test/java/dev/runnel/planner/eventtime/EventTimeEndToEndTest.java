package dev.runnel.planner.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.stream.Watermark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Watermarks from a table's WATERMARK clause reaching an operator downstream of the source (a
 * recording sink): every watermark is the expression's maximum over rows already read, they
 * only increase, and a bounded source ends with the maximum watermark.
 */
class EventTimeEndToEndTest {
    private static final long BASE = LocalDateTime.of(2026, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private static Session session(int parallelism) {
        return new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism))));
    }

    private static void run(Session session, String insert) throws Exception {
        var job = (StatementResult.JobSubmitted) session.execute(insert);
        assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void csvFilesWithAWatermarkFeedWatermarksToTheSink(int parallelism) throws Exception {
        // Two files (two splits); timestamps rise with some disorder inside each file.
        List<String> lines = new ArrayList<>();
        for (int file = 0; file < 2; file++) {
            lines.clear();
            for (int i = 0; i < 20_000; i++) {
                long ts = BASE + i * 100L - (i % 7) * 300L + file * 50;
                lines.add(i + "," + LocalDateTime.ofEpochSecond(ts / 1000, (int) (ts % 1000) * 1_000_000, ZoneOffset.UTC)
                        .toString().replace('T', ' '));
            }
            Files.write(dir.resolve("part-" + file + ".csv"), lines);
        }
        String sink = "csv-" + parallelism;
        try (Session session = session(parallelism)) {
            session.execute("SET 'pipeline.auto-watermark-interval' = '1 ms'");
            session.execute("CREATE TABLE events (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
                    + " WITH ('connector' = 'filesystem', 'path' = '" + dir + "', 'format' = 'csv')");
            session.execute("CREATE TABLE recorded (id BIGINT, ts TIMESTAMP(3)) WITH ('connector' = 'test-recording', "
                    + "'name' = '" + sink + "', 'sink.parallelism' = '1')");
            run(session, "INSERT INTO recorded SELECT id, ts FROM events");
        }
        List<Object> recorded = RecordingSinkFactory.recorded(sink);
        assertThat(recorded).last().isEqualTo(Watermark.MAX);
        assertThat(recorded.stream().filter(e -> e instanceof Row)).hasSize(40_000);
        assertWatermarksFollowRows(recorded, 5000);
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void aComputedRowtimeGetsPeriodicWatermarksWhileTheSourceRuns(int parallelism) throws Exception {
        String sink = "datagen-" + parallelism;
        try (Session session = session(parallelism)) {
            session.execute("SET 'pipeline.auto-watermark-interval' = '5 ms'");
            session.execute("CREATE TABLE clicks (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id * 1000, 3),"
                    + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen',"
                    + " 'rows-per-second' = '200', 'number-of-rows' = '40',"
                    + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '40')");
            session.execute("CREATE TABLE recorded (id BIGINT) WITH ('connector' = 'test-recording', 'name' = '" + sink
                    + "', 'sink.parallelism' = '1')");
            run(session, "INSERT INTO recorded SELECT id FROM clicks");
        }
        List<Object> recorded = RecordingSinkFactory.recorded(sink);
        assertThat(recorded).last().isEqualTo(Watermark.MAX);
        assertThat(recorded.stream().filter(e -> e instanceof Watermark w && !w.equals(Watermark.MAX)))
                .as("the source waits between rows, so periodic watermarks go out meanwhile").isNotEmpty();
        assertThat(recorded.stream().filter(e -> e instanceof Row)).hasSize(40);
        // Rows carry only the id here: the watermark follows id * 1000 - 1000.
        long maxId = Long.MIN_VALUE;
        for (Object e : recorded) {
            if (e instanceof Row row) {
                maxId = Math.max(maxId, (Long) row.getField(0));
            } else if (!e.equals(Watermark.MAX)) {
                assertThat(((Watermark) e).timestamp()).isLessThanOrEqualTo(maxId * 1000 - 1000);
            }
        }
    }

    /** Watermarks rise strictly, and none passes the expression's maximum over rows that arrived before it. */
    private static void assertWatermarksFollowRows(List<Object> recorded, long delay) {
        long maxTs = Long.MIN_VALUE;
        long last = Long.MIN_VALUE;
        for (Object e : recorded) {
            if (e instanceof Row row) {
                maxTs = Math.max(maxTs, (Long) row.getField(1));
            } else {
                long w = ((Watermark) e).timestamp();
                assertThat(w).isGreaterThan(last);
                if (w != Long.MAX_VALUE) {
                    assertThat(w).isLessThanOrEqualTo(maxTs - delay);
                }
                last = w;
            }
        }
    }
}
