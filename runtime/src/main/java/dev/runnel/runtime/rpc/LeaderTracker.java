package dev.runnel.runtime.rpc;

import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.highavailability.LeaderRetrievalListener;
import java.time.Duration;
import java.util.Objects;

/**
 * The leading JobManager as a {@link dev.runnel.runtime.highavailability.LeaderRetrieval}
 * announces it, with a client of it: what {@link RemoteClusterClient#following} routes its calls
 * through. Thread-safe; callers wait for a leader on this object's monitor.
 */
final class LeaderTracker implements LeaderRetrievalListener {
    /** A leader and the client of it, over a channel of its own. */
    record Current(LeaderInformation leader, RemoteClusterClient client) {
    }

    private final ClusterCredentials credentials;
    private final Duration leaderTimeout;
    // Guarded by this.
    private Current current;
    private LeaderInformation last; // the last leader ever announced, for error messages
    private boolean closed;

    LeaderTracker(ClusterCredentials credentials, Duration leaderTimeout) {
        this.credentials = credentials;
        this.leaderTimeout = leaderTimeout;
    }

    @Override
    public synchronized void notifyLeader(LeaderInformation leader) {
        last = leader;
        try {
            replace(closed ? null : new Current(leader, client(leader.rpcAddress())));
        } catch (RuntimeException e) {
            // not host:port: calls wait for a leader with a usable address
            replace(null);
        }
    }

    @Override
    public synchronized void notifyNoLeader() {
        replace(null);
    }

    private RemoteClusterClient client(String address) {
        return RemoteClusterClient.over(address, RemoteClusterClient.channel(address, credentials),
                credentials.tls().isPresent());
    }

    /** Under the lock: calls in flight to the former leader may finish, new ones go to the next. */
    private void replace(Current next) {
        if (current != null) {
            current.client().shutdown();
        }
        current = next;
        notifyAll();
    }

    /** {@code host:port} of the leader now, or empty. */
    synchronized String leaderAddress() {
        return current == null ? "" : current.leader().rpcAddress();
    }

    /**
     * The leader now, unless it is {@code notThis} (a leader a call found gone): then the next
     * one; waits up to the leader timeout for one.
     *
     * @throws ClusterConnectionException when none is announced in time, saying what is known
     */
    synchronized Current await(LeaderInformation notThis) {
        long deadline = System.nanoTime() + leaderTimeout.toNanos();
        while (!closed && (current == null || (notThis != null
                && Objects.equals(current.leader().sessionId(), notThis.sessionId())))) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new ClusterConnectionException(noLeader());
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterConnectionException("Interrupted while waiting for a JobManager to lead");
            }
        }
        if (closed) {
            throw new ClusterConnectionException("The client is closed");
        }
        return current;
    }

    private String noLeader() {
        String known = last == null ? "the leader retrieval announced none yet"
                : current == null ? "the last leader was the JobManager at " + last.rpcAddress() + " (session "
                + last.sessionId() + ")" : "the JobManager at " + current.leader().rpcAddress()
                + " is announced, but does not answer as leader";
        return "No JobManager leads the cluster: none took over within " + leaderTimeout.toMillis() + " ms ("
                + known + ")";
    }

    synchronized void close() {
        closed = true;
        replace(null);
    }
}
