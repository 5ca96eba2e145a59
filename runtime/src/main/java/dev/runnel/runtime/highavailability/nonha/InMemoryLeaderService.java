package dev.runnel.runtime.highavailability.nonha;

import dev.runnel.runtime.highavailability.LeaderChangeFilter;
import dev.runnel.runtime.highavailability.LeaderContender;
import dev.runnel.runtime.highavailability.LeaderElection;
import dev.runnel.runtime.highavailability.LeaderInformation;
import dev.runnel.runtime.highavailability.LeaderRetrieval;
import dev.runnel.runtime.highavailability.LeaderRetrievalListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The election of one component among the contenders of this process: the first one started
 * leads, and when it withdraws the next one in line is granted leadership. Contenders and
 * listeners are called under one lock, on the thread that caused the change, so never
 * concurrently (a contender may confirm its leadership from within its grant).
 */
final class InMemoryLeaderService {
    private final Object lock = new Object();
    private final Deque<Election> contenders = new ArrayDeque<>();
    private final List<Retrieval> retrievals = new ArrayList<>();
    private Election leader;
    private UUID session;
    private LeaderInformation published;

    LeaderElection newElection() {
        return new Election();
    }

    LeaderRetrieval newRetrieval() {
        return new Retrieval();
    }

    void close() {
        synchronized (lock) {
            List.copyOf(contenders).forEach(Election::close);
            List.copyOf(retrievals).forEach(Retrieval::close);
        }
    }

    /** Under the lock. */
    private void grantNextIfNone() {
        if (leader == null && !contenders.isEmpty()) {
            leader = contenders.peekFirst();
            session = UUID.randomUUID();
            leader.contender.grantLeadership(session);
        }
    }

    /** Under the lock. */
    private void publish(LeaderInformation info) {
        published = info;
        retrievals.forEach(r -> r.tell(info));
    }

    private final class Election implements LeaderElection {
        private LeaderContender contender;
        private boolean closed;

        @Override
        public void start(LeaderContender contender) {
            synchronized (lock) {
                if (this.contender != null || closed) {
                    throw new IllegalStateException("A leader election is started once");
                }
                this.contender = Objects.requireNonNull(contender, "contender");
                contenders.addLast(this);
                grantNextIfNone();
            }
        }

        @Override
        public void confirmLeadership(LeaderInformation info) {
            synchronized (lock) {
                if (leader == this && info.sessionId().equals(session)) {
                    publish(info);
                }
            }
        }

        @Override
        public boolean hasLeadership(UUID sessionId) {
            synchronized (lock) {
                return leader == this && sessionId.equals(session);
            }
        }

        @Override
        public void close() {
            synchronized (lock) {
                if (closed) {
                    return;
                }
                closed = true;
                contenders.remove(this);
                if (leader == this) {
                    leader = null;
                    session = null;
                    contender.revokeLeadership();
                    if (published != null) {
                        publish(null);
                    }
                    grantNextIfNone();
                }
            }
        }
    }

    private final class Retrieval implements LeaderRetrieval {
        private LeaderChangeFilter listener;

        @Override
        public void start(LeaderRetrievalListener listener) {
            synchronized (lock) {
                if (this.listener != null) {
                    throw new IllegalStateException("A leader retrieval is started once");
                }
                this.listener = new LeaderChangeFilter(listener);
                retrievals.add(this);
                tell(published);
            }
        }

        /** Under the lock; {@code info} null: no leader. */
        void tell(LeaderInformation info) {
            listener.tell(info);
        }

        @Override
        public void close() {
            synchronized (lock) {
                retrievals.remove(this);
            }
        }
    }
}
