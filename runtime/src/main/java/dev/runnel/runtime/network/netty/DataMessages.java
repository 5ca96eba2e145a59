package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.network.ChannelId;
import io.netty.buffer.ByteBuf;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * The frames of the data connection between two TaskManagers, after a 4-byte length: a type
 * byte, then its fields. The consumer's TaskManager opens the connection and says
 * {@link #HELLO} (with the cluster secret, or nothing), then asks for channels
 * ({@link #REQUEST}, with its first credit) and grants more credit as its task takes what
 * arrived ({@link #CREDIT}); the producer's TaskManager sends an element ({@link #DATA}) only
 * against credit, one per element, so that no channel ever holds more than its consumer has
 * room for. Watermarks, barriers and the end of input travel in band, in order with the rows.
 */
final class DataMessages {
    /** The largest frame either side accepts: a batch of wide rows. */
    static final int MAX_FRAME = 64 << 20;

    static final byte HELLO = 1;
    static final byte REQUEST = 2;
    static final byte CREDIT = 3;
    static final byte CANCEL = 4;
    static final byte DATA = 5;

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

    static ByteBuf request(ByteBufAllocator alloc, ChannelId channel, int credit) {
        ByteBuf frame = start(alloc, REQUEST);
        writeChannel(channel, frame);
        frame.writeInt(credit);
        return finish(frame);
    }

    static ByteBuf credit(ByteBufAllocator alloc, ChannelId channel, int credit) {
        ByteBuf frame = start(alloc, CREDIT);
        writeChannel(channel, frame);
        frame.writeInt(credit);
        return finish(frame);
    }

    static ByteBuf cancel(ByteBufAllocator alloc, ChannelId channel) {
        ByteBuf frame = start(alloc, CANCEL);
        writeChannel(channel, frame);
        return finish(frame);
    }

    /** The element's frame; the element is encoded here, on the caller's thread. */
    static ByteBuf data(ByteBufAllocator alloc, ChannelId channel, StreamElement element) {
        // sized for the batch up front: growing a buffer of 64 KiB from the default copies it ten times
        ByteBuf frame = start(alloc.buffer(element instanceof RowBatch batch ? 128 + batch.size() * 64 : 128), DATA);
        writeChannel(channel, frame);
        StreamElementCodec.write(element, frame);
        return finish(frame);
    }

    private static ByteBuf start(ByteBufAllocator alloc, byte type) {
        return start(alloc.buffer(), type);
    }

    private static ByteBuf start(ByteBuf frame, byte type) {
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
