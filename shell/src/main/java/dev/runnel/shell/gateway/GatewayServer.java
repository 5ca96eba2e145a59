package dev.runnel.shell.gateway;

import dev.runnel.runtime.config.Configuration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The JDBC gateway: Avatica's HTTP server (protobuf) over a {@link RunnelMeta}, one session per
 * connection, idle sessions closed by a timer. Binds {@code bindAddress} (127.0.0.1 by default:
 * Avatica's own builder would listen on every interface).
 */
public final class GatewayServer implements AutoCloseable {
    private final HttpServer server;
    private final RunnelMeta meta;
    private final ScheduledExecutorService reaper;
    private final String bindAddress;

    private GatewayServer(HttpServer server, RunnelMeta meta, ScheduledExecutorService reaper, String bindAddress) {
        this.server = server;
        this.meta = meta;
        this.reaper = reaper;
        this.bindAddress = bindAddress;
    }

    /**
     * Starts a gateway.
     *
     * @param port            the port, 0 for one the OS picks
     * @param security        authentication and TLS, applied to Avatica's server builder
     * @param customizers     more of Jetty's settings, applied after the bind address (Avatica's builder keeps one list)
     * @param initStatements  statements each new session runs first
     * @param configuration   the gateway's settings ({@link GatewayOptions})
     */
    public static GatewayServer start(String bindAddress, int port, SessionFactory sessions, List<String> initStatements,
                                      Configuration configuration, Consumer<HttpServer.Builder<Server>> security,
                                      List<ServerCustomizer<Server>> customizers) {
        RunnelMeta meta = new RunnelMeta(sessions, initStatements);
        List<ServerCustomizer<Server>> all = new ArrayList<>();
        all.add(jetty -> {
            for (Connector connector : jetty.getConnectors()) {
                if (connector instanceof ServerConnector serverConnector) {
                    serverConnector.setHost(bindAddress);
                }
            }
        });
        HttpServer.Builder<Server> builder = new HttpServer.Builder<Server>()
                .withHandler(new LocalService(meta), Driver.Serialization.PROTOBUF)
                .withPort(port);
        security.accept(builder);
        all.addAll(customizers);
        HttpServer server = builder.withServerCustomizers(all, Server.class).build();
        server.start();
        Duration idle = configuration.get(GatewayOptions.SESSION_IDLE_TIMEOUT);
        Duration check = configuration.get(GatewayOptions.SESSION_CHECK_INTERVAL);
        ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "runnel-gateway-idle-sessions");
            t.setDaemon(true);
            return t;
        });
        reaper.scheduleWithFixedDelay(() -> meta.closeIdle(idle), check.toMillis(), check.toMillis(),
                TimeUnit.MILLISECONDS);
        return new GatewayServer(server, meta, reaper, bindAddress);
    }

    /** Starts a gateway on {@code sessions} with the default settings, for the address and port given. */
    static GatewayServer start(String bindAddress, int port, SessionFactory sessions, Configuration configuration) {
        return start(bindAddress, port, sessions, List.of(), configuration, builder -> { }, List.of());
    }

    public int port() {
        return server.getPort();
    }

    public String bindAddress() {
        return bindAddress;
    }

    /** The JDBC URL of this gateway. */
    public String jdbcUrl() {
        String host = bindAddress.contains(":") ? "[" + bindAddress + "]" : bindAddress;
        return "jdbc:runnel://" + host + ":" + port();
    }

    /** The sessions open now (one per connection). */
    public int openSessions() {
        return meta.openSessions();
    }

    /** Stops serving, then closes every session (their queries' jobs are cancelled). */
    @Override
    public void close() {
        reaper.shutdownNow();
        try {
            server.stop();
        } finally {
            meta.closeAll();
        }
    }
}
