package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** What the HA tests share: a real job graph, and contenders and listeners that record what they are told. */
public final class HighAvailabilityTestSupport {
    private HighAvailabilityTestSupport() {
    }

    /** A datagen → blackhole job graph named {@code name}, with real (serializable) operators. */
    public static JobGraph jobGraph(String name) {
        RowType schema = RowType.of(new RowType.Field("n", DataType.of(TypeRoot.BIGINT)));
        TableContext in = new TableContext("default.in", schema, Map.of("connector", "datagen"));
        TableContext out = new TableContext("default.out", schema, Map.of("connector", "blackhole"));
        Configuration config = new Configuration();
        config.set("pipeline.name", name);
        return new JobGraph(name, List.of(new JobVertex(1, "Source: in", 2,
                        ConnectorFactories.factoryFor(in).createSource(in), List.of()),
                new JobVertex(2, "Sink: out", 2, null, List.of(ConnectorFactories.factoryFor(out).createSink(out)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), config);
    }

    /**
     * What contenders were told, in the order they were told it, across contenders: each line
     * {@code grant <name>} or {@code revoke <name>}.
     */
    public static final class ElectionLog {
        private final List<String> events = new ArrayList<>();
        private final List<String> overlaps = new ArrayList<>();
        private String leader;

        synchronized void granted(String name) {
            events.add("grant " + name);
            if (leader != null) {
                overlaps.add(name + " was granted while " + leader + " still led");
            }
            leader = name;
        }

        synchronized void revoked(String name) {
            events.add("revoke " + name);
            if (name.equals(leader)) {
                leader = null;
            }
        }

        public synchronized List<String> events() {
            return List.copyOf(events);
        }

        /** Each time a contender was granted leadership before the one leading was revoked. */
        public synchronized List<String> overlaps() {
            return List.copyOf(overlaps);
        }

        /** The contender that leads as the log tells it, or {@code null}. */
        public synchronized String leader() {
            return leader;
        }
    }

    /** A contender that, when granted, publishes {@code <name>:6123} and {@code http://<name>:8081}. */
    public static final class RecordingContender implements LeaderContender {
        private final String name;
        private final ElectionLog log;
        private final LeaderElection election;
        private volatile UUID session;

        public RecordingContender(String name, ElectionLog log, LeaderElection election) {
            this.name = name;
            this.log = log;
            this.election = election;
        }

        public RecordingContender start() {
            election.start(this);
            return this;
        }

        @Override
        public void grantLeadership(UUID sessionId) {
            log.granted(name);
            session = sessionId;
            election.confirmLeadership(information(sessionId));
        }

        @Override
        public void revokeLeadership() {
            session = null;
            log.revoked(name);
        }

        /** Named in the election by its RPC address, as a JobManager is. */
        @Override
        public String contenderId() {
            return name + ":6123";
        }

        public LeaderInformation information(UUID sessionId) {
            return new LeaderInformation(sessionId, name + ":6123", "http://" + name + ":8081");
        }

        public String name() {
            return name;
        }

        /** The term it leads in, or {@code null}. */
        public UUID session() {
            return session;
        }

        public LeaderElection election() {
            return election;
        }
    }

    /** A retrieval listener that keeps the last leader it was told, and every notification. */
    public static final class RecordingListener implements LeaderRetrievalListener {
        private final List<String> notifications = new ArrayList<>();
        private LeaderInformation leader;
        private boolean toldNone;

        @Override
        public synchronized void notifyLeader(LeaderInformation leader) {
            this.leader = leader;
            notifications.add(leader.rpcAddress());
        }

        @Override
        public synchronized void notifyNoLeader() {
            leader = null;
            toldNone = true;
            notifications.add("none");
        }

        public synchronized LeaderInformation leader() {
            return leader;
        }

        /** The RPC address of the leader, or {@code "none"} after it was told there is none, or null before anything. */
        public synchronized String rpcAddress() {
            return leader != null ? leader.rpcAddress() : toldNone ? "none" : null;
        }

        public synchronized List<String> notifications() {
            return List.copyOf(notifications);
        }
    }
}
