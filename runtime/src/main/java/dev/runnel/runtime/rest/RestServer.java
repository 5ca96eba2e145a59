package dev.runnel.runtime.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsServer;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.security.RestTls;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST endpoint: Flink's REST API paths and JSON over the JDK's HTTP server, answered from
 * a {@link RestGateway}. Requests run on two threads of its own; {@link #close()} stops them and
 * frees the port. Thread-safe.
 */
public final class RestServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestServer.class);
    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final OwnedThreads threads = new OwnedThreads("runnel-rest");
    private final ExecutorService executor;
    private final RestRouter router;
    private final URI address;

    private RestServer(HttpServer server, RestRouter router, String schemeAndHost) {
        this.server = server;
        this.router = router;
        this.executor = Executors.newFixedThreadPool(2, threads);
        this.address = URI.create(schemeAndHost + ":" + server.getAddress().getPort());
        server.createContext("/", this::serve);
        server.setExecutor(executor);
        server.start();
    }

    /**
     * Binds to {@code rest.bind-address} and the first free port of {@code rest.bind-port} (or
     * {@code rest.port}), and starts serving {@code gateway}.
     *
     * @throws ConfigException naming the port option when no port of it is free or it is malformed
     */
    public static RestServer start(Configuration configuration, RestGateway gateway) {
        String bindAddress = configuration.get(RestOptions.BIND_ADDRESS);
        String bindPort = configuration.get(RestOptions.BIND_PORT);
        String portKey = bindPort != null ? RestOptions.BIND_PORT.key() : RestOptions.PORT.key();
        String ports = bindPort != null ? bindPort : String.valueOf(configuration.get(RestOptions.PORT));
        Optional<RestTls> tls = RestTls.from(configuration);
        HttpServer server = bind(bindAddress, portKey, ports, tls);
        String advertised = configuration.get(RestOptions.ADDRESS);
        if (advertised == null || advertised.isBlank()) {
            advertised = bindAddress.equals("0.0.0.0") ? "localhost" : bindAddress;
        }
        RestServer rest = new RestServer(server, routes(gateway), (tls.isPresent() ? "https://" : "http://") + advertised);
        LOG.info("REST endpoint listening at {}", rest.address);
        return rest;
    }

    /** Every endpoint, as {@code docs/rest.md} lists them. */
    static RestRouter routes(RestGateway gateway) {
        RestRouter router = new RestRouter();
        new ClusterHandlers(gateway).register(router);
        new JobHandlers(gateway).register(router);
        new JobExceptionHandlers(gateway).register(router);
        new CheckpointHandlers(gateway).register(router);
        new SavepointHandlers(gateway).register(router);
        new ResourceRequirementsHandlers(gateway).register(router);
        return router;
    }

    /** Where clients reach the endpoint: {@code http://<rest.address>:<port>}, or {@code https://} with security.ssl.rest.enabled. */
    public URI address() {
        return address;
    }

    /** The port bound (the one picked when {@code rest.port} is 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    private static HttpServer bind(String bindAddress, String portKey, String ports, Optional<RestTls> tls) {
        List<Integer> candidates = parsePorts(portKey, ports);
        IOException last = null;
        for (int port : candidates) {
            try {
                InetSocketAddress address = new InetSocketAddress(bindAddress, port);
                if (tls.isEmpty()) {
                    return HttpServer.create(address, 0);
                }
                HttpsServer https = HttpsServer.create(address, 0);
                https.setHttpsConfigurator(tls.get().configurator());
                return https;
            } catch (BindException e) {
                last = e;
            } catch (IOException e) {
                throw new ConfigException(portKey, "The REST endpoint cannot listen on " + bindAddress + ":" + port
                        + " (" + portKey + "): " + e.getMessage(), e);
            }
        }
        String which = candidates.size() == 1 ? "port " + ports + " is" : "every port of " + ports + " is";
        throw new ConfigException(portKey, "The REST endpoint cannot listen on " + bindAddress + ": " + which
                + " in use (" + portKey + "; 0 picks any free port)", last);
    }

    /** Flink's port syntax: a port, a list {@code 50100,50101}, a range {@code 50100-50200}, or a mix. */
    static List<Integer> parsePorts(String key, String spec) {
        List<Integer> ports = new ArrayList<>();
        try {
            for (String part : spec.split(",")) {
                String item = part.trim();
                int dash = item.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? item : item.substring(0, dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(item.substring(dash + 1).trim());
                if (from < 0 || to > 65535 || to < from) {
                    throw new NumberFormatException();
                }
                for (int port = from; port <= to; port++) {
                    ports.add(port);
                }
            }
        } catch (NumberFormatException e) {
            throw ConfigException.invalidValue(key, "Invalid value \'" + spec + "' for option '" + key
                    + "': expected a port (0-65535), a list such as '8081,8082' or a range such as '8081-8090'");
        }
        return ports;
    }

    private void serve(HttpExchange exchange) throws IOException {
        int status;
        JsonNode body;
        try {
            String path = exchange.getRequestURI().getPath();
            String route = path.startsWith("/v1/") ? path.substring(3) : path;
            RestRouter.Match match = router.route(exchange.getRequestMethod(), route);
            RestRequest request = new RestRequest(path, match.pathParameters(),
                    query(exchange.getRequestURI().getRawQuery()), body(exchange.getRequestBody()));
            body = match.handler().handle(request);
            status = match.status();
        } catch (RestException e) {
            status = e.status();
            body = errors(e.getMessage());
        } catch (Exception e) {
            LOG.warn("REST request {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
            status = 500;
            body = errors("Internal server error.", String.valueOf(e.getMessage()));
        }
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static ObjectNode errors(String... messages) {
        ObjectNode node = JSON.createObjectNode();
        var array = node.putArray("errors");
        for (String message : messages) {
            array.add(message);
        }
        return node;
    }

    private static JsonNode body(InputStream in) throws IOException {
        byte[] bytes = in.readAllBytes();
        if (bytes.length == 0) {
            return MissingNode.getInstance();
        }
        try {
            return JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new RestException(RestException.BAD_REQUEST, "Request body is not valid JSON: "
                    + e.getOriginalMessage());
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return query;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            query.put(name, value);
        }
        return query;
    }

    /** Stops accepting requests, lets running ones end, and frees the port and threads. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdown();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
            threads.joinAll(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
