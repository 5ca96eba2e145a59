package dev.runnel.runtime.highavailability;

import java.util.UUID;

/**
 * One contender's part in the election of a component's leader (the cluster's JobManager).
 * Thread-safe.
 *
 * <p>Lifecycle: {@link #start} once, then leadership is granted and revoked through the
 * {@link LeaderContender} as terms begin and end, until {@link #close}.
 */
public interface LeaderElection extends AutoCloseable {
    /** Enters {@code contender} in the election; it is granted leadership when it wins. */
    void start(LeaderContender contender);

    /**
     * Publishes {@code leader} to the {@link LeaderRetrieval}s as the current leader, if
     * {@code leader.sessionId()} is still this contender's term. A term that has ended (or a
     * session lost meanwhile) publishes nothing: an old leader cannot overwrite a newer one.
     *
     * @throws HighAvailabilityException when the address could not be published (the contender
     *                                   may retry or give up leadership)
     */
    void confirmLeadership(LeaderInformation leader);

    /** Whether term {@code sessionId} is this contender's, and still lasts. */
    boolean hasLeadership(UUID sessionId);

    /**
     * Withdraws from the election: a term of this contender ends (it is revoked first) and its
     * published address is removed, so that another contender can take over at once.
     */
    @Override
    void close();
}
