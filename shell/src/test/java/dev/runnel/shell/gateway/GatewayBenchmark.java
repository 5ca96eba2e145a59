package dev.runnel.shell.gateway;

import dev.runnel.jdbc.RunnelDriver;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.Session;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.config.Configuration;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Prints what a JDBC client gets from the gateway beside what the shell's script mode reads from
 * the same session in process: rows/s and payload MB/s of a large bounded result with the CPU
 * seconds and peak heap of the run, and the round trip of a small query (p50, p99). Client,
 * gateway and cluster share this JVM: the CPU seconds are the process's, with the client's
 * ({@code main}) and the gateway's HTTP threads' shown apart. Run by {@code benchmarks/jdbc.sh}; not a test.
 */
public final class GatewayBenchmark {
    /** Unpaced: datagen's default {@code rows-per-second} (10,000) would be all this measured. */
    private static final String TABLE = "CREATE TABLE big (id BIGINT, name STRING) WITH ('connector' = 'datagen',"
            + " 'rows-per-second' = '1000000000', 'number-of-rows' = '%d', 'fields.id.kind' = 'sequence',"
            + " 'fields.id.start' = '1', 'fields.id.end' = '%d', 'fields.name.length' = '16')";
    private static final String QUERY = "SELECT id, name FROM big";

    private GatewayBenchmark() {
    }

    /** Reads the whole result once; returns rows and payload bytes (8 per id, the name's UTF-8). */
    private interface Reader {
        long[] read() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        int trips = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots",
                "2")));
             GatewayServer gateway = GatewayServer.start("127.0.0.1", 0, () -> new Session(cluster, new Configuration()),
                     new Configuration())) {
            try (Connection c = new RunnelDriver().connect(gateway.jdbcUrl() + "?fetch_size=10000", new Properties());
                 Statement s = c.createStatement()) {
                s.execute(String.format(TABLE, rows, rows));
                for (int round = 0; round < 2; round++) { // the first warms up
                    measure("jdbc  bounded result", () -> {
                        long n = 0;
                        long bytes = 0;
                        try (ResultSet rs = s.executeQuery(QUERY)) {
                            while (rs.next()) {
                                rs.getLong(1);
                                bytes += 8 + rs.getString(2).getBytes(StandardCharsets.UTF_8).length;
                                n++;
                            }
                        }
                        return new long[] {n, bytes};
                    });
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
                    measure("shell bounded result (Session fetch, in process)", () -> {
                        long n = 0;
                        long bytes = 0;
                        QueryResult result = (QueryResult) session.execute(QUERY);
                        ResultChunk chunk;
                        do {
                            chunk = result.fetch(Duration.ofSeconds(1));
                            for (var row : chunk.rows()) {
                                bytes += 8 + ((String) row.getField(1)).getBytes(StandardCharsets.UTF_8).length;
                                n++;
                            }
                        } while (!chunk.endOfResult());
                        return new long[] {n, bytes};
                    });
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

    private static void measure(String what, Reader reader) throws Exception {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Map<String, Long> cpuBefore = cpuByRole();
        long processBefore = os.getProcessCpuTime();
        long start = System.nanoTime();
        long[] result = reader.read();
        double seconds = (System.nanoTime() - start) / 1e9;
        double process = (os.getProcessCpuTime() - processBefore) / 1e9;
        Map<String, Long> cpuAfter = cpuByRole();
        long peakHeap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peakHeap += pool.getPeakUsage().getUsed();
            }
        }
        StringBuilder cpu = new StringBuilder();
        for (String role : cpuAfter.keySet()) {
            cpu.append(String.format(" %s %.2f", role, (cpuAfter.get(role) - cpuBefore.getOrDefault(role, 0L)) / 1e9));
        }
        System.out.printf("%-50s %,10d rows in %6.2f s = %,10.0f rows/s %6.1f MB/s  CPU %.2f s (%s)  peak heap %,d MB%n",
                what, result[0], seconds, result[0] / seconds, result[1] / seconds / 1e6, process,
                cpu.toString().trim(), peakHeap >> 20);
    }

    /**
     * CPU nanoseconds of the live threads by role: the client ({@code main}) and the gateway's
     * HTTP pool live on; a job's task threads end with it, so the process total is the one to read.
     */
    private static Map<String, Long> cpuByRole() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> cpu = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long nanos = threads.getThreadCpuTime(info.getThreadId());
            if (nanos < 0) {
                continue;
            }
            String name = info.getThreadName();
            String role = name.equals("main") ? "client" : name.startsWith("avatica_qtp") ? "gateway" : null;
            if (role != null) {
                cpu.merge(role, nanos, Long::sum);
            }
        }
        return cpu;
    }

    private static void percentiles(String what, long[] times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        System.out.printf("%-50s p50 %6.2f ms  p99 %6.2f ms  (%d trips)%n", what,
                sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.99)] / 1e6, sorted.length);
    }
}
