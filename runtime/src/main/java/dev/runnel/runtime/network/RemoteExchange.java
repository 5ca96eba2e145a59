package dev.runnel.runtime.network;

import java.util.function.Consumer;

/**
 * How a TaskManager receives the channels whose producer runs in another TaskManager: the
 * rows arrive in the channel of the same {@link ChannelId} in this TaskManager's
 * {@link LocalChannelRegistry}, where the consumer task reads them as it reads local ones. Its
 * own producers' channels it serves to the other TaskManagers that ask for them.
 */
public interface RemoteExchange {

    /** {@code host:port} where other TaskManagers ask this one for channels. */
    String address();

    /**
     * Starts receiving channel {@code id} from the TaskManager at {@code producerAddress} into
     * this TaskManager's channel of that id, within {@code buffers} (the channel's exclusive
     * ones and its input's floating ones); {@code onFailure} is told, once, if the channel cannot
     * be had or its connection is lost.
     */
    void receive(String producerAddress, ChannelId id, NetworkBuffers buffers, Consumer<Throwable> onFailure);
}
