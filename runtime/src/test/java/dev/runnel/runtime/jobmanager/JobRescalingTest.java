package dev.runnel.runtime.jobmanager;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a leader stores of a job's scaling, and what the next leader reads back. */
class JobRescalingTest {
    @Test
    void theRequestedParallelismAndTheRescalesComeBackFromTheStoredGraph() {
        JobGraph planned = new JobGraph("job", List.of(), List.of(), new Configuration());
        JobRescaling scaling = JobRescaling.of(planned.configuration(), new Configuration(), 2, true);
        scaling.request(4, "ALTER JOB: parallelism 4");
        scaling.rescaled(Instant.ofEpochMilli(1_000), 2, 4, 7);
        scaling.request(3, "TaskManager tm-1, at 10.0.0.1:6121\nlost");
        scaling.rescaled(Instant.ofEpochMilli(2_000), 4, 3, -1);

        JobGraph stored = scaling.stored(planned);
        JobRescaling next = JobRescaling.of(stored.configuration(), new Configuration(), 2, true);

        assertThat(next.target()).isEqualTo(3);
        assertThat(next.info(3).rescales()).containsExactly(
                new JobScaling.Rescale(Instant.ofEpochMilli(1_000), 2, 4, "ALTER JOB: parallelism 4", 7),
                new JobScaling.Rescale(Instant.ofEpochMilli(2_000), 4, 3, "TaskManager tm-1, at 10.0.0.1:6121\nlost",
                        -1));
        // the planned graph itself is left as it was
        assertThat(JobRescaling.of(planned.configuration(), new Configuration(), 2, true).target()).isEqualTo(2);
    }
}
