package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.stream.StreamElement;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The producing TaskManager's end of one data connection: sends the channels the consumer asked
 * for, a frame of at most one buffer per credit. A channel's producer task writes into the
 * channel in this TaskManager as it would for a local consumer; this drains it, on the
 * connection's event loop, whenever data arrives or credit does, encoding the elements one
 * after the other into the frames (an element larger than the room left continues in the next
 * frame). Everything here runs on that one event loop.
 */
final class DataServerHandler extends SimpleChannelInboundHandler<ByteBuf> {
    private static final Logger LOG = LoggerFactory.getLogger(DataServerHandler.class);
    private static final Runnable NOTHING = () -> { };

    private final LocalChannelRegistry channels;
    private final Optional<String> secret;
    private final Map<ChannelId, Sender> senders = new HashMap<>();
    private boolean greeted;

    DataServerHandler(LocalChannelRegistry channels, Optional<String> secret) {
        this.channels = channels;
        this.secret = secret;
    }

    /** One channel to the consumer: what it may still be sent, and the element being sent. */
    private final class Sender {
        private final ChannelHandlerContext ctx;
        private final ChannelId id;
        private final LocalChannel channel;
        private final int segmentSize;
        // the element being sent, as its length and bytes; what the last frame had no room for is readable
        private final ByteBuf encoded = Unpooled.buffer();
        private int credit;
        private boolean announced; // the backlog, since credit ran out

        Sender(ChannelHandlerContext ctx, ChannelId id, LocalChannel channel, int credit, int segmentSize) {
            this.ctx = ctx;
            this.id = id;
            this.channel = channel;
            this.credit = credit;
            this.segmentSize = segmentSize;
        }

        void drain() {
            boolean wrote = false;
            while (credit > 0 && (encoded.isReadable() || encodeNext())) {
                ByteBuf frame = DataMessages.startData(ctx.alloc(), id, segmentSize);
                int backlogAt = frame.writerIndex() - 4;
                int room = segmentSize;
                do {
                    int n = Math.min(room, encoded.readableBytes());
                    frame.writeBytes(encoded, n);
                    room -= n;
                } while (room > 0 && encodeNext());
                // what is left to send after this frame: for the consumer to lend floating buffers
                int backlog = channel.size() + (encoded.isReadable() ? 1 : 0);
                ctx.write(DataMessages.finishData(frame, backlogAt, backlog));
                credit--;
                wrote = true;
            }
            if (credit == 0 && !announced && (encoded.isReadable() || !channel.isEmpty())) {
                // elements wait and the consumer may have floating buffers for them
                announced = true;
                ctx.write(DataMessages.backlog(ctx.alloc(), id, channel.size() + (encoded.isReadable() ? 1 : 0)));
                wrote = true;
            }
            if (wrote) {
                ctx.flush();
            }
        }

        void credit(int more) {
            credit += more;
            announced = false;
            drain();
        }

        /** Encodes the channel's next element, if it has one. */
        private boolean encodeNext() {
            StreamElement element = channel.poll();
            if (element == null) {
                return false;
            }
            encoded.clear();
            encoded.writeInt(0);
            StreamElementCodec.write(element, encoded);
            encoded.setInt(0, encoded.writerIndex() - 4);
            return true;
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
        byte type = frame.readByte();
        if (!greeted) {
            greet(ctx, type, frame);
            return;
        }
        switch (type) {
            case DataMessages.REQUEST -> {
                ChannelId id = DataMessages.readChannel(frame);
                int credit = frame.readInt();
                int segmentSize = frame.readInt();
                if (segmentSize < NetworkBuffers.MIN_SEGMENT_SIZE || segmentSize > NetworkBuffers.MAX_SEGMENT_SIZE) {
                    refuse(ctx, "it asked for buffers of " + segmentSize + " bytes");
                    return;
                }
                LocalChannel channel = channels.channel(id, Math.max(1, credit));
                Sender sender = new Sender(ctx, id, channel, credit, segmentSize);
                senders.put(id, sender);
                // called from the producer's thread when data arrives in the empty channel
                channel.setDataListener(() -> ctx.executor().execute(sender::drain));
                // the job ended here (or this deployment failed over): forget the channel
                channel.setReleaseListener(() -> onEventLoop(ctx, () -> senders.remove(id, sender)));
                sender.drain();
            }
            case DataMessages.CREDIT -> {
                Sender sender = senders.get(DataMessages.readChannel(frame));
                int credit = frame.readInt();
                if (sender != null) {
                    sender.credit(credit);
                }
            }
            case DataMessages.CANCEL -> {
                Sender sender = senders.remove(DataMessages.readChannel(frame));
                if (sender != null) {
                    sender.channel.setDataListener(NOTHING);
                }
            }
            default -> refuse(ctx, "a frame of unknown type " + type);
        }
    }

    private static void onEventLoop(ChannelHandlerContext ctx, Runnable task) {
        try {
            ctx.executor().execute(task);
        } catch (RejectedExecutionException e) {
            // the exchange is shutting down with its TaskManager
        }
    }

    private void greet(ChannelHandlerContext ctx, byte type, ByteBuf frame) {
        if (type != DataMessages.HELLO) {
            refuse(ctx, "it did not say hello first (frame type " + type + ")");
            return;
        }
        String given = DataMessages.readHello(frame);
        if (secret.isPresent() && !MessageDigest.isEqual(secret.get().getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8))) {
            refuse(ctx, "wrong or missing cluster secret");
            return;
        }
        greeted = true;
    }

    private static void refuse(ChannelHandlerContext ctx, String why) {
        LOG.warn("Refused the data connection from {}: {}", ctx.channel().remoteAddress(), why);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        // the consumer is gone: its channels' producers block when full until the job fails over
        senders.values().forEach(sender -> sender.channel.setDataListener(NOTHING));
        senders.clear();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("Closed the data connection from {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
