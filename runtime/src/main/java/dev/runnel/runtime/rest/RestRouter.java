package dev.runnel.runtime.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Maps a method and a path to a handler. Paths are written as Flink documents them
 * ({@code /jobs/:jobid/checkpoints}); a {@code :name} segment matches any one segment.
 * Filled before the server starts, then read-only.
 */
final class RestRouter {

    /** Answers one request with the JSON body of a 200 response (or throws {@link RestException}). */
    @FunctionalInterface
    interface Handler {
        JsonNode handle(RestRequest request) throws Exception;
    }

    /** A handler's answer to a route that was found. */
    record Match(Handler handler, int status, Map<String, String> pathParameters) {
    }

    private record Route(String method, String[] segments, int status, Handler handler) {
        Optional<Map<String, String>> match(String[] path) {
            if (path.length != segments.length) {
                return Optional.empty();
            }
            Map<String, String> parameters = new HashMap<>();
            for (int i = 0; i < path.length; i++) {
                if (segments[i].startsWith(":")) {
                    parameters.put(segments[i].substring(1), path[i]);
                } else if (!segments[i].equals(path[i])) {
                    return Optional.empty();
                }
            }
            return Optional.of(parameters);
        }
    }

    private final List<Route> routes = new ArrayList<>();

    RestRouter get(String path, Handler handler) {
        return add("GET", path, 200, handler);
    }

    /** A route answered with {@code status} (Flink answers 202 Accepted to triggers and cancels). */
    RestRouter add(String method, String path, int status, Handler handler) {
        routes.add(new Route(method, segments(path), status, handler));
        return this;
    }

    /** Every route as {@code GET /jobs/:jobid}, in the order they were added. */
    List<String> endpoints() {
        return routes.stream().map(r -> r.method + " /" + String.join("/", r.segments)).toList();
    }

    /**
     * The route of {@code method} and {@code path}.
     *
     * @throws RestException 404 when no route has the path, 405 when none of those has the method
     */
    Match route(String method, String path) {
        String[] segments = segments(path);
        boolean pathKnown = false;
        for (Route route : routes) {
            Optional<Map<String, String>> parameters = route.match(segments);
            if (parameters.isPresent()) {
                pathKnown = true;
                if (route.method.equals(method)) {
                    return new Match(route.handler, route.status, parameters.get());
                }
            }
        }
        if (pathKnown) {
            throw new RestException(RestException.METHOD_NOT_ALLOWED, "Method " + method + " is not allowed for " + path);
        }
        throw new RestException(RestException.NOT_FOUND, "Not found: " + path);
    }

    private static String[] segments(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/+");
    }
}
