package dev.runnel.jdbc;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A parsed {@code jdbc:runnel://host[:port][/][?key=value&...]} URL.
 *
 * <p>The port defaults to {@value #DEFAULT_PORT}, the port of {@code runnel gateway}. Keys and
 * values of the query are percent-decoded as UTF-8 (RFC 3986: a {@code +} stays a {@code +}).
 * The URL names no database, so a path other than {@code /} is an error, and so is a user
 * before the host ({@code user@host}): the user goes in the {@code user} property.
 *
 * @param host the host name or address, IPv6 addresses without brackets
 * @param port the gateway's port
 * @param properties the query's properties in the order given, neither checked nor merged yet
 */
public record RunnelUrl(String host, int port, Map<String, String> properties) {

    /** Every Runnel JDBC URL starts with this. */
    public static final String PREFIX = "jdbc:runnel:";

    /** The port {@code runnel gateway} listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 8765;

    static final String EXPECTED_FORM = "jdbc:runnel://host:port[?key=value&...]";

    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]+(%[A-Za-z0-9._-]+)?");
    private static final Pattern PASSWORD_VALUE = Pattern.compile("(?i)(password=)[^&]*");

    public RunnelUrl {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** Whether {@code url} is meant for this driver (it may still be malformed). */
    public static boolean accepts(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    /**
     * Parses a URL that {@link #accepts} accepted.
     *
     * @throws SQLException (SQLState 08001) saying what is wrong and showing the expected form
     */
    public static RunnelUrl parse(String url) throws SQLException {
        if (!accepts(url)) {
            throw malformed(url, "it does not start with '" + PREFIX + "'");
        }
        String rest = url.substring(PREFIX.length());
        if (!rest.startsWith("//")) {
            throw malformed(url, "'//' must follow '" + PREFIX + "'");
        }
        rest = rest.substring(2);
        if (rest.indexOf('#') >= 0) {
            throw malformed(url, "a fragment ('#') has no meaning here");
        }
        int query = rest.indexOf('?');
        String beforeQuery = query < 0 ? rest : rest.substring(0, query);
        int slash = beforeQuery.indexOf('/');
        String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        String path = slash < 0 ? "" : beforeQuery.substring(slash);
        if (!path.isEmpty() && !path.equals("/")) {
            throw malformed(url, "unexpected path '" + path + "': a Runnel URL names no database");
        }
        if (authority.indexOf('@') >= 0) {
            throw malformed(url, "a user before the host is not supported;"
                    + " give it as the 'user' property or to getConnection(url, user, password)");
        }
        String host;
        String portText;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw malformed(url, "an IPv6 address lacks its closing ']'");
            }
            host = authority.substring(1, close);
            String afterHost = authority.substring(close + 1);
            if (!afterHost.isEmpty() && !afterHost.startsWith(":")) {
                throw malformed(url, "unexpected '" + afterHost + "' after the host");
            }
            portText = afterHost.isEmpty() ? null : afterHost.substring(1);
            if (!IPV6.matcher(host).matches()) {
                throw malformed(url, "bad IPv6 address '" + host + "'");
            }
        } else {
            int colon = authority.indexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? null : authority.substring(colon + 1);
            if (host.isEmpty()) {
                throw malformed(url, "no host");
            }
            if (!HOST_NAME.matcher(host).matches()) {
                throw malformed(url, "bad host '" + host + "'");
            }
        }
        int port = portText == null ? DEFAULT_PORT : parsePort(url, portText);
        Map<String, String> properties =
                query < 0 ? Map.of() : parseQuery(url, rest.substring(query + 1));
        return new RunnelUrl(host, port, properties);
    }

    /** The URL with the value of any {@code password} property hidden, for messages and logs. */
    static String redact(String url) {
        return url == null ? null : PASSWORD_VALUE.matcher(url).replaceAll("$1***");
    }

    private static int parsePort(String url, String text) throws SQLException {
        if (text.isEmpty()) {
            throw malformed(url, "no port after ':'");
        }
        if (!text.chars().allMatch(c -> c >= '0' && c <= '9') || text.length() > 5) {
            throw malformed(url, "bad port '" + text + "'");
        }
        int port = Integer.parseInt(text);
        if (port < 1 || port > 65535) {
            throw malformed(url, "port " + port + " is out of range (1-65535)");
        }
        return port;
    }

    private static Map<String, String> parseQuery(String url, String query) throws SQLException {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String pair : query.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw malformed(url, "'" + pair + "' is not key=value");
            }
            String key = decode(url, pair.substring(0, eq), "a key");
            if (key.isEmpty()) {
                throw malformed(url, "a property has no key");
            }
            String value = decode(url, pair.substring(eq + 1), "the value of '" + key + "'");
            if (properties.putIfAbsent(key, value) != null) {
                throw malformed(url, "property '" + key + "' is given twice");
            }
        }
        return properties;
    }

    /** Strict percent-decoding: a '%' must start two hex digits, and the bytes must be UTF-8. */
    private static String decode(String url, String text, String what) throws SQLException {
        if (text.indexOf('%') < 0) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) != '%') {
                int end = text.indexOf('%', i);
                end = end < 0 ? text.length() : end;
                bytes.writeBytes(text.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
                continue;
            }
            int high = i + 1 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
            int low = i + 2 < text.length() ? Character.digit(text.charAt(i + 2), 16) : -1;
            if (high < 0 || low < 0) {
                throw malformed(url, "bad %-escape in " + what + " (expected '%' and two hex digits)");
            }
            bytes.write(high * 16 + low);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw malformed(url, "the %-escapes in " + what + " are not UTF-8");
        }
    }

    static SQLException malformed(String url, String reason) {
        return new SQLException("Malformed Runnel JDBC URL '" + redact(url) + "': " + reason
                + "; expected " + EXPECTED_FORM, "08001");
    }
}
