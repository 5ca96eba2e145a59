package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.NetworkBuffers;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * The frames of the data connection between two TaskManagers, after a 4-byte length: a type
 * byte, then its fields. The consumer's TaskManager opens the connection and says
 * {@link #HELLO} (with the cluster secret, or nothing), then asks for channels
 * ({@link #REQUEST}, with its first credit: the channel's exclusive buffers, and their size) and
 * grants more credit as its task takes what arrived ({@link #CREDIT}). The producer's
 * TaskManager sends a {@link #DATA} frame, at most one buffer of payload, only against credit:
 * the channel's elements, each as its length and its bytes, one after the other and cut where a
 * buffer is full (a batch larger than a buffer spans frames), and how many buffers it still
 * has to send (its backlog, for which the consumer may lend the channel floating buffers). A
 * producer with elements to send and no credit says so once ({@link #BACKLOG}).
 * Watermarks, barriers and the end of input travel in band, in order with the rows.
 */
final class DataMessages {
    /** The largest frame either side accepts: a buffer of the largest size and its header. */
    static final int MAX_FRAME = NetworkBuffers.MAX_SEGMENT_SIZE + 1024;

    static final byte HELLO = 1;
    static final byte REQUEST = 2;
    static final byte CREDIT = 3;
    static final byte CANCEL = 4;
    static final byte DATA = 5;
    static final byte BACKLOG = 6;

    private DataMessages() {
    }

    static ByteBuf hello(ByteBufAllocator alloc, String secret) {
        ByteBuf frame = start(alloc, HELLO);
        byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
        frame.writeInt(bytes.length);
        frame.writeBytes(bytes);
        return finish(frame);
    }

    static String readHello(ByteBuf in) {
        int length = in.readInt();
        if (length < 0 || length > 4096) {
            throw new IllegalArgumentException("Not a hello: a secret of " + length + " bytes");
        }
        return in.readCharSequence(length, StandardCharsets.UTF_8).toString();
    }

    static ByteBuf request(ByteBufAllocator alloc, ChannelId channel, int credit, int segmentSize) {
        ByteBuf frame = start(alloc, REQUEST);
        writeChannel(channel, frame);
        frame.writeInt(credit);
        frame.writeInt(segmentSize);
        return finish(frame);
    }

    static ByteBuf credit(ByteBufAllocator alloc, ChannelId channel, int credit) {
        ByteBuf frame = start(alloc, CREDIT);
        writeChannel(channel, frame);
        frame.writeInt(credit);
        return finish(frame);
    }

    static ByteBuf backlog(ByteBufAllocator alloc, ChannelId channel, int backlog) {
        ByteBuf frame = start(alloc, BACKLOG);
        writeChannel(channel, frame);
        frame.writeInt(backlog);
        return finish(frame);
    }

    static ByteBuf cancel(ByteBufAllocator alloc, ChannelId channel) {
        ByteBuf frame = start(alloc, CANCEL);
        writeChannel(channel, frame);
        return finish(frame);
    }

    /**
     * The header of a data frame whose {@code payloadLength} bytes of payload follow it on the
     * connection: the frame's length, its type, the channel and the producer's backlog.
     */
    static ByteBuf dataHeader(ByteBufAllocator alloc, ChannelId channel, int backlog, int payloadLength) {
        ByteBuf header = start(alloc, DATA);
        writeChannel(channel, header);
        header.writeInt(backlog);
        header.setInt(0, header.readableBytes() - 4 + payloadLength);
        return header;
    }

    private static ByteBuf start(ByteBufAllocator alloc, byte type) {
        ByteBuf frame = alloc.buffer();
        frame.writeInt(0); // the length, set by finish
        frame.writeByte(type);
        return frame;
    }

    private static ByteBuf finish(ByteBuf frame) {
        frame.setInt(0, frame.readableBytes() - 4);
        return frame;
    }

    static void writeChannel(ChannelId channel, ByteBuf out) {
        byte[] job = channel.jobId().value().getBytes(StandardCharsets.US_ASCII);
        out.writeByte(job.length);
        out.writeBytes(job);
        out.writeInt(channel.edgeIndex());
        out.writeInt(channel.producerSubtask());
        out.writeInt(channel.consumerSubtask());
        out.writeInt(channel.generation());
    }

    static ChannelId readChannel(ByteBuf in) {
        int length = in.readUnsignedByte();
        String job = in.readCharSequence(length, StandardCharsets.US_ASCII).toString();
        return new ChannelId(new JobId(job), in.readInt(), in.readInt(), in.readInt(), in.readInt());
    }
}
