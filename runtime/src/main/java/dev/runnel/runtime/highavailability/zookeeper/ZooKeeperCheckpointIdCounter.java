package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import org.apache.curator.RetryPolicy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.atomic.AtomicValue;
import org.apache.curator.framework.recipes.atomic.DistributedAtomicLong;
import org.apache.zookeeper.KeeperException;

/**
 * The next checkpoint id of a job in one znode, through Curator's {@link DistributedAtomicLong}:
 * an optimistic compare-and-set on the node's version, retried by the client's retry policy.
 * The node holds the next id; it is created holding 1.
 */
final class ZooKeeperCheckpointIdCounter implements CheckpointIdCounter {
    private final CuratorFramework client;
    private final String path;
    private final DistributedAtomicLong counter;

    ZooKeeperCheckpointIdCounter(CuratorFramework client, String path, RetryPolicy retryPolicy) {
        this.client = client;
        this.path = path;
        this.counter = new DistributedAtomicLong(client, path, retryPolicy);
        try {
            counter.initialize(1L);
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("create the checkpoint id counter " + path, e);
        }
    }

    @Override
    public long getAndIncrement() {
        return require(run(counter::increment, "take a checkpoint id from"), "take a checkpoint id from").preValue();
    }

    @Override
    public long get() {
        return require(run(counter::get, "read the checkpoint id counter"), "read the checkpoint id counter").postValue();
    }

    @Override
    public void setCount(long next) {
        while (true) {
            long current = get();
            if (next <= current) {
                return;
            }
            // Lost the race to another writer: look again.
            if (run(() -> counter.compareAndSet(current, next), "set the checkpoint id counter").succeeded()) {
                return;
            }
        }
    }

    private interface Operation {
        AtomicValue<Long> run() throws Exception;
    }

    private AtomicValue<Long> run(Operation operation, String what) {
        try {
            return operation.run();
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure(what + " " + path, e);
        }
    }

    /** {@code value} of an operation that retries on its own: unsucceeded, it used up the retries. */
    private AtomicValue<Long> require(AtomicValue<Long> value, String what) {
        if (!value.succeeded()) {
            throw new HighAvailabilityException("Could not " + what + " " + path + ": other writers won every "
                    + "attempt the retry policy allows");
        }
        return value;
    }

    @Override
    public void shutdown(JobStatus status) {
        if (!status.isTerminal()) {
            return;
        }
        try {
            client.delete().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            // Removed already.
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("remove the checkpoint id counter " + path, e);
        }
    }
}
