package dev.runnel.shell.gateway;

import dev.runnel.jdbc.RunnelDriver;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.Session;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.config.Configuration;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;

/**
 * Prints what a JDBC client gets from the gateway beside what the shell's script mode reads from
 * the same session in process: rows/s of a large bounded result, and the round trip of a small
 * query (p50, p99). Run by {@code benchmarks/jdbc.sh}; not a test.
 */
public final class GatewayBenchmark {
    private static final String TABLE = "CREATE TABLE big (id BIGINT, name STRING) WITH ('connector' = 'datagen',"
            + " 'number-of-rows' = '%d', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1',"
            + " 'fields.id.end' = '%d', 'fields.name.length' = '16')";

    private GatewayBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        int trips = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots",
                "2")));
             GatewayServer gateway = GatewayServer.start("127.0.0.1", 0, () -> new Session(cluster, new Configuration()),
                     new Configuration())) {
            Runtime runtime = Runtime.getRuntime();
            try (Connection c = new RunnelDriver().connect(gateway.jdbcUrl() + "?fetch_size=10000", new Properties());
                 Statement s = c.createStatement()) {
                s.execute(String.format(TABLE, rows, rows));
                for (int round = 0; round < 2; round++) { // the first warms up
                    long start = System.nanoTime();
                    long n = 0;
                    long checksum = 0;
                    try (ResultSet rs = s.executeQuery("SELECT id, name FROM big")) {
                        while (rs.next()) {
                            checksum += rs.getLong(1) + rs.getString(2).length();
                            n++;
                        }
                    }
                    report("jdbc  bounded result", n, System.nanoTime() - start, checksum, runtime);
                }
                long[] times = new long[trips];
                for (int i = 0; i < trips; i++) {
                    long start = System.nanoTime();
                    try (ResultSet rs = s.executeQuery("SELECT 1")) {
                        rs.next();
                    }
                    times[i] = System.nanoTime() - start;
                }
                percentiles("jdbc  SELECT 1 round trip", times);
            }
            try (Session session = new Session(cluster, new Configuration())) {
                session.execute(String.format(TABLE, rows, rows));
                for (int round = 0; round < 2; round++) {
                    long start = System.nanoTime();
                    long n = 0;
                    long checksum = 0;
                    QueryResult result = (QueryResult) session.execute("SELECT id, name FROM big");
                    ResultChunk chunk;
                    do {
                        chunk = result.fetch(Duration.ofSeconds(1));
                        for (var row : chunk.rows()) {
                            checksum += (Long) row.getField(0) + ((String) row.getField(1)).length();
                            n++;
                        }
                    } while (!chunk.endOfResult());
                    report("shell bounded result (script mode's Session fetch, in process)", n,
                            System.nanoTime() - start, checksum, runtime);
                }
                long[] times = new long[trips];
                for (int i = 0; i < trips; i++) {
                    long start = System.nanoTime();
                    QueryResult result = (QueryResult) session.execute("SELECT 1");
                    while (!result.fetch(Duration.ofSeconds(1)).endOfResult()) {
                        // until the end
                    }
                    times[i] = System.nanoTime() - start;
                }
                percentiles("shell SELECT 1 round trip (in process)", times);
            }
        }
    }

    private static void report(String what, long rows, long nanos, long checksum, Runtime runtime) {
        double seconds = nanos / 1e9;
        System.out.printf("%-66s %,10d rows in %6.2f s = %,10.0f rows/s  (heap used %,d MB, checksum %d)%n", what,
                rows, seconds, rows / seconds, (runtime.totalMemory() - runtime.freeMemory()) >> 20, checksum);
    }

    private static void percentiles(String what, long[] times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        System.out.printf("%-66s p50 %6.2f ms  p99 %6.2f ms  (%d trips)%n", what,
                sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.99)] / 1e6, sorted.length);
    }
}
