package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.ChannelReleasedException;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.security.SslOptions;
import dev.runnel.runtime.stream.StreamElement;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consuming TaskManager's end of its connection to one producing TaskManager: the channels
 * received from it, multiplexed. An element that arrives goes into the channel of its id in
 * this TaskManager (it has room: the producer sent it against credit), and every element the
 * consumer task takes out grants one credit back, coalesced into one frame per event-loop turn.
 */
final class DataClientHandler extends SimpleChannelInboundHandler<ByteBuf> {
    private static final Logger LOG = LoggerFactory.getLogger(DataClientHandler.class);

    private final String peer;
    private final String secret;
    private final Map<ChannelId, Receiver> receivers = new ConcurrentHashMap<>();
    private final CompletableFuture<DataClientHandler> ready = new CompletableFuture<>();
    private volatile Channel channel;
    // why the connection closed, when it failed (a TLS handshake, say): for the channels' failure
    private volatile Throwable failure;
    private boolean received; // event loop only

    DataClientHandler(String peer, String secret) {
        this.peer = peer;
        this.secret = secret;
    }

    /** One channel from the producer. */
    private final class Receiver {
        private final ChannelId id;
        private final LocalChannel channel;
        private final Consumer<Throwable> onFailure;
        private final AtomicInteger creditToGrant = new AtomicInteger();

        Receiver(ChannelId id, LocalChannel channel, Consumer<Throwable> onFailure) {
            this.id = id;
            this.channel = channel;
            this.onFailure = onFailure;
        }

        /** The consumer took an element: from its thread. */
        void taken() {
            if (creditToGrant.getAndIncrement() == 0) {
                Channel connection = DataClientHandler.this.channel;
                try {
                    connection.eventLoop().execute(() -> {
                        int credit = creditToGrant.getAndSet(0);
                        if (credit > 0 && receivers.get(id) == this) {
                            connection.writeAndFlush(DataMessages.credit(connection.alloc(), id, credit));
                        }
                    });
                } catch (RejectedExecutionException e) {
                    // the exchange is shutting down with its TaskManager: no more credit to grant
                }
            }
        }
    }

    boolean isActive() {
        Channel current = channel;
        return current != null && current.isActive();
    }

    /** Asks the producer for channel {@code id}, granting {@code credit}: its room in {@code into}. */
    void receive(ChannelId id, LocalChannel into, int credit, Consumer<Throwable> onFailure) {
        Receiver receiver = new Receiver(id, into, onFailure);
        receivers.put(id, receiver);
        into.setTakeListener(receiver::taken);
        Channel connection = channel;
        connection.writeAndFlush(DataMessages.request(connection.alloc(), id, credit));
        // the consuming task's deployment is over: forget the channel, and so does the producer
        // (queued behind the request on the event loop)
        into.setReleaseListener(() -> {
            try {
                connection.eventLoop().execute(() -> {
                    if (receivers.remove(id, receiver) && connection.isActive()) {
                        connection.writeAndFlush(DataMessages.cancel(connection.alloc(), id));
                    }
                });
            } catch (RejectedExecutionException e) {
                // the exchange is shutting down with its TaskManager
            }
        });
        if (!connection.isActive() && receivers.remove(id, receiver)) {
            onFailure.accept(new IllegalStateException("The data connection to the TaskManager at " + peer
                    + " is closed"));
        }
    }

    /** Completes once the connection is up and has said hello: then channels may be asked for. */
    CompletableFuture<DataClientHandler> ready() {
        return ready;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        // the connect future's listeners run before this: nothing may be sent before the hello
        ctx.writeAndFlush(DataMessages.hello(ctx.alloc(), secret));
        ready.complete(this);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
        received = true;
        byte type = frame.readByte();
        if (type != DataMessages.DATA) {
            LOG.warn("Closed the data connection to {}: it sent a frame of unknown type {}", peer, type);
            ctx.close();
            return;
        }
        ChannelId id = DataMessages.readChannel(frame);
        StreamElement element = StreamElementCodec.read(frame);
        Receiver receiver = receivers.get(id);
        if (receiver == null) {
            return; // a channel given up meanwhile (its task ended)
        }
        try {
            // never blocks: the producer sent this against credit for room in the channel
            receiver.channel.put(element);
        } catch (ChannelReleasedException e) {
            receivers.remove(id);
            ctx.writeAndFlush(DataMessages.cancel(ctx.alloc(), id));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        Throwable cause = failure;
        String why = cause != null ? ": " + rootMessage(cause) : received ? ""
                // what a producer does on a wrong secret, or a TLS port to a plaintext client
                : ": it closed the connection before sending anything (a wrong " + RpcOptions.CLUSTER_SECRET_FILE.key()
                        + ", or " + SslOptions.INTERNAL_ENABLED.key() + " on one TaskManager only?)";
        IllegalStateException lost = new IllegalStateException("Lost the data connection to the TaskManager at " + peer
                + why, cause);
        receivers.values().forEach(receiver -> receiver.onFailure.accept(lost));
        receivers.clear();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failure = cause;
        LOG.warn("Closed the data connection to {}: {}", peer, rootMessage(cause));
        ctx.close();
    }

    private static String rootMessage(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
