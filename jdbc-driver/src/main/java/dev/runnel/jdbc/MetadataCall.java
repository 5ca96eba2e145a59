package dev.runnel.jdbc;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A {@code DatabaseMetaData} call that Avatica's protocol has no request for, sent to the gateway
 * as the text of a statement. Avatica's client answers {@code getPrimaryKeys} and
 * {@code getFunctions} with empty results without asking the server; the driver sends them as
 * {@link #toSql()} instead, and the gateway, which recognises the text, answers with the rows of
 * JDBC's columns for that call, as its own {@code Meta} method does.
 *
 * <p>The text is a SQL comment line naming the call, then one line per argument, URL-encoded, or
 * {@code ~} for null (a character URL encoding never leaves as is). The gateway's
 * {@code dev.runnel.shell.gateway.MetadataCallText} reads it; the gateway does not depend on this
 * jar, so the two are kept in step by the gateway's tests, which talk through this driver.
 *
 * @param method    the {@code DatabaseMetaData} method, one of {@link #METHODS}
 * @param arguments its string arguments in order, null where the caller passed null
 */
public record MetadataCall(String method, List<String> arguments) {
    /** The calls sent this way. */
    public static final Set<String> METHODS = Set.of("getPrimaryKeys", "getFunctions");
    private static final String MARKER = "-- runnel:jdbc-metadata ";
    private static final String NULL = "~";

    public MetadataCall {
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("Not a metadata call sent as a statement: " + method);
        }
        arguments = new ArrayList<>(arguments); // keeps nulls, unlike List.copyOf
    }

    /** The call with these arguments. */
    public static MetadataCall of(String method, String... arguments) {
        return new MetadataCall(method, Arrays.asList(arguments));
    }

    /** The statement text the gateway recognises. */
    public String toSql() {
        StringBuilder sql = new StringBuilder(MARKER).append(method);
        for (String argument : arguments) {
            sql.append('\n').append(argument == null ? NULL : URLEncoder.encode(argument, StandardCharsets.UTF_8));
        }
        return sql.toString();
    }
}
