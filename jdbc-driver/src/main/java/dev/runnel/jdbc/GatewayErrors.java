package dev.runnel.jdbc;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * Turns what Avatica's remote driver throws while opening a connection into an
 * {@link SQLException} that names the gateway and the reason.
 *
 * <p>Avatica throws unchecked exceptions there: a {@code RuntimeException} around the HTTP
 * client's {@code IOException} when the gateway cannot be reached, a {@code RuntimeException}
 * "Failed to execute HTTP Request, got HTTP/401" when it refuses the credentials, and an
 * {@link AvaticaClientRuntimeException} carrying the gateway's own error (its ErrorResponse)
 * when it refuses the session.
 */
final class GatewayErrors {

    /** SQLState class 08: the client could not establish the connection. */
    static final String UNABLE_TO_CONNECT = "08001";
    /** SQLState class 28: invalid authorization specification. */
    static final String INVALID_AUTHORIZATION = "28000";

    private static final Pattern HTTP_STATUS = Pattern.compile("got HTTP/(\\d{3})");
    /** How Avatica prefixes the gateway's error message. */
    private static final String REMOTE_ERROR_PREFIX = "Remote driver error: ";
    /** How HttpClient words a refused connection: "Connect to http://h:p [/addr] failed: reason". */
    private static final Pattern CONNECT_FAILED = Pattern.compile("^Connect to .* failed: (.*)$");

    private GatewayErrors() {
    }

    static SQLException onConnect(RuntimeException e, ConnectionSettings settings) {
        String gateway = settings.gatewayUrl();
        if (e instanceof AvaticaClientRuntimeException refused) {
            String message = refused.getMessage() == null ? "" : refused.getMessage();
            if (message.startsWith(REMOTE_ERROR_PREFIX)) {
                message = message.substring(REMOTE_ERROR_PREFIX.length());
            }
            return new SQLException("The Runnel gateway at " + gateway + " refused the connection: "
                    + message, refused.getSqlState(), refused.getErrorCode(), e);
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return new SQLException("Cannot reach the Runnel gateway at " + gateway
                        + ": unknown host '" + settings.host() + "'", UNABLE_TO_CONNECT, e);
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException
                    || t instanceof SocketTimeoutException) {
                Matcher refused = CONNECT_FAILED.matcher(rootMessage(t));
                return new SQLException("Cannot reach the Runnel gateway at " + gateway + ": "
                        + (refused.matches() ? refused.group(1) : rootMessage(t)), UNABLE_TO_CONNECT, e);
            }
            if (t instanceof NoHttpResponseException) {
                return new SQLException("The server at " + gateway + " closed the connection without"
                        + " an HTTP answer; is a Runnel gateway (runnel gateway) listening there?",
                        UNABLE_TO_CONNECT, e);
            }
            if (t instanceof SSLException) {
                return new SQLException("TLS with the Runnel gateway at " + gateway + " failed: "
                        + rootMessage(t), UNABLE_TO_CONNECT, e);
            }
            Matcher status = t.getMessage() == null ? null : HTTP_STATUS.matcher(t.getMessage());
            if (status != null && status.find()) {
                return onHttpStatus(Integer.parseInt(status.group(1)), settings, e);
            }
        }
        return new SQLException("Cannot connect to the Runnel gateway at " + gateway + ": "
                + rootMessage(e), UNABLE_TO_CONNECT, e);
    }

    private static SQLException onHttpStatus(int status, ConnectionSettings settings, Exception e) {
        String gateway = settings.gatewayUrl();
        return switch (status) {
            case 401 -> new SQLException(settings.user()
                    .map(u -> "Authentication failed for user '" + u + "' at " + gateway
                            + " (HTTP 401): wrong user or password")
                    .orElse("The Runnel gateway at " + gateway
                            + " requires a user and password (HTTP 401)"),
                    INVALID_AUTHORIZATION, e);
            case 403 -> new SQLException("User '" + settings.user().orElse("")
                    + "' may not connect to the Runnel gateway at " + gateway + " (HTTP 403)",
                    INVALID_AUTHORIZATION, e);
            default -> new SQLException("The server at " + gateway + " answered HTTP " + status
                    + "; is a Runnel gateway (runnel gateway) listening there?", UNABLE_TO_CONNECT, e);
        };
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    }
}
