package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.stream.StreamElement;
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
 * for, each element against one credit. A channel's producer task writes into the channel in
 * this TaskManager as it would for a local consumer; this drains it, on the connection's event
 * loop, whenever data arrives or credit does. Everything here runs on that one event loop.
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
    private final class Sender {
        private final ChannelHandlerContext ctx;
        private final ChannelId id;
        private final LocalChannel channel;
        private int credit;

        Sender(ChannelHandlerContext ctx, ChannelId id, LocalChannel channel, int credit) {
            this.ctx = ctx;
            this.id = id;
            this.channel = channel;
            this.credit = credit;
        }

        void drain() {
            boolean wrote = false;
            while (credit > 0) {
                StreamElement element = channel.poll();
                if (element == null) {
                    break;
                }
                ctx.write(DataMessages.data(ctx.alloc(), id, element));
                credit--;
                wrote = true;
            }
            if (wrote) {
                ctx.flush();
            }
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
                LocalChannel channel = channels.channel(id, Math.max(1, credit));
                Sender sender = new Sender(ctx, id, channel, credit);
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
                    sender.credit += credit;
                    sender.drain();
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
