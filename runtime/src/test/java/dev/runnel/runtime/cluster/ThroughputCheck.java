package dev.runnel.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.operators.calc.CalcOperatorFactory;
import dev.runnel.runtime.testing.TestOperators;
import dev.runnel.runtime.testing.TestSources;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Prints the rows/s of sequence source → generated calc (filter + projection) → discarding
 * sink, chained and with a REBALANCE exchange after the source, at parallelism 1 and 2. A figure to compare runs, not a test: its name keeps
 * it out of the default test run; run it with {@code -Dtest=ThroughputCheck}.
 */
class ThroughputCheck {
    private static final long ROWS = 10_000_000;

    private static final GeneratedClass<CalcFunction> CALC = new GeneratedClass<>("BenchCalc", """
            public class BenchCalc implements dev.runnel.runtime.operators.calc.CalcFunction {
                public dev.runnel.runtime.data.Row apply(dev.runnel.runtime.data.Row in) {
                    Object[] f = in.fields();
                    if (((Long) f[1]).longValue() <= 20) {
                        return null;
                    }
                    return new dev.runnel.runtime.data.Row(in.kind(), new Object[] {
                            f[0], ((String) f[2]).toUpperCase(), Double.valueOf(((Long) f[1]).longValue() * 1.2)});
                }
            }
            """);

    @Test
    void printThroughput() {
        // The first round warms up the JIT; compare the later ones.
        for (int round = 0; round < 2; round++) {
            for (int parallelism : new int[] {1, 2}) {
                run("chained", parallelism, List.of(new JobVertex(1, "bench", parallelism,
                        new TestSources.Sequence(ROWS, 1024),
                        List.of(new CalcOperatorFactory("Calc", CALC), new TestOperators.Discard()))), List.of());
                run("rebalanced", parallelism, List.of(
                        new JobVertex(1, "source", parallelism, new TestSources.Sequence(ROWS, 1024), List.of()),
                        new JobVertex(2, "calc", parallelism, null,
                                List.of(new CalcOperatorFactory("Calc", CALC), new TestOperators.Discard()))),
                        List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())));
            }
        }
    }

    private static void run(String shape, int parallelism, List<JobVertex> vertices, List<JobEdge> edges) {
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration())) {
            long start = System.nanoTime();
            JobId id = cluster.submitJob(new JobGraph("throughput", vertices, edges, new Configuration()));
            JobInfo end = cluster.jobTermination(id).join();
            double seconds = (System.nanoTime() - start) / 1e9;
            assertThat(end.status()).isEqualTo(JobStatus.FINISHED);
            System.out.printf(Locale.ROOT, "%-10s parallelism %d: %,d rows in %.2f s = %,.0f rows/s%n",
                    shape, parallelism, end.recordsIn(), seconds, end.recordsIn() / seconds);
        }
    }
}
