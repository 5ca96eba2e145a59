package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import io.netty.buffer.ByteBuf;
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
 * for, a frame of at most one buffer per credit. A channel's producer task encodes its elements
 * into the channel's {@link NetworkSubpartition}; this sends what it holds, on the connection's
 * event loop, whenever bytes arrive there or credit does: each frame a full buffer, or what the
 * one being filled holds, behind a header. Everything here runs on that one event loop.
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

    /** One channel to the consumer: what it may still be sent. */
    private static final class Sender {
        private final ChannelHandlerContext ctx;
        private final ChannelId id;
        private final NetworkSubpartition subpartition;
        private int credit;
        private boolean announced; // the backlog, since credit ran out

        Sender(ChannelHandlerContext ctx, ChannelId id, NetworkSubpartition subpartition, int credit) {
            this.ctx = ctx;
            this.id = id;
            this.subpartition = subpartition;
            this.credit = credit;
        }

        void drain() {
            boolean wrote = false;
            ByteBuf payload;
            while (credit > 0 && (payload = subpartition.poll()) != null) {
                // what is left to send after this frame: for the consumer to lend floating buffers
                ctx.write(DataMessages.dataHeader(ctx.alloc(), id, subpartition.backlog(), payload.readableBytes()));
                ctx.write(payload);
                credit--;
                wrote = true;
            }
            if (credit == 0 && !announced) {
                int backlog = subpartition.backlog();
                if (backlog > 0) {
                    // bytes wait and the consumer may have floating buffers for them
                    announced = true;
                    ctx.write(DataMessages.backlog(ctx.alloc(), id, backlog));
                    wrote = true;
                }
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
                // the same job configuration sized it if its producer task was here first
                NetworkSubpartition subpartition = channels.outgoing(id,
                        key -> new NetworkSubpartition(key, segmentSize, credit));
                Sender sender = new Sender(ctx, id, subpartition, credit);
                senders.put(id, sender);
                // called from the producer's thread when bytes arrive in the empty subpartition
                subpartition.setDataListener(() -> onEventLoop(ctx, sender::drain));
                // the job ended here (or this deployment failed over): forget the channel
                subpartition.setReleaseListener(() -> onEventLoop(ctx, () -> senders.remove(id, sender)));
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
                    sender.subpartition.setDataListener(NOTHING);
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
        senders.values().forEach(sender -> sender.subpartition.setDataListener(NOTHING));
        senders.clear();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("Closed the data connection from {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
