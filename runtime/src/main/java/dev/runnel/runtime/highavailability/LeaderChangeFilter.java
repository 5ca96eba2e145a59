package dev.runnel.runtime.highavailability;

import java.util.Objects;

/**
 * Tells a {@link LeaderRetrievalListener} only what changed: a retrieval hands it every leader
 * (or absence of one) it learns, in order, from one thread at a time.
 */
public final class LeaderChangeFilter {
    private final LeaderRetrievalListener listener;
    private boolean told;
    private LeaderInformation last;

    public LeaderChangeFilter(LeaderRetrievalListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** Tells the listener {@code leader} ({@code null}: none) unless it was the last thing told. */
    public void tell(LeaderInformation leader) {
        if (told && Objects.equals(last, leader)) {
            return;
        }
        told = true;
        last = leader;
        if (leader == null) {
            listener.notifyNoLeader();
        } else {
            listener.notifyLeader(leader);
        }
    }
}
