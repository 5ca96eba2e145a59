package dev.runnel.shell.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints benchmark results as they come: a table with one row per query (and the reasons of
 * the rows without figures below it), or one JSON object per line.
 */
abstract class BenchReport {
    private static final double MIB = 1024.0 * 1024.0;

    protected final PrintWriter out;
    protected final BenchSettings settings;
    /** Where the events come from, for the reader. */
    protected final String source;

    private BenchReport(PrintWriter out, BenchSettings settings, String source) {
        this.out = out;
        this.settings = settings;
        this.source = source;
    }

    static BenchReport create(String format, PrintWriter out, BenchSettings settings, String source) {
        return format.equals("json") ? new Json(out, settings, source) : new Table(out, settings, source);
    }

    /** Called once before the first query. */
    abstract void start();

    abstract void add(QueryResult result);

    /** Called once after the last query. */
    abstract void end();

    /** The aligned table of the default output. */
    private static final class Table extends BenchReport {
        private static final String ROW = "%-6s %-11s %12s %9s %12s %11s %8s %8s %9s %9s %8s%n";
        private final List<String> notes = new ArrayList<>();

        Table(PrintWriter out, BenchSettings settings, String source) {
            super(out, settings, source);
        }

        @Override
        void start() {
            out.printf("Nexmark: %d events per query from the %s, parallelism %d (per core: divided by %d), "
                            + "state backend %s, latency markers %s%n%n", settings.events(), source,
                    settings.parallelism(), settings.cores(), settings.stateBackend(),
                    settings.latencyInterval().isZero() ? "off"
                            : "every " + settings.latencyInterval().toMillis() + " ms");
            out.printf(ROW, "query", "status", "events", "seconds", "events/s", "per core", "p50 ms", "p99 ms",
                    "heap MiB", "RSS MiB", "CPU s");
        }

        @Override
        void add(QueryResult r) {
            if (!r.isOk()) {
                out.printf(ROW, r.query(), r.status().label(), "", "", "", "", "", "", "", "", "");
                notes.add(r.query() + " " + r.status().label() + ": " + r.message());
                return;
            }
            out.printf(ROW, r.query(), r.status().label(), r.events(), fixed(r.seconds(), 2),
                    fixed(r.eventsPerSecond(), 0), fixed(r.eventsPerSecondPerCore(), 0), millis(r.latencyP50Ms()),
                    millis(r.latencyP99Ms()), fixed(r.peakHeapBytes() / MIB, 0),
                    r.peakRssBytes() < 0 ? "n/a" : fixed(r.peakRssBytes() / MIB, 0),
                    r.cpuSeconds() < 0 ? "n/a" : fixed(r.cpuSeconds(), 2));
        }

        @Override
        void end() {
            if (!notes.isEmpty()) {
                out.println();
                notes.forEach(out::println);
            }
            out.flush();
        }

        private static String millis(Double ms) {
            return ms == null ? "n/a" : fixed(ms, ms < 1 ? 3 : ms < 10 ? 2 : 0);
        }

        private static String fixed(double value, int decimals) {
            return String.format(Locale.ROOT, "%." + decimals + "f", value);
        }
    }

    /** {@code --output json}: one object per query and line, for tracking figures over time. */
    private static final class Json extends BenchReport {
        private final ObjectMapper mapper = new ObjectMapper();

        Json(PrintWriter out, BenchSettings settings, String source) {
            super(out, settings, source);
        }

        @Override
        void start() {
        }

        @Override
        void add(QueryResult r) {
            ObjectNode o = mapper.createObjectNode();
            o.put("query", r.query());
            o.put("status", r.status().label());
            boolean ok = r.isOk();
            putOrNull(o, "events", ok ? (Long) r.events() : null);
            putOrNull(o, "seconds", ok ? round(r.seconds(), 3) : null);
            putOrNull(o, "events_per_second", ok ? round(r.eventsPerSecond(), 1) : null);
            putOrNull(o, "events_per_second_per_core", ok ? round(r.eventsPerSecondPerCore(), 1) : null);
            o.put("parallelism", r.parallelism());
            o.put("cores", r.cores());
            putOrNull(o, "latency_p50_ms", r.latencyP50Ms() == null ? null : round(r.latencyP50Ms(), 3));
            putOrNull(o, "latency_p99_ms", r.latencyP99Ms() == null ? null : round(r.latencyP99Ms(), 3));
            putOrNull(o, "peak_heap_bytes", ok ? (Long) r.peakHeapBytes() : null);
            putOrNull(o, "peak_rss_bytes", ok && r.peakRssBytes() >= 0 ? (Long) r.peakRssBytes() : null);
            putOrNull(o, "cpu_seconds", ok && r.cpuSeconds() >= 0 ? round(r.cpuSeconds(), 3) : null);
            o.put("requested_events", settings.events());
            o.put("state_backend", settings.stateBackend());
            o.put("source", source);
            if (r.status() == QueryResult.Status.UNSUPPORTED) {
                o.put("reason", r.message());
            } else if (r.status() == QueryResult.Status.FAILED) {
                o.put("error", r.message());
            }
            try {
                out.println(mapper.writeValueAsString(o));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("Cannot write the result of " + r.query() + " as JSON", e);
            }
            out.flush();
        }

        @Override
        void end() {
            out.flush();
        }

        private static void putOrNull(ObjectNode o, String key, Number value) {
            if (value == null) {
                o.putNull(key);
            } else if (value instanceof Long l) {
                o.put(key, l);
            } else {
                o.put(key, value.doubleValue());
            }
        }

        private static Double round(double value, int decimals) {
            double scale = Math.pow(10, decimals);
            return Math.round(value * scale) / scale;
        }
    }
}
