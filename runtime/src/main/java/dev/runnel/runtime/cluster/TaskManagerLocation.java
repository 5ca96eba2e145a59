package dev.runnel.runtime.cluster;

import java.io.Serializable;

/**
 * Where a TaskManager runs and when it was last heard of, as {@code /taskmanagers} shows it.
 *
 * @param path                how to find it: {@code embedded}, or its pid and host
 * @param lastHeartbeatMillis when its last message arrived (epoch milliseconds)
 * @param cpuCores            the processors its JVM sees
 * @param heapBytes           its JVM's largest heap
 * @param dataPort            the port other TaskManagers fetch its subtasks' output from; -1 in this JVM
 * @param memory              its JVM's memory as of its last heartbeat
 */
public record TaskManagerLocation(String path, long lastHeartbeatMillis, int cpuCores, long heapBytes, int dataPort,
                                  MemoryUsage memory) implements Serializable {

    /** A TaskManager in this JVM: always heard of, with this JVM's processors, heap and memory now. */
    public static TaskManagerLocation embedded() {
        Runtime runtime = Runtime.getRuntime();
        return new TaskManagerLocation("embedded", System.currentTimeMillis(), runtime.availableProcessors(),
                runtime.maxMemory(), -1, MemoryUsage.ofThisJvm());
    }
}
