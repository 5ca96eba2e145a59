package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.ChannelReleasedException;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.security.SslOptions;
import dev.runnel.runtime.stream.StreamElement;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consuming TaskManager's end of its connection to one producing TaskManager: the channels
 * received from it, multiplexed. A frame that arrives (it has a buffer: the producer sent it
 * against credit) adds its bytes to its channel's, whose complete elements go, still as bytes,
 * into the channel of its id in this TaskManager, where the consuming task decodes them as it
 * takes them (as Flink's tasks deserialize their input). The frame's buffer is free again, and
 * granted back as credit, when the consumer task took the last element that ended in it; a frame in which no element
 * ends (the middle of a batch larger than a buffer) is free at once, its bytes copied. So
 * what a channel holds is bounded by its buffers, and a batch of any size gets through. While
 * the producer has a backlog and no credit, the channel borrows floating buffers of its input.
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
        private final StreamElementCodec codec;
        private final NetworkBuffers buffers;
        private final Consumer<Throwable> onFailure;
        // bytes of elements not complete yet (event loop)
        private final ByteBuf partial = Unpooled.buffer();
        // per element in the channel, in order: whether taking it frees a buffer (in: event loop, out: task)
        private final Queue<Boolean> frees = new ConcurrentLinkedQueue<>();
        private final AtomicInteger freed = new AtomicInteger();
        private int credit; // what the producer may still send (event loop)
        private int floating; // buffers borrowed from the input's floating ones (event loop)

        Receiver(ChannelId id, LocalChannel channel, StreamElementCodec codec, NetworkBuffers buffers,
                 Consumer<Throwable> onFailure) {
            this.id = id;
            this.channel = channel;
            this.codec = codec;
            this.buffers = buffers;
            this.onFailure = onFailure;
            this.credit = buffers.exclusive();
        }

        /** A frame arrived with {@code payload}; the producer has {@code backlog} buffers more. Event loop. */
        void received(ChannelHandlerContext ctx, ByteBuf payload, int backlog) throws InterruptedException {
            credit--;
            partial.writeBytes(payload);
            LocalChannel.Encoded last = null;
            while (partial.readableBytes() >= 4
                    && partial.readableBytes() - 4 >= length(partial.getInt(partial.readerIndex()))) {
                byte[] bytes = new byte[partial.readInt()];
                partial.readBytes(bytes);
                if (last != null) {
                    deliver(last, false);
                }
                last = () -> decode(bytes);
            }
            partial.discardSomeReadBytes();
            if (last == null) {
                free(ctx.channel(), 1); // its bytes wait in partial for the rest of their element
            } else {
                deliver(last, true);
            }
            backlog(ctx.channel(), backlog);
        }

        /** An element's length as the producer wrote it; a broken one ends the connection, saying which channel. */
        private int length(int length) {
            if (length < 1) {
                throw new IllegalStateException("Channel " + id + " from the TaskManager at " + peer
                        + " sent an element of " + length + " bytes");
            }
            return length;
        }

        /** One element's bytes as it arrived: on the consuming task's thread, as it takes it. */
        private StreamElement decode(byte[] bytes) {
            try {
                return codec.read(Unpooled.wrappedBuffer(bytes));
            } catch (RuntimeException e) {
                throw new IllegalStateException("Cannot read channel " + id + " from the TaskManager at " + peer + ": "
                        + e.getMessage(), e);
            }
        }

        /** The producer has {@code backlog} buffers to send: lends it a floating buffer if it has no credit. */
        void backlog(Channel connection, int backlog) {
            if (backlog > 0 && credit == 0 && buffers.floating().tryAcquire()) {
                floating++;
                grant(connection, 1);
            }
        }

        private void deliver(LocalChannel.Encoded element, boolean freesBuffer) throws InterruptedException {
            frees.add(freesBuffer);
            // never blocks: a channel from another TaskManager is bounded by its buffers
            channel.putEncoded(element);
        }

        /** The consumer took an element: from its thread. */
        void taken() {
            if (Boolean.TRUE.equals(frees.poll()) && freed.getAndIncrement() == 0) {
                Channel connection = DataClientHandler.this.channel;
                try {
                    connection.eventLoop().execute(() -> {
                        int count = freed.getAndSet(0);
                        if (count > 0 && receivers.get(id) == this) {
                            free(connection, count);
                        }
                    });
                } catch (RejectedExecutionException e) {
                    // the exchange is shutting down with its TaskManager: no more credit to grant
                }
            }
        }

        /** {@code count} buffers are free: borrowed ones go back to the input, the rest to the producer. Event loop. */
        private void free(Channel connection, int count) {
            int returned = Math.min(count, floating);
            for (int i = 0; i < returned; i++) {
                buffers.floating().release();
            }
            floating -= returned;
            if (count > returned) {
                grant(connection, count - returned);
            }
        }

        private void grant(Channel connection, int count) {
            credit += count;
            connection.writeAndFlush(DataMessages.credit(connection.alloc(), id, count));
        }

        /** Gives the floating buffers back: the channel is gone. Event loop. */
        void close() {
            for (; floating > 0; floating--) {
                buffers.floating().release();
            }
        }
    }

    boolean isActive() {
        Channel current = channel;
        return current != null && current.isActive();
    }

    /**
     * Asks the producer for channel {@code id}, into {@code into}, granting it the channel's
     * exclusive buffers; {@code codec} reads what arrives.
     */
    void receive(ChannelId id, LocalChannel into, StreamElementCodec codec, NetworkBuffers buffers,
                 Consumer<Throwable> onFailure) {
        Receiver receiver = new Receiver(id, into, codec, buffers, onFailure);
        receivers.put(id, receiver);
        into.setTakeListener(receiver::taken);
        Channel connection = channel;
        connection.writeAndFlush(DataMessages.request(connection.alloc(), id, buffers.exclusive(),
                buffers.segmentSize()));
        // the consuming task's deployment is over: forget the channel, and so does the producer
        // (queued behind the request on the event loop)
        into.setReleaseListener(() -> {
            try {
                connection.eventLoop().execute(() -> {
                    if (receivers.remove(id, receiver)) {
                        receiver.close();
                        if (connection.isActive()) {
                            connection.writeAndFlush(DataMessages.cancel(connection.alloc(), id));
                        }
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
        if (type == DataMessages.BACKLOG) {
            Receiver receiver = receivers.get(DataMessages.readChannel(frame));
            int backlog = frame.readInt();
            if (receiver != null) {
                receiver.backlog(ctx.channel(), backlog);
            }
            return;
        }
        if (type != DataMessages.DATA) {
            LOG.warn("Closed the data connection to {}: it sent a frame of unknown type {}", peer, type);
            ctx.close();
            return;
        }
        ChannelId id = DataMessages.readChannel(frame);
        int backlog = frame.readInt();
        Receiver receiver = receivers.get(id);
        if (receiver == null) {
            return; // a channel given up meanwhile (its task ended)
        }
        try {
            receiver.received(ctx, frame, backlog);
        } catch (ChannelReleasedException e) {
            if (receivers.remove(id, receiver)) {
                receiver.close();
            }
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
        receivers.values().forEach(receiver -> {
            receiver.close();
            receiver.onFailure.accept(lost);
        });
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
