package dev.runnel.shell.gateway;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code DatabaseMetaData} call that the driver sends as a statement's text, because Avatica's
 * protocol has no request for it (its client would answer {@code getPrimaryKeys} and
 * {@code getFunctions} empty without asking). The driver's {@code dev.runnel.jdbc.MetadataCall}
 * writes the text: a SQL comment line naming the call, then one line per argument, URL-encoded,
 * or {@code ~} for null.
 *
 * @param method    the {@code DatabaseMetaData} method
 * @param arguments its string arguments in order, null where the caller passed null
 */
record MetadataCallText(String method, List<String> arguments) {
    static final Set<String> METHODS = Set.of("getPrimaryKeys", "getFunctions");
    private static final String MARKER = "-- runnel:jdbc-metadata ";
    private static final String NULL = "~";

    /** The call {@code sql} carries, if it is one. */
    static Optional<MetadataCallText> parse(String sql) {
        if (!sql.startsWith(MARKER)) {
            return Optional.empty();
        }
        String[] lines = sql.substring(MARKER.length()).split("\n", -1);
        if (!METHODS.contains(lines[0])) {
            return Optional.empty();
        }
        List<String> arguments = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            arguments.add(lines[i].equals(NULL) ? null : URLDecoder.decode(lines[i], StandardCharsets.UTF_8));
        }
        return Optional.of(new MetadataCallText(lines[0], arguments));
    }
}
