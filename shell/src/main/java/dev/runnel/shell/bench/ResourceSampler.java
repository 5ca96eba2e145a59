package dev.runnel.shell.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures the resources of this JVM over one benchmark run: a daemon thread samples the used
 * heap and the process's resident set size every {@link #PERIOD_MS} ms and keeps their maxima
 * since {@link #markStart()}; CPU time is the process's CPU time between {@link #markStart()}
 * and {@link #stop()}.
 *
 * <p>The RSS is sampled rather than read from {@code VmHWM}, which holds the maximum over the
 * whole process lifetime and so would carry one query's peak into the next one's figures.
 * Sampling misses peaks shorter than the period. Thread-safe.
 */
final class ResourceSampler implements AutoCloseable {
    static final long PERIOD_MS = 100;
    private static final Path PROC_STATUS = Path.of("/proc/self/status");

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final AtomicLong peakHeap = new AtomicLong();
    private final AtomicLong peakRss = new AtomicLong(-1);
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long cpuAtStart = -1;
    private long cpuNanos = -1;

    private ResourceSampler() {
        thread = new Thread(this::loop, "runnel-bench-sampler");
        thread.setDaemon(true);
    }

    /** Starts sampling; the maxima and CPU time count from {@link #markStart()}. */
    static ResourceSampler start() {
        ResourceSampler sampler = new ResourceSampler();
        sampler.thread.start();
        return sampler;
    }

    /** The measured interval begins: forgets earlier maxima and notes the CPU time. */
    void markStart() {
        cpuAtStart = processCpuNanos();
        peakHeap.set(0);
        peakRss.set(-1);
        sample();
    }

    /** The measured interval ends: takes a last sample, stops the thread and notes the CPU time. */
    void stop() {
        long cpuNow = processCpuNanos();
        cpuNanos = cpuAtStart < 0 || cpuNow < 0 ? -1 : cpuNow - cpuAtStart;
        sample();
        close();
    }

    /** The largest heap use seen, in bytes. */
    long peakHeapBytes() {
        return peakHeap.get();
    }

    /** The largest resident set size seen, in bytes; -1 where the OS does not tell ({@code /proc} missing). */
    long peakRssBytes() {
        return peakRss.get();
    }

    /** The process's CPU time over the interval, in nanoseconds; -1 when the JVM does not tell. */
    long cpuNanos() {
        return cpuNanos;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        while (running) {
            sample();
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample() {
        peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
        long rss = residentSetBytes();
        if (rss >= 0) {
            peakRss.accumulateAndGet(rss, Math::max);
        }
    }

    /** {@code VmRSS} of {@code /proc/self/status} in bytes, or -1 when it cannot be read. */
    static long residentSetBytes() {
        try {
            for (String line : Files.readAllLines(PROC_STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring("VmRSS:".length()).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    private static long processCpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }
}
