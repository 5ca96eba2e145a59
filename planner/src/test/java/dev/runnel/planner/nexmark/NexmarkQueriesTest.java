package dev.runnel.planner.nexmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Nexmark query script runs to the end over a bounded nexmark source at parallelism 1 and
 * 2, or is refused at planning with "not supported yet" naming its missing feature.
 */
class NexmarkQueriesTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    /** The queries refused at planning, with the feature the refusal names (none today). */
    private static final Map<String, String> REFUSED = Map.of();

    static Stream<Arguments> queriesAndParallelism() {
        return NexmarkQueries.NAMES.stream().flatMap(q -> Stream.of(1, 2).map(p -> Arguments.of(q, p)));
    }

    @ParameterizedTest(name = "{0} at parallelism {1}")
    @MethodSource("queriesAndParallelism")
    void theQueryFinishesOrIsRefusedNamingItsFeature(String query, int parallelism) throws Exception {
        try (Session session = CLUSTER.session(parallelism, "hashmap")) {
            NexmarkQueries.createSource(session, 20_000, 1_000);
            List<String> statements = NexmarkQueries.statements(query);
            String insert = statements.get(statements.size() - 1);
            assertThat(insert).startsWith("INSERT INTO");
            if (REFUSED.containsKey(query)) {
                assertThatThrownBy(() -> statements.forEach(session::execute))
                        .isInstanceOf(SqlExecutionException.class)
                        .hasMessageContaining("is not supported yet")
                        .hasMessageContaining(REFUSED.get(query));
                return;
            }
            statements.subList(0, statements.size() - 1).forEach(session::execute);
            StatementResult.JobSubmitted job = (StatementResult.JobSubmitted) session.execute(insert);
            JobInfo info = CLUSTER.cluster().jobTermination(job.jobId()).get(120, TimeUnit.SECONDS);
            assertThat(info.status()).as("%s: %s", query, info).isEqualTo(JobStatus.FINISHED);
        }
    }
}
