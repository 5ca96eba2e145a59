package dev.runnel.runtime.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A REST client over {@link HttpClient}, and datagen → blackhole jobs that checkpoint every 100 ms. */
final class RestClusterTestSupport {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RowType SCHEMA = RowType.of(new RowType.Field("id", DataType.of(TypeRoot.BIGINT)));

    /** A status code and the parsed JSON body. */
    record Response(int status, JsonNode body) {
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;

    RestClusterTestSupport(URI base) {
        this.base = base;
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    Response send(String method, String path, String body) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body)));
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), JSON.readTree(response.body()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * datagen (a sequence 1..{@code rows}, or unbounded when {@code rows} is 0, at
     * {@code rowsPerSecond}) → blackhole, two vertices of {@code parallelism}, checkpointing every
     * 100 ms into {@code checkpoints}.
     */
    static JobGraph datagenJob(String name, long rows, long rowsPerSecond, int parallelism, Path checkpoints) {
        return datagenJob(name, rows, rowsPerSecond, parallelism, checkpoints, Map.of());
    }

    /** {@link #datagenJob(String, long, long, int, Path)} with {@code extra} job settings. */
    static JobGraph datagenJob(String name, long rows, long rowsPerSecond, int parallelism, Path checkpoints,
                               Map<String, String> extra) {
        Map<String, String> source = new HashMap<>(Map.of("connector", "datagen",
                "rows-per-second", String.valueOf(rowsPerSecond)));
        if (rows > 0) {
            source.putAll(Map.of("fields.id.kind", "sequence", "fields.id.start", "1", "fields.id.end",
                    String.valueOf(rows)));
        }
        TableContext sourceTable = new TableContext("default.src", SCHEMA, source);
        TableContext sinkTable = new TableContext("default.snk", SCHEMA, Map.of("connector", "blackhole"));
        Configuration config = new Configuration();
        config.set("execution.checkpointing.interval", "100ms");
        config.set("state.checkpoints.dir", checkpoints.toUri().toString());
        extra.forEach(config::set);
        return new JobGraph(name, List.of(
                new JobVertex(1, "Source: src", parallelism,
                        ConnectorFactories.factoryFor(sourceTable).createSource(sourceTable), List.of()),
                new JobVertex(2, "Sink: snk", parallelism, null,
                        List.of(ConnectorFactories.factoryFor(sinkTable).createSink(sinkTable)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())), config);
    }
}
