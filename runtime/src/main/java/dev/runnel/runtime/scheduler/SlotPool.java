package dev.runnel.runtime.scheduler;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The slots the registered TaskManagers offer, and which job holds which. A request for more
 * slots than the cluster has fails at once; a request for slots that other jobs hold waits, in
 * arrival order, until they are released or the request times out.
 *
 * <p>Not thread-safe: used only from the JobManager's main thread, which is also the
 * {@code mainThread} timeouts fire on.
 */
public final class SlotPool {
    private final ScheduledExecutorService mainThread;
    private final Duration requestTimeout;
    private final boolean elastic;
    private ResourceManager resourceManager = ResourceManager.STANDALONE;
    private final TreeMap<SlotId, TaskExecutorGateway> free = new TreeMap<>();
    private final Map<JobId, List<AllocatedSlot>> allocated = new HashMap<>();
    private final ArrayDeque<PendingRequest> pending = new ArrayDeque<>();
    private final Set<TaskManagerId> lost = new HashSet<>();
    private final Map<TaskManagerId, Integer> slotsPerTaskManager = new HashMap<>();
    private final Map<TaskManagerId, TaskExecutorGateway> gateways = new HashMap<>();
    private int totalSlots;

    private record PendingRequest(JobId jobId, String jobName, int count, CompletableFuture<List<AllocatedSlot>> result,
                                  ScheduledFuture<?> timeout) {
    }

    public SlotPool(ScheduledExecutorService mainThread, Duration requestTimeout) {
        this(mainThread, requestTimeout, false);
    }

    /**
     * @param elastic whether TaskManagers register while the JobManager runs (processes of
     *                their own): then a request larger than the cluster waits for them, up to
     *                the timeout, instead of failing at once
     */
    public SlotPool(ScheduledExecutorService mainThread, Duration requestTimeout, boolean elastic) {
        this.mainThread = mainThread;
        this.requestTimeout = requestTimeout;
        this.elastic = elastic;
    }

    /** Where missing slots are asked for from now on (elastic pools only). */
    public void useResourceManager(ResourceManager resourceManager) {
        this.resourceManager = resourceManager;
        // it may have started some of those that registered already
        slotsPerTaskManager.forEach((id, slots) -> {
            if (!lost.contains(id)) {
                resourceManager.taskManagerRegistered(id, slots);
            }
        });
        askForMissingSlots();
    }

    /** Tells the resource manager how many slots the waiting requests lack beyond the free ones. */
    public void askForMissingSlots() {
        if (!elastic || pending.isEmpty()) {
            return;
        }
        int waiting = pending.stream().mapToInt(PendingRequest::count).sum();
        if (waiting > free.size()) {
            resourceManager.slotsMissing(waiting - free.size());
        }
    }

    /** Adds the slots of a TaskManager that registered; waiting requests may now be served. */
    public void addTaskManager(TaskExecutorGateway taskManager, int numberOfSlots) {
        if (slotsPerTaskManager.containsKey(taskManager.taskManagerId())) {
            throw new IllegalArgumentException("TaskManager " + taskManager.taskManagerId() + " is registered already");
        }
        for (int i = 0; i < numberOfSlots; i++) {
            free.put(new SlotId(taskManager.taskManagerId(), i), taskManager);
        }
        totalSlots += numberOfSlots;
        slotsPerTaskManager.put(taskManager.taskManagerId(), numberOfSlots);
        gateways.put(taskManager.taskManagerId(), taskManager);
        resourceManager.taskManagerRegistered(taskManager.taskManagerId(), numberOfSlots);
        servePending();
        askForMissingSlots();
    }

    /**
     * A TaskManager is gone: its free slots leave the pool at once, the ones jobs hold when they
     * release them.
     */
    public void removeTaskManager(TaskManagerId taskManager) {
        if (!lost.add(taskManager)) {
            return;
        }
        free.keySet().removeIf(slot -> slot.taskManagerId().equals(taskManager));
        totalSlots -= slotsPerTaskManager.getOrDefault(taskManager, 0);
        resourceManager.taskManagerLost(taskManager);
        askForMissingSlots();
    }

    public int totalSlots() {
        return totalSlots;
    }

    public int freeSlots() {
        return free.size();
    }

    /** The TaskManagers offering slots now (lost ones left out), with their free slots, by id. */
    public List<TaskManagerInfo> taskManagers() {
        Map<TaskManagerId, Integer> freePerTaskManager = new TreeMap<>();
        free.keySet().forEach(slot -> freePerTaskManager.merge(slot.taskManagerId(), 1, Integer::sum));
        return new TreeMap<>(slotsPerTaskManager).entrySet().stream()
                .filter(e -> !lost.contains(e.getKey()))
                .map(e -> new TaskManagerInfo(e.getKey().value(), e.getValue(), freePerTaskManager.getOrDefault(e.getKey(), 0),
                        gateways.get(e.getKey()).location()))
                .toList();
    }

    /**
     * Requests {@code count} slots for a job. Completes with them (in slot order) once they are
     * free, or fails with {@link NoResourcesException} after the request timeout, or at once when
     * the cluster is too small and not elastic.
     */
    public CompletableFuture<List<AllocatedSlot>> requestSlots(JobId jobId, String jobName, int count) {
        if (!elastic && count > totalSlots) {
            return CompletableFuture.failedFuture(new NoResourcesException("Job '" + jobName + "' needs " + count
                    + " slots (its largest parallelism) but the cluster has " + totalSlots
                    + "; set parallelism.default or taskmanager.numberOfTaskSlots"));
        }
        if (allocated.containsKey(jobId)) {
            throw new IllegalStateException("Job " + jobId + " already holds slots");
        }
        CompletableFuture<List<AllocatedSlot>> result = new CompletableFuture<>();
        if (pending.isEmpty() && free.size() >= count) {
            result.complete(allocate(jobId, count));
            return result;
        }
        ScheduledFuture<?> timeout = mainThread.schedule(() -> timeOut(jobId), requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
        pending.addLast(new PendingRequest(jobId, jobName, count, result, timeout));
        askForMissingSlots();
        return result;
    }

    /** What a job whose request for {@code count} slots waits says: the count, the cluster's slots, the timeout. */
    public String waitText(int count) {
        if (count > totalSlots) {
            return count + " slots; " + capacity() + " (waiting for TaskManagers to register, slot.request.timeout "
                    + format(requestTimeout) + ")";
        }
        return count + " of the cluster's " + totalSlots + " slots, which other jobs hold (slot.request.timeout "
                + format(requestTimeout) + ")";
    }

    /** Withdraws a job's waiting request, if any (the job was cancelled). */
    public void cancelRequest(JobId jobId) {
        Iterator<PendingRequest> it = pending.iterator();
        while (it.hasNext()) {
            PendingRequest request = it.next();
            if (request.jobId().equals(jobId)) {
                it.remove();
                request.timeout().cancel(false);
                request.result().cancel(false);
            }
        }
        servePending();
    }

    /** Gives the job's slots back; waiting requests may now be served. */
    public void releaseSlots(JobId jobId) {
        List<AllocatedSlot> slots = allocated.remove(jobId);
        if (slots != null) {
            slots.stream().filter(slot -> !lost.contains(slot.id().taskManagerId()))
                    .forEach(slot -> free.put(slot.id(), slot.taskManager()));
        }
        servePending();
    }

    /** The slots a job holds, in slot order; empty if none. */
    public List<AllocatedSlot> slotsOf(JobId jobId) {
        return allocated.getOrDefault(jobId, List.of());
    }

    /** What the cluster offers, for a request larger than that. */
    private String capacity() {
        long registered = slotsPerTaskManager.keySet().stream().filter(id -> !lost.contains(id)).count();
        return registered == 0 ? "no TaskManager is registered"
                : "the cluster's " + registered + " TaskManagers have " + totalSlots + " slots";
    }

    private List<AllocatedSlot> allocate(JobId jobId, int count) {
        List<AllocatedSlot> slots = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            var entry = free.pollFirstEntry();
            slots.add(new AllocatedSlot(entry.getKey(), entry.getValue()));
        }
        List<AllocatedSlot> result = List.copyOf(slots);
        allocated.put(jobId, result);
        return result;
    }

    // First come, first served: a large request at the head is not overtaken by smaller ones.
    private void servePending() {
        while (!pending.isEmpty() && free.size() >= pending.peekFirst().count()) {
            PendingRequest request = pending.pollFirst();
            request.timeout().cancel(false);
            request.result().complete(allocate(request.jobId(), request.count()));
        }
    }

    private void timeOut(JobId jobId) {
        Iterator<PendingRequest> it = pending.iterator();
        while (it.hasNext()) {
            PendingRequest request = it.next();
            if (request.jobId().equals(jobId)) {
                it.remove();
                String why = " within " + format(requestTimeout) + ": " + (request.count() > totalSlots
                        ? capacity() + "; start more TaskManagers or lower parallelism.default"
                        : "all " + totalSlots + " slots of the cluster are busy with other jobs");
                request.result().completeExceptionally(new NoResourcesException("Job '" + request.jobName()
                        + "' could not get " + request.count() + " slots" + why + " (slot.request.timeout)"));
            }
        }
        servePending();
    }

    private static String format(Duration d) {
        if (d.toMillis() % 60_000 == 0) {
            return d.toMinutes() + " min";
        }
        if (d.toMillis() % 1000 == 0) {
            return d.toSeconds() + " s";
        }
        return d.toMillis() + " ms";
    }
}
