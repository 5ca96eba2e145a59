package dev.runnel.runtime.network;

import dev.runnel.runtime.types.RowType;
import java.util.function.Consumer;

/**
 * How a TaskManager exchanges channels with subtasks in other TaskManagers. A channel from a
 * producer elsewhere arrives in the {@link LocalChannel} of the same {@link ChannelId} in this
 * TaskManager's {@link LocalChannelRegistry}, where the consumer task reads it as it reads
 * local ones. A producer here whose consumer runs elsewhere writes into the channel's
 * {@link #output}, which this TaskManager serves to the one that asks for it.
 */
public interface RemoteExchange {

    /** {@code host:port} where other TaskManagers ask this one for channels. */
    String address();

    /**
     * Starts receiving channel {@code id}, whose rows have {@code rowType} ({@code null}: not
     * known), from the TaskManager at {@code producerAddress} into this TaskManager's channel of
     * that id, within {@code buffers} (the channel's exclusive ones and its input's floating
     * ones); {@code onFailure} is told, once, if the channel cannot be had or its connection is
     * lost.
     */
    void receive(String producerAddress, ChannelId id, RowType rowType, NetworkBuffers buffers,
                 Consumer<Throwable> onFailure);

    /**
     * The producing end of channel {@code id} to a consumer in another TaskManager, for one
     * producer task: what it puts there is encoded (rows by {@code rowType}, {@code null}: not
     * known) into network buffers of {@code buffers}' size, at most its exclusive number of them
     * waiting, and sent against the consumer's credit.
     */
    Subpartition output(ChannelId id, RowType rowType, NetworkBuffers buffers);
}
