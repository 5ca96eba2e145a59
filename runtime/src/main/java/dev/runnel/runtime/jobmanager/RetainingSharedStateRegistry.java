package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.SharedStateRegistry;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import java.util.Collection;

/**
 * A {@link SharedStateRegistry} that deletes no shared file while the job runs: they go with
 * the job's checkpoint directory when the job ends (unless retained). The JobManager uses it
 * where no reference-counting registry is supplied.
 */
final class RetainingSharedStateRegistry implements SharedStateRegistry {
    @Override
    public void register(long checkpointId, Collection<StreamStateHandle> files) {
    }

    @Override
    public void release(long checkpointId) {
    }
}
