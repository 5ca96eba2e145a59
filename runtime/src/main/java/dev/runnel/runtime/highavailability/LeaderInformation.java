package dev.runnel.runtime.highavailability;

import java.util.Objects;
import java.util.UUID;

/**
 * Who leads: the fencing token of its leadership and where it takes calls.
 *
 * @param sessionId the token of one term of leadership: a new one each time a contender is
 *                  granted leadership, so that a command carrying an older one can be refused
 * @param rpcAddress where the leader takes RPC calls ({@code host:port})
 * @param restAddress the base URL of the leader's REST API, empty when it serves none
 */
public record LeaderInformation(UUID sessionId, String rpcAddress, String restAddress) {
    public LeaderInformation {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(rpcAddress, "rpcAddress");
        restAddress = restAddress == null ? "" : restAddress;
    }
}
