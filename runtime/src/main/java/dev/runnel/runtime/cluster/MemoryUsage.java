package dev.runnel.runtime.cluster;

import java.io.IOException;
import java.io.Serializable;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM's memory at one moment, as a TaskManager reports it with every heartbeat and
 * {@code /taskmanagers} shows it (the names of Flink's TaskManager metrics). Bytes; -1 where
 * the JVM or the operating system does not say.
 *
 * @param heapUsed         heap in use
 * @param heapCommitted    heap the JVM holds from the operating system
 * @param heapMax          the largest the heap may grow ({@code -Xmx})
 * @param nonHeapUsed      metaspace, code cache and the like, in use
 * @param nonHeapCommitted the same, held from the operating system
 * @param directCount      direct byte buffers (Netty's, gRPC's)
 * @param directUsed       memory in direct byte buffers
 * @param rss              the process's resident memory (Linux), RocksDB's native memory included
 * @param physicalMemory   the machine's memory
 */
public record MemoryUsage(long heapUsed, long heapCommitted, long heapMax, long nonHeapUsed, long nonHeapCommitted,
                          long directCount, long directUsed, long rss, long physicalMemory) implements Serializable {

    /** This JVM's memory now. */
    public static MemoryUsage ofThisJvm() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        java.lang.management.MemoryUsage heap = memory.getHeapMemoryUsage();
        java.lang.management.MemoryUsage nonHeap = memory.getNonHeapMemoryUsage();
        long directCount = -1;
        long directUsed = -1;
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                directCount = pool.getCount();
                directUsed = pool.getMemoryUsed();
            }
        }
        return new MemoryUsage(heap.getUsed(), heap.getCommitted(), Runtime.getRuntime().maxMemory(), nonHeap.getUsed(),
                nonHeap.getCommitted(), directCount, directUsed, residentBytes(), machineMemory());
    }

    private static long residentBytes() {
        try {
            // the second field of /proc/self/statm: resident pages
            String[] fields = Files.readString(Path.of("/proc/self/statm")).trim().split(" ");
            return Long.parseLong(fields[1]) * 4096;
        } catch (IOException | RuntimeException e) {
            return -1; // not Linux
        }
    }

    private static long machineMemory() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : -1;
    }
}
