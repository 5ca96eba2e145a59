package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.metrics.TaskTimes;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text of the {@code INSERT} progress line; {@code LiveResultTerminalTest} shows it drawn in a terminal. */
class JobProgressViewTest {
    private static final String SOURCE = "TableSourceScan(table=[clicks], connector=[datagen]) -> Calc(select=[a, b])";
    private static final String SINK = "Sink(table=[sink], connector=[blackhole])";

    /** The line needs no terminal and no cluster; the clock stands still at 0. */
    private final JobProgressView view = new JobProgressView(null, null, () -> 0L);

    private static VertexInfo vertex(int id, String name, TaskTimes times) {
        return new VertexInfo(id, name, 1, Map.of("RUNNING", 1), 0, 0, List.of("tm-1/slot 0"), times);
    }

    private static JobInfo job(VertexInfo... vertices) {
        return new JobInfo(new JobId("0123456789abcdef0123456789abcdef"), "insert", JobStatus.RUNNING, Instant.EPOCH,
                null, 1_200, 1_180, null, Map.of(), null, null, List.of(vertices));
    }

    @Test
    void aBackPressuredSourceIsNamedWithItsShare() {
        JobInfo info = job(vertex(1, SOURCE, new TaskTimes(100, 873, 27)), vertex(2, SINK, new TaskTimes(990, 0, 10)));

        assertThat(view.line(info)).isEqualTo("RUNNING: 1,200 records in, 1,180 out, 0 rows/s, last checkpoint -, "
                + "backpressure HIGH at TableSourceScan -> Calc (87%), 00:00:00");
    }

    @Test
    void theMostBackPressuredVertexGivesTheLevel() {
        JobInfo info = job(vertex(1, SOURCE, new TaskTimes(700, 50, 250)), vertex(2, "Calc(select=[a]) -> " + SINK,
                new TaskTimes(600, 230, 170)), vertex(3, SINK, new TaskTimes(1000, 0, 0)));

        assertThat(view.line(info)).contains(", backpressure LOW at Calc -> Sink (23%), ");
    }

    @Test
    void aJobThatKeepsUpIsOkAndOneWithoutRunningVerticesShowsADash() {
        assertThat(view.line(job(vertex(1, SOURCE, new TaskTimes(50, 100, 850)))))
                .contains("last checkpoint -, backpressure OK, 00:00:00");
        assertThat(view.line(job(vertex(1, SOURCE, null)))).contains("last checkpoint -, backpressure -, 00:00:00");
    }
}
