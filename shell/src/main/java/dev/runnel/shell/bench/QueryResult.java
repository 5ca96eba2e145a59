package dev.runnel.shell.bench;

/**
 * What one benchmark query measured. Only an {@link Status#OK} result has figures; the others
 * carry the reason or error instead.
 *
 * @param events events the job's source read
 * @param seconds wall time from the job's submission until it finished
 * @param parallelism the jobs' parallelism
 * @param cores the cores the figures are divided by: min(parallelism, available processors)
 * @param latencyP50Ms median end-to-end latency of latency markers, null when none reached a sink
 * @param latencyP99Ms 99th percentile of the same, null when none reached a sink
 * @param peakHeapBytes the largest used heap sampled while the job ran
 * @param peakRssBytes the largest resident set size sampled while the job ran, -1 when unknown
 * @param cpuSeconds CPU time of the whole process while the job ran, -1 when unknown
 * @param message the reason of an UNSUPPORTED result or the error of a FAILED one, else null
 */
record QueryResult(String query, Status status, long events, double seconds, int parallelism, int cores,
                   Double latencyP50Ms, Double latencyP99Ms, long peakHeapBytes, long peakRssBytes,
                   double cpuSeconds, String message) {

    enum Status {
        OK, UNSUPPORTED, FAILED;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static QueryResult unsupported(String query, int parallelism, int cores, String reason) {
        return new QueryResult(query, Status.UNSUPPORTED, 0, 0, parallelism, cores, null, null, 0, -1, -1, reason);
    }

    static QueryResult failed(String query, int parallelism, int cores, String error) {
        return new QueryResult(query, Status.FAILED, 0, 0, parallelism, cores, null, null, 0, -1, -1, error);
    }

    boolean isOk() {
        return status == Status.OK;
    }

    double eventsPerSecond() {
        return seconds > 0 ? events / seconds : 0;
    }

    double eventsPerSecondPerCore() {
        return eventsPerSecond() / cores;
    }
}
