package dev.runnel.runtime.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.runnel.runtime.cluster.JobId;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One request as a handler sees it.
 *
 * @param path the request's path, without a {@code /v1} prefix
 * @param pathParameters the values of the route's {@code :name} segments
 * @param query the query parameters (the last value of each)
 * @param body the JSON body, {@link MissingNode} when there is none
 */
record RestRequest(String path, Map<String, String> pathParameters, Map<String, String> query, JsonNode body) {
    private static final Pattern JOB_ID = Pattern.compile("[0-9a-fA-F]{32}");

    String pathParameter(String name) {
        return pathParameters.get(name);
    }

    /** The {@code :jobid} segment; a malformed one is a 400, as Flink answers. */
    JobId jobId() {
        String raw = pathParameter("jobid");
        if (!JOB_ID.matcher(raw).matches()) {
            throw new RestException(RestException.BAD_REQUEST, "Bad request, could not parse parameter jobid: '"
                    + raw + "' is not a job id (32 hexadecimal digits)");
        }
        return new JobId(raw.toLowerCase(Locale.ROOT));
    }
}
