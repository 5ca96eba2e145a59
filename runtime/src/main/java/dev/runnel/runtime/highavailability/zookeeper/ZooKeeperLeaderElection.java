package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.LeaderContender;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderInformation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A contender in a Curator {@link LeaderLatch}. Each time the latch makes it leader a new term
 * (session id) begins; it ends when the latch takes leadership away: the connection is suspended
 * (unless suspended connections are tolerated) or lost, or the election is closed.
 *
 * <p>The leader's address is written to an ephemeral node, in a transaction that checks that
 * this contender's latch node still exists: only the process that leads, in the ZooKeeper
 * session it leads in, can publish. A stale node of a former leader's session is replaced by
 * one of this session, so that the address disappears with the session that leads.
 *
 * <p>The contender is called on this election's own thread, in the latch's order.
 */
final class ZooKeeperLeaderElection implements LeaderElection, LeaderLatchListener {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperLeaderElection.class);
    /** Publishing races another leader's write at most this often before it gives up. */
    private static final int PUBLISH_ATTEMPTS = 5;

    private final CuratorFramework client;
    private final String latchPath;
    private final String connectionInfoPath;
    private final CallbackThread events = new CallbackThread("runnel-ha-leader-election");
    private final Object lock = new Object();
    private volatile LeaderLatch latch;
    private LeaderContender contender;
    /** The current term, or null; written on the events thread only. */
    private volatile UUID session;
    private boolean closed;

    ZooKeeperLeaderElection(CuratorFramework client, String latchPath, String connectionInfoPath) {
        this.client = client;
        this.latchPath = latchPath;
        this.connectionInfoPath = connectionInfoPath;
    }

    @Override
    public void start(LeaderContender contender) {
        synchronized (lock) {
            if (this.contender != null || closed) {
                throw new IllegalStateException("A leader election is started once");
            }
            this.contender = Objects.requireNonNull(contender, "contender");
            latch = new LeaderLatch(client, latchPath, contender.contenderId(), LeaderLatch.CloseMode.SILENT);
            latch.addListener(this, events);
            try {
                latch.start();
            } catch (Exception e) {
                throw ZooKeeperHighAvailabilityServices.failure("enter the leader election at " + latchPath, e);
            }
        }
    }

    /** From the latch, on the events thread. */
    @Override
    public void isLeader() {
        if (session != null || isClosed()) {
            return;
        }
        UUID term = UUID.randomUUID();
        session = term;
        LOG.info("Granted leadership at {} with session {}", latchPath, term);
        contender.grantLeadership(term);
    }

    /** From the latch (or {@link #close}), on the events thread. */
    @Override
    public void notLeader() {
        UUID ended = session;
        if (ended == null) {
            return;
        }
        session = null;
        LOG.info("Revoked leadership at {} of session {}", latchPath, ended);
        contender.revokeLeadership();
        removeConnectionInfo(ended);
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    @Override
    public boolean hasLeadership(UUID sessionId) {
        LeaderLatch current;
        synchronized (lock) {
            current = latch;
        }
        return sessionId.equals(session) && current != null && current.hasLeadership();
    }

    @Override
    public void confirmLeadership(LeaderInformation leader) {
        if (!hasLeadership(leader.sessionId())) {
            LOG.debug("Not publishing {}: session {} no longer leads", leader, leader.sessionId());
            return;
        }
        byte[] data = StoredForms.write(StoredForms.Leader.of(leader));
        try {
            for (int attempt = 1; attempt <= PUBLISH_ATTEMPTS; attempt++) {
                String ourLatchNode = latch.getOurPath();
                if (ourLatchNode == null || !hasLeadership(leader.sessionId())) {
                    return;
                }
                try {
                    client.transaction().forOperations(publishOps(ourLatchNode, data));
                    return;
                } catch (KeeperException.NoNodeException | KeeperException.NodeExistsException
                         | KeeperException.BadVersionException e) {
                    // Our latch node is gone (we no longer lead), or the address node changed
                    // between the read and the write: look again.
                    LOG.debug("Publishing the leader at {} raced a change ({}), attempt {}", connectionInfoPath,
                            e.code(), attempt);
                }
            }
            throw new HighAvailabilityException("Could not publish the leader at " + connectionInfoPath
                    + ": it changed under every one of " + PUBLISH_ATTEMPTS + " attempts");
        } catch (Exception e) {
            throw ZooKeeperHighAvailabilityServices.failure("publish the leader's address at " + connectionInfoPath, e);
        }
    }

    /** The transaction that writes {@code data} as the address, guarded by {@code ourLatchNode}. */
    private List<CuratorOp> publishOps(String ourLatchNode, byte[] data) throws Exception {
        Stat stat = client.checkExists().forPath(connectionInfoPath);
        long ourSession = client.getZookeeperClient().getZooKeeper().getSessionId();
        List<CuratorOp> ops = new ArrayList<>();
        ops.add(client.transactionOp().check().forPath(ourLatchNode));
        if (stat == null) {
            ops.add(client.transactionOp().create().withMode(CreateMode.EPHEMERAL).forPath(connectionInfoPath, data));
        } else if (stat.getEphemeralOwner() == ourSession) {
            ops.add(client.transactionOp().setData().withVersion(stat.getVersion()).forPath(connectionInfoPath, data));
        } else {
            // A former leader's node, which would vanish with its session, not with ours.
            ops.add(client.transactionOp().delete().withVersion(stat.getVersion()).forPath(connectionInfoPath));
            ops.add(client.transactionOp().create().withMode(CreateMode.EPHEMERAL).forPath(connectionInfoPath, data));
        }
        return ops;
    }

    /**
     * Deletes the published address if it is still term {@code ended}'s, in the background: the
     * connection may be down (the node then goes with the session), and a newer leader's address
     * must stay.
     */
    private void removeConnectionInfo(UUID ended) {
        try {
            client.getData().inBackground((c, event) -> {
                if (event.getResultCode() != KeeperException.Code.OK.intValue()) {
                    return;
                }
                try {
                    UUID published = StoredForms.read(event.getData(), StoredForms.Leader.class,
                            connectionInfoPath).toInformation().sessionId();
                    if (published.equals(ended)) {
                        c.delete().withVersion(event.getStat().getVersion()).inBackground().forPath(connectionInfoPath);
                    }
                } catch (RuntimeException e) {
                    LOG.debug("Not removing {}: {}", connectionInfoPath, e.getMessage());
                }
            }).forPath(connectionInfoPath);
        } catch (Exception e) {
            LOG.debug("Could not remove {} after the end of session {}", connectionInfoPath, ended, e);
        }
    }

    /**
     * Revokes the current term (on the events thread, so after any grant in flight), then leaves
     * the latch: its node goes only after the contender was told.
     */
    @Override
    public void close() {
        LeaderLatch toClose;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            toClose = latch;
        }
        events.runAndWait(this::notLeader);
        if (toClose != null) {
            try {
                toClose.close();
            } catch (Exception e) {
                LOG.warn("Could not leave the leader election at {}", latchPath, e);
            }
        }
        events.shutdown();
    }

    @Override
    public String toString() {
        return "ZooKeeperLeaderElection(" + latchPath + ")";
    }
}
