package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.highavailability.LeaderChangeFilter;
import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import dev.runnel.runtime.highavailability.LeaderRetrievalListener;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the leader's address node with a {@link CuratorCache} of that one node. While this
 * process's own connection is suspended (unless suspended connections are tolerated) or lost,
 * the listener is told there is no leader, as it cannot know; on reconnection the node is read
 * again. Listeners are called on this retrieval's own thread, only on a change.
 */
final class ZooKeeperLeaderRetrieval implements LeaderRetrieval, ConnectionStateListener {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperLeaderRetrieval.class);

    private final CuratorFramework client;
    private final String path;
    private final boolean tolerateSuspended;
    private final CallbackThread events = new CallbackThread("runnel-ha-leader-retrieval");
    private final Object lock = new Object();
    private CuratorCache cache;
    private LeaderChangeFilter listener;
    private boolean closed;

    ZooKeeperLeaderRetrieval(CuratorFramework client, String path, boolean tolerateSuspended) {
        this.client = client;
        this.path = path;
        this.tolerateSuspended = tolerateSuspended;
    }

    @Override
    public void start(LeaderRetrievalListener listener) {
        synchronized (lock) {
            if (this.listener != null || closed) {
                throw new IllegalStateException("A leader retrieval is started once");
            }
            this.listener = new LeaderChangeFilter(listener);
            cache = CuratorCache.build(client, path, CuratorCache.Options.SINGLE_NODE_CACHE);
            cache.listenable().addListener(CuratorCacheListener.builder()
                    .forCreatesAndChanges((before, now) -> deliver(now))
                    .forDeletes(gone -> deliver(null))
                    .forInitialized(this::readAgain)
                    .build(), events);
            client.getConnectionStateListenable().addListener(this, events);
            cache.start();
        }
    }

    /** On the events thread. */
    @Override
    public void stateChanged(CuratorFramework c, ConnectionState state) {
        switch (state) {
            case SUSPENDED -> {
                if (!tolerateSuspended) {
                    tell(null);
                }
            }
            case LOST -> tell(null);
            case RECONNECTED -> readAgain();
            default -> {
            }
        }
    }

    /** Reads the node now (it may not have changed while the connection was down), on the events thread. */
    private void readAgain() {
        try {
            client.getData().inBackground((c, event) -> {
                if (event.getResultCode() == KeeperException.Code.OK.intValue()) {
                    events.execute(() -> tell(parse(event.getData())));
                } else if (event.getResultCode() == KeeperException.Code.NONODE.intValue()) {
                    events.execute(() -> tell(null));
                }
            }).forPath(path);
        } catch (Exception e) {
            LOG.debug("Could not read {} again", path, e);
        }
    }

    private void deliver(ChildData data) {
        tell(data == null ? null : parse(data.getData()));
    }

    private LeaderInformation parse(byte[] data) {
        try {
            return StoredForms.read(data, StoredForms.Leader.class, path).toInformation();
        } catch (RuntimeException e) {
            LOG.warn("Ignoring the leader address at {}: {}", path, e.getMessage());
            return null;
        }
    }

    /** On the events thread; {@code leader} null: none. */
    private void tell(LeaderInformation leader) {
        synchronized (lock) {
            if (!closed) {
                listener.tell(leader);
            }
        }
    }

    @Override
    public void close() {
        CuratorCache toClose;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            toClose = cache;
        }
        client.getConnectionStateListenable().removeListener(this);
        if (toClose != null) {
            toClose.close();
        }
        events.shutdown();
    }
}
