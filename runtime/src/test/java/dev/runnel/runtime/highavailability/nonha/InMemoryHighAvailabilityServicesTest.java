package dev.runnel.runtime.highavailability.nonha;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesContractTest;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InMemoryHighAvailabilityServicesTest extends HighAvailabilityServicesContractTest {
    private final InMemoryHighAvailabilityServices services = new InMemoryHighAvailabilityServices();

    @AfterEach
    void close() {
        services.closeAndCleanupAllData();
    }

    @Override
    protected HighAvailabilityServices services() {
        return services;
    }

    @Override
    protected HighAvailabilityServices anotherProcess() {
        return services;
    }

    @Test
    void perJobStoresAreNewOnEveryCallAsNothingOutlivesTheJobManager() {
        JobId job = JobId.generate();
        services.completedCheckpointStore(job, 1).add(new CompletedCheckpoint(job, 1, 0, URI.create("file:///c/_metadata")));
        services.checkpointIdCounter(job).getAndIncrement();

        assertThat(services.completedCheckpointStore(job, 1).latest()).isEmpty();
        assertThat(services.checkpointIdCounter(job).get()).isEqualTo(1);
    }

    @Test
    void aStoreKeepsItsCheckpointsWhenTheJobDidNotEnd() {
        JobId job = JobId.generate();
        InMemoryCompletedCheckpointStore store = new InMemoryCompletedCheckpointStore(0);
        CompletedCheckpoint c = new CompletedCheckpoint(job, 7, 0, URI.create("file:///c/chk-7/_metadata"));
        store.add(c);

        assertThat(store.maxRetained()).isEqualTo(1);
        assertThat(store.shutdown(JobStatus.RUNNING)).isEmpty();
        assertThat(store.latest()).contains(c);
        assertThat(c.directory()).isEqualTo(URI.create("file:///c/chk-7/"));
    }
}
