package dev.runnel.runtime.highavailability;

import java.util.UUID;

/**
 * What competes for leadership through a {@link LeaderElection}: a JobManager.
 *
 * <p>Calls come from one thread of the election, never concurrently, and alternate: grant,
 * revoke, grant, … each revoke ending the term the grant before it began. A contender that is
 * granted leadership acts as leader only after it has
 * {@linkplain LeaderElection#confirmLeadership confirmed} it, and stops acting at once when it
 * is revoked; commands it sent carry the session id, so that they can be fenced afterwards.
 */
public interface LeaderContender {
    /** This contender leads from now on, in the term {@code sessionId}. */
    void grantLeadership(UUID sessionId);

    /**
     * The term this contender was last granted has ended (its session was lost or suspended, or
     * the election was closed). Another contender may be granted leadership only after this
     * call has begun.
     */
    void revokeLeadership();

    /**
     * How this contender is named in the election (its RPC address, for a JobManager), which
     * {@link HighAvailabilityServices#jobManagerContenders()} lists; unique among the contenders.
     */
    default String contenderId() {
        return UUID.randomUUID().toString();
    }

    /** The election itself failed and will tell this contender nothing more. */
    default void handleError(Throwable error) {
    }
}
