package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.network.RemoteExchange;
import dev.runnel.runtime.network.Subpartition;
import dev.runnel.runtime.security.InternalTls;
import dev.runnel.runtime.types.RowType;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data exchange between TaskManager processes over TCP (Netty): a server that sends this
 * TaskManager's channels to the TaskManagers that consume them ({@link DataServerHandler}), from
 * the network buffers into which their producer tasks encode them ({@link NetworkSubpartition}), and
 * one connection to each producing TaskManager, on which all channels from it are multiplexed
 * ({@link DataClientHandler}). Flow control is by credit, one per network buffer of
 * {@code taskmanager.memory.segment-size} bytes that the consumer has free for the channel
 * ({@link NetworkBuffers}, {@link DataMessages}), so a slow consumer stops its producer's
 * sends, the producer's channel fills and its task blocks, as in one process.
 * With a cluster secret every connection proves it first; with TLS
 * ({@code security.ssl.internal.*}) every connection is encrypted and both ends authenticated. Flushes are consolidated (up to 256
 * per write of the socket), since small batches of rows and their credits would otherwise
 * each cost a system call.
 */
public final class NettyExchange implements RemoteExchange, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NettyExchange.class);

    private final LocalChannelRegistry channels;
    private final Optional<String> secret;
    private final Optional<SslContext> tls;
    private final EventLoopGroup group;
    private final Channel server;
    private final String address;
    private final Map<String, CompletableFuture<DataClientHandler>> connections = new ConcurrentHashMap<>();

    private NettyExchange(LocalChannelRegistry channels, Optional<String> secret, Optional<SslContext> tls,
                          EventLoopGroup group, Channel server, String address) {
        this.channels = channels;
        this.secret = secret;
        this.tls = tls;
        this.group = group;
        this.server = server;
        this.address = address;
    }

    /**
     * Serves {@code channels} on {@code bindHost}:{@code port} ({@code 0}: any free port), telling
     * other TaskManagers to connect to {@code advertisedHost}.
     *
     * @throws UncheckedIOException if the address cannot be bound, naming it
     */
    public static NettyExchange start(LocalChannelRegistry channels, String bindHost, int port, String advertisedHost,
                                      Optional<String> secret) {
        return start(channels, bindHost, port, advertisedHost, secret, Optional.empty());
    }

    /**
     * {@link #start(LocalChannelRegistry, String, int, String, Optional)}, with TLS on every
     * connection, served and dialled, when {@code tls} is given.
     */
    public static NettyExchange start(LocalChannelRegistry channels, String bindHost, int port, String advertisedHost,
                                      Optional<String> secret, Optional<InternalTls> tls) {
        Optional<SslContext> serverTls = tls.map(InternalTls::dataServer);
        Optional<SslContext> clientTls = tls.map(InternalTls::dataClient);
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        try {
            Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            serverTls.ifPresent(context -> channel.pipeline().addLast(context.newHandler(channel.alloc())));
                            channel.pipeline().addLast(new FlushConsolidationHandler(256, true), frames(),
                                    new DataServerHandler(channels, secret));
                        }
                    })
                    .bind(bindHost, port).syncUninterruptibly().channel();
            int bound = ((InetSocketAddress) server.localAddress()).getPort();
            LOG.info("Data exchange listening on {}:{}", bindHost, bound);
            return new NettyExchange(channels, secret, clientTls, group, server, advertisedHost + ":" + bound);
        } catch (Exception e) { // Netty rethrows the bind's IOException unchecked
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new UncheckedIOException("Cannot listen for data on " + bindHost + ":" + port + ": " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    static LengthFieldBasedFrameDecoder frames() {
        return new LengthFieldBasedFrameDecoder(DataMessages.MAX_FRAME, 0, 4, 0, 4);
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public void receive(String producerAddress, ChannelId id, RowType rowType, NetworkBuffers buffers,
                        Consumer<Throwable> onFailure) {
        var channel = channels.channel(id, LocalChannel.UNBOUNDED);
        StreamElementCodec codec = StreamElementCodec.of(rowType);
        connection(producerAddress).whenComplete((client, failure) -> {
            if (failure != null) {
                onFailure.accept(new IllegalStateException("Cannot connect to the TaskManager at " + producerAddress
                        + " for channel " + id + ": " + rootMessage(failure), failure));
            } else {
                client.receive(id, channel, codec, buffers, onFailure);
            }
        });
    }

    @Override
    public Subpartition output(ChannelId id, RowType rowType, NetworkBuffers buffers) {
        // the consumer's request may have come first and made it, from the same job configuration
        NetworkSubpartition subpartition = channels.outgoing(id,
                key -> new NetworkSubpartition(key, buffers.segmentSize(), buffers.exclusive()));
        return subpartition.writer(StreamElementCodec.of(rowType));
    }

    private CompletableFuture<DataClientHandler> connection(String peer) {
        return connections.compute(peer, (key, existing) -> existing != null && !existing.isCompletedExceptionally()
                && (!existing.isDone() || existing.join().isActive()) ? existing : connect(key));
    }

    private CompletableFuture<DataClientHandler> connect(String peer) {
        int colon = peer.lastIndexOf(':');
        String host = peer.substring(0, colon);
        int port = Integer.parseInt(peer.substring(colon + 1));
        DataClientHandler handler = new DataClientHandler(peer, secret.orElse(""));
        CompletableFuture<DataClientHandler> result = handler.ready();
        ChannelFuture connecting = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        // the host dialled is the one the certificate must name
                        tls.ifPresent(context -> channel.pipeline().addLast(context.newHandler(channel.alloc(), host, port)));
                        channel.pipeline().addLast(new FlushConsolidationHandler(256, true), frames(), handler);
                    }
                })
                .connect(host, port);
        connecting.addListener(f -> {
            if (!f.isSuccess()) {
                connections.remove(peer, result);
                result.completeExceptionally(f.cause());
            }
        });
        return result;
    }

    private static String rootMessage(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /** Closes every connection and the port. */
    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
