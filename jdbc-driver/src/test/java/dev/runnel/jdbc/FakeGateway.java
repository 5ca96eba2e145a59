package dev.runnel.jdbc;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * A stand-in for {@code runnel gateway} on 127.0.0.1: Avatica's protocol over HTTP with PROTOBUF,
 * answering only what opening and closing a connection needs, optionally behind HTTP Basic
 * authentication, optionally refusing every session with an Avatica error. It records the
 * properties of each OpenConnection request.
 */
final class FakeGateway implements AutoCloseable {

    private final HttpServer server;
    private final String expectedAuthorization;
    private final String refusal;
    private final ProtobufTranslation translation = new ProtobufTranslationImpl();
    private final List<Map<String, String>> openedSessions = new CopyOnWriteArrayList<>();

    private FakeGateway(String user, String password, String refusal) throws IOException {
        this.expectedAuthorization = user == null ? null : "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        this.refusal = refusal;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A gateway without authentication. */
    static FakeGateway open() throws IOException {
        return new FakeGateway(null, null, null);
    }

    /** A gateway that lets in only {@code user} with {@code password}. */
    static FakeGateway withBasicAuth(String user, String password) throws IOException {
        return new FakeGateway(user, password, null);
    }

    /** A gateway that answers every OpenConnection request with an error saying {@code message}. */
    static FakeGateway refusing(String message) throws IOException {
        return new FakeGateway(null, null, message);
    }

    int port() {
        return server.getAddress().getPort();
    }

    String jdbcUrl() {
        return "jdbc:runnel://127.0.0.1:" + port();
    }

    /** The properties of each OpenConnection request, in arrival order. */
    List<Map<String, String>> openedSessions() {
        return openedSessions;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (expectedAuthorization != null
                    && !expectedAuthorization.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"Runnel\"");
                exchange.sendResponseHeaders(401, -1);
                return;
            }
            Service.Response response = answer(translation.parseRequest(body));
            int status = response instanceof Service.ErrorResponse ? 500 : 200;
            byte[] bytes = translation.serializeResponse(response);
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private Service.Response answer(Service.Request request) {
        Service.RpcMetadataResponse metadata = new Service.RpcMetadataResponse("fake-gateway");
        if (request instanceof Service.OpenConnectionRequest open) {
            if (refusal != null) {
                return new Service.ErrorResponse(List.of(), refusal, 42, "42000",
                        AvaticaSeverity.ERROR, metadata);
            }
            openedSessions.add(open.info == null ? Map.of() : Map.copyOf(open.info));
            return new Service.OpenConnectionResponse(metadata);
        }
        if (request instanceof Service.CloseConnectionRequest) {
            return new Service.CloseConnectionResponse(metadata);
        }
        if (request instanceof Service.ConnectionSyncRequest) {
            return new Service.ConnectionSyncResponse(new ConnectionPropertiesImpl(), metadata);
        }
        return new Service.ErrorResponse(List.of(), "the fake gateway does not answer "
                + request.getClass().getSimpleName(), -1, "HY000", AvaticaSeverity.ERROR, metadata);
    }
}
