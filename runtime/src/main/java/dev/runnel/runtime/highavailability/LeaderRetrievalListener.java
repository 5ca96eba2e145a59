package dev.runnel.runtime.highavailability;

/**
 * Told who leads by a {@link LeaderRetrieval}. Calls come from one thread, never concurrently,
 * and only on a change: the same leader is not announced twice in a row.
 */
public interface LeaderRetrievalListener {
    /** {@code leader} leads now and takes calls at its addresses, with its session id as fencing token. */
    void notifyLeader(LeaderInformation leader);

    /**
     * No leader is known now: it gave up, its session ended, or this process lost its own
     * connection to the election. Calls to the former leader should stop.
     */
    void notifyNoLeader();

    /** The retrieval failed and will tell this listener nothing more. */
    default void handleError(Throwable error) {
    }
}
