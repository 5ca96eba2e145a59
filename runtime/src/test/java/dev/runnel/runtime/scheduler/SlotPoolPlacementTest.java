package dev.runnel.runtime.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link SlotPool.Placement#ONE_TASK_MANAGER}: the placement for TaskManagers in processes of their own. */
class SlotPoolPlacementTest {
    private final ScheduledExecutorService mainThread = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        mainThread.shutdownNow();
    }

    /** Runs on the pool's thread, as the JobManager does. */
    private <T> T on(java.util.concurrent.Callable<T> action) throws Exception {
        return mainThread.submit(action).get(10, TimeUnit.SECONDS);
    }

    private static TaskManagerId taskManagerOf(List<AllocatedSlot> slots) {
        assertThat(slots.stream().map(s -> s.id().taskManagerId()).distinct()).hasSize(1);
        return slots.get(0).id().taskManagerId();
    }

    @Test
    void eachJobGetsAllItsSlotsFromOneTaskManager() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMinutes(5), SlotPool.Placement.ONE_TASK_MANAGER);
        on(() -> {
            pool.addTaskManager(new Stub("tm-a"), 3);
            pool.addTaskManager(new Stub("tm-b"), 2);
            return null;
        });
        List<AllocatedSlot> first = on(() -> pool.requestSlots(JobId.generate(), "first", 2)).get();
        // tm-a has one slot left: the next job of two goes to tm-b, not one slot on each
        List<AllocatedSlot> second = on(() -> pool.requestSlots(JobId.generate(), "second", 2)).get();

        assertThat(taskManagerOf(first)).isEqualTo(new TaskManagerId("tm-a"));
        assertThat(taskManagerOf(second)).isEqualTo(new TaskManagerId("tm-b"));
        assertThat(on(pool::freeSlots)).isEqualTo(1);
    }

    @Test
    void aJobLargerThanEveryTaskManagerWaitsForALargerOneToRegister() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMinutes(5), SlotPool.Placement.ONE_TASK_MANAGER);
        on(() -> {
            pool.addTaskManager(new Stub("tm-a"), 1);
            pool.addTaskManager(new Stub("tm-b"), 1);
            return null;
        });
        CompletableFuture<List<AllocatedSlot>> request = on(() -> pool.requestSlots(JobId.generate(), "wide", 2));
        assertThat(request).isNotDone();
        assertThat(on(() -> pool.waitText(2))).isEqualTo("2 slots on one TaskManager; the largest of the 2 registered"
                + " TaskManagers has 1 slots (waiting for TaskManagers to register, slot.request.timeout 5 min)");

        on(() -> {
            pool.addTaskManager(new Stub("tm-c"), 2);
            return null;
        });
        assertThat(taskManagerOf(request.get(10, TimeUnit.SECONDS))).isEqualTo(new TaskManagerId("tm-c"));
    }

    @Test
    void aJobThatNoTaskManagerCanHoldFailsAfterTheTimeoutSayingWhy() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMillis(200), SlotPool.Placement.ONE_TASK_MANAGER);
        CompletableFuture<List<AllocatedSlot>> request = on(() -> pool.requestSlots(JobId.generate(), "q", 1));

        try {
            request.get(10, TimeUnit.SECONDS);
            throw new AssertionError("the request did not time out");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(NoResourcesException.class).hasMessage("Job 'q' could not get 1 slots"
                    + " on one TaskManager within 200 ms: no TaskManager is registered; start TaskManagers with more"
                    + " slots (taskmanager.numberOfTaskSlots) or lower parallelism.default (slot.request.timeout)");
        }
    }

    /** A TaskManager that is only its id: the pool never calls it. */
    private record Stub(TaskManagerId taskManagerId) implements TaskExecutorGateway {
        Stub(String id) {
            this(new TaskManagerId(id));
        }

        @Override
        public CompletableFuture<Void> submitTask(TaskDeploymentDescriptor deployment) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void cancelTask(ExecutionAttemptId attemptId) {
        }

        @Override
        public void releaseJob(JobId jobId) {
        }

        @Override
        public void releaseChannels(JobId jobId, int generation) {
        }

        @Override
        public void triggerCheckpoint(ExecutionAttemptId attemptId, CheckpointBarrier barrier, StopMode stop) {
        }

        @Override
        public void notifyCheckpointComplete(JobId jobId, long checkpointId) {
        }

        @Override
        public void notifyCheckpointAborted(JobId jobId, long checkpointId) {
        }

        @Override
        public void failTask(ExecutionAttemptId attemptId, RuntimeException failure) {
        }

        @Override
        public CompletableFuture<Map<ExecutionAttemptId, TaskCounters>> requestCounters(JobId jobId) {
            return CompletableFuture.completedFuture(Map.of());
        }
    }
}
