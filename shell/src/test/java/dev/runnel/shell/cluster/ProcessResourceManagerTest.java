package dev.runnel.shell.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.config.Configuration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process resource manager with TaskManager processes that cannot start: real JVMs given
 * an option no JVM knows, which exit at once, before they could register.
 */
class ProcessResourceManagerTest {
    @TempDir
    Path home;

    private final ExecutorService jobManagerThread = Executors.newSingleThreadExecutor();
    private TaskManagerProcesses processes;
    private ProcessResourceManager resourceManager;

    @BeforeEach
    void useTheTemporaryHome() {
        System.setProperty("runnel.home", home.toString());
    }

    @AfterEach
    void stop() {
        jobManagerThread.shutdownNow();
        if (resourceManager != null) {
            resourceManager.close();
        }
        if (processes != null) {
            processes.close();
        }
        System.clearProperty("runnel.home");
    }

    /** A resource manager that wants one slot, with TaskManagers that die at start; asks again on the "main thread". */
    private void start(Map<String, String> options) {
        Configuration configuration = new Configuration(options);
        configuration.set(ProcessCluster.TASKMANAGER_JAVA_OPTS.key(), "-XX:+RunnelHasNoSuchOption");
        processes = new TaskManagerProcesses("127.0.0.1:1", configuration, Map.of());
        AtomicReference<ProcessResourceManager> self = new AtomicReference<>();
        resourceManager = new ProcessResourceManager(processes, 1, 1, configuration,
                () -> jobManagerThread.execute(() -> self.get().slotsMissing(1)));
        self.set(resourceManager);
        jobManagerThread.execute(() -> resourceManager.slotsMissing(1));
    }

    private int started() {
        return processes.workers().size();
    }

    @Test
    void afterMoreFailedStartsThanTheRateAllowsItWaitsTheRetryIntervalBeforeTheNext() {
        start(Map.of("resourcemanager.start-worker.max-failure-rate", "2",
                "resourcemanager.start-worker.retry-interval", "1 min"));

        // three ended before registering, more than two a minute: the fourth waits a minute
        await().atMost(Duration.ofSeconds(60)).until(() -> processes.ended().split("exited with").length - 1 == 3);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).until(() -> started() == 3);
        assertThat(processes.ended()).contains("exited with 1");
    }

    @Test
    void aShortRetryIntervalKeepsTryingAtItsPace() {
        start(Map.of("resourcemanager.start-worker.max-failure-rate", "1",
                "resourcemanager.start-worker.retry-interval", "200 ms"));

        // not stuck after the first pause: it goes on starting, one every 200 ms or so
        await().atMost(Duration.ofSeconds(60)).until(() -> started() >= 5);
    }
}
