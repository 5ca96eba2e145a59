package dev.runnel.runtime.jobmanager;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.scheduler.AllocatedSlot;
import dev.runnel.runtime.scheduler.NoResourcesException;
import dev.runnel.runtime.scheduler.ResourceManager;
import dev.runnel.runtime.scheduler.SlotPool;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An elastic {@link SlotPool}: the one of a JobManager whose TaskManagers are processes that come and go. */
class ElasticSlotPoolTest {
    private final ScheduledExecutorService mainThread = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        mainThread.shutdownNow();
    }

    /** Runs on the pool's thread, as the JobManager does. */
    private <T> T on(Callable<T> action) throws Exception {
        return mainThread.submit(action).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aJobLargerThanTheClusterWaitsForTaskManagersToRegisterAndSpansThem() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMinutes(5), true);
        on(() -> {
            pool.addTaskManager(taskManager("tm-a"), 1);
            return null;
        });
        CompletableFuture<List<AllocatedSlot>> request = on(() -> pool.requestSlots(JobId.generate(), "wide", 3));
        assertThat(request).isNotDone();
        assertThat(on(() -> pool.waitText(3))).isEqualTo("3 slots; the cluster's 1 TaskManagers have 1 slots"
                + " (waiting for TaskManagers to register, slot.request.timeout 5 min)");

        on(() -> {
            pool.addTaskManager(taskManager("tm-b"), 2);
            return null;
        });
        List<AllocatedSlot> slots = request.get(10, TimeUnit.SECONDS);
        assertThat(slots).extracting(s -> s.id().taskManagerId().value()).containsExactly("tm-a", "tm-b", "tm-b");
    }

    @Test
    void aJobThatTheClusterCannotHoldFailsAfterTheTimeoutSayingWhy() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMillis(200), true);
        CompletableFuture<List<AllocatedSlot>> request = on(() -> pool.requestSlots(JobId.generate(), "q", 1));

        try {
            request.get(10, TimeUnit.SECONDS);
            throw new AssertionError("the request did not time out");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(NoResourcesException.class).hasMessage("Job 'q' could not get 1 slots"
                    + " within 200 ms: no TaskManager is registered; start more TaskManagers or lower"
                    + " parallelism.default (slot.request.timeout)");
        }
    }

    @Test
    void withoutElasticityAJobLargerThanTheClusterFailsAtOnce() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMinutes(5), false);
        on(() -> {
            pool.addTaskManager(taskManager("tm-a"), 1);
            return null;
        });
        CompletableFuture<List<AllocatedSlot>> request = on(() -> pool.requestSlots(JobId.generate(), "wide", 2));
        assertThat(request).isCompletedExceptionally();
    }

    @Test
    void theResourceManagerLearnsOfEveryRegistrationAndLossAndIsAskedAgainForWhatALossTookAway() throws Exception {
        SlotPool pool = new SlotPool(mainThread, Duration.ofMinutes(5), true);
        List<String> calls = new ArrayList<>();
        on(() -> {
            pool.addTaskManager(taskManager("tm-before"), 1);
            pool.useResourceManager(new ResourceManager() {
                @Override
                public void slotsMissing(int slots) {
                    calls.add("missing " + slots);
                }

                @Override
                public void taskManagerRegistered(TaskManagerId taskManager, int slots) {
                    calls.add("registered " + taskManager.value() + " " + slots);
                }

                @Override
                public void taskManagerLost(TaskManagerId taskManager) {
                    calls.add("lost " + taskManager.value());
                }
            });
            return null;
        });
        JobId job = JobId.generate();
        CompletableFuture<List<AllocatedSlot>> first = on(() -> pool.requestSlots(job, "q", 1));
        assertThat(first).isCompleted();

        // the job's TaskManager dies; the job gives its slot back and asks again
        CompletableFuture<List<AllocatedSlot>> again = on(() -> {
            pool.removeTaskManager(new TaskManagerId("tm-before"));
            pool.releaseSlots(job);
            return pool.requestSlots(job, "q", 1);
        });
        assertThat(again).isNotDone();
        on(() -> {
            pool.addTaskManager(taskManager("tm-after"), 1);
            return null;
        });
        assertThat(again.get(10, TimeUnit.SECONDS)).extracting(s -> s.id().taskManagerId().value())
                .containsExactly("tm-after");
        assertThat(calls).containsExactly("registered tm-before 1", "lost tm-before", "missing 1",
                "registered tm-after 1");
    }

    /** A TaskManager the pool only counts the slots of: it never deploys, so no JobManager is behind it. */
    private static FakeTaskExecutor taskManager(String id) {
        return new FakeTaskExecutor(id, null);
    }
}
