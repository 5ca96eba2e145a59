package dev.runnel.jdbc;

import java.io.File;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What one {@code connect} call asks for: the URL's properties merged with the
 * {@link Properties} a tool passes, checked, and turned into the settings of Avatica's remote
 * driver ({@link #toAvaticaProperties}).
 *
 * <p>A property given both ways takes the value from the {@code Properties}: that is where
 * {@code DriverManager.getConnection(url, user, password)} and every tool's login dialog put
 * the user and password. An empty {@code user} or {@code password} there counts as not given,
 * since tools pass empty strings for fields left blank.
 *
 * @param host the gateway's host
 * @param port the gateway's port
 * @param ssl whether to talk HTTPS
 * @param user the user for HTTP Basic authentication, if any
 * @param password the password (empty when a user is given without one)
 * @param truststore the trust store file, if any
 * @param truststorePassword the trust store's password (empty if none)
 * @param hostnameVerification {@code STRICT} or {@code NONE}
 * @param fetchSize rows per fetch
 * @param connectTimeoutSeconds seconds to wait for the TCP connection
 * @param sessionOptions Flink-style session options for the gateway, in the order given
 */
public record ConnectionSettings(
        String host,
        int port,
        boolean ssl,
        Optional<String> user,
        String password,
        Optional<String> truststore,
        String truststorePassword,
        String hostnameVerification,
        int fetchSize,
        int connectTimeoutSeconds,
        Map<String, String> sessionOptions) {

    public ConnectionSettings {
        sessionOptions = Collections.unmodifiableMap(new LinkedHashMap<>(sessionOptions));
    }

    /**
     * Parses {@code url} and merges {@code info} into it.
     *
     * @throws SQLException (SQLState 08001) for a malformed URL, an unknown property or a bad value
     */
    public static ConnectionSettings of(String url, Properties info) throws SQLException {
        RunnelUrl parsed = RunnelUrl.parse(url);
        Map<DriverProperty, String> known = new LinkedHashMap<>();
        Map<String, String> sessionOptions = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : parsed.properties().entrySet()) {
            sort(e.getKey(), e.getValue(), known, sessionOptions,
                    "in the Runnel JDBC URL '" + RunnelUrl.redact(url) + "'");
        }
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                String value = info.getProperty(key);
                boolean blankCredential = value.isEmpty()
                        && DriverProperty.byKey(key)
                                .filter(p -> p == DriverProperty.USER || p == DriverProperty.PASSWORD)
                                .isPresent();
                if (!blankCredential) {
                    sort(key, value, known, sessionOptions, "among the connection properties");
                }
            }
        }
        return from(parsed, known, sessionOptions);
    }

    /** {@code http://host:port} or {@code https://host:port}: the gateway this connects to. */
    public String gatewayUrl() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return (ssl ? "https" : "http") + "://" + h + ":" + port;
    }

    /**
     * The properties for Avatica's remote driver: its {@code url}, PROTOBUF serialization, BASIC
     * authentication when there is a user, TLS and timeouts. Avatica keeps its own keys local and
     * sends the rest to the gateway in the OpenConnection request: the {@code user} and the
     * session options.
     */
    public Properties toAvaticaProperties() {
        Properties p = new Properties();
        p.setProperty("url", gatewayUrl());
        p.setProperty("serialization", "PROTOBUF");
        p.setProperty("factory", GatewayServiceFactory.class.getName());
        p.setProperty("httpclient_impl", GatewayHttpClient.class.getName());
        user.ifPresent(u -> {
            p.setProperty("authentication", "BASIC");
            p.setProperty("avatica_user", u);
            p.setProperty("avatica_password", password);
            p.setProperty("user", u);
        });
        truststore.ifPresent(t -> {
            p.setProperty("truststore", t);
            p.setProperty("truststore_password", truststorePassword);
        });
        p.setProperty("hostname_verification", hostnameVerification);
        p.setProperty("fetch_size", Integer.toString(fetchSize));
        p.setProperty("http_connection_timeout", Long.toString(connectTimeoutSeconds * 1000L));
        sessionOptions.forEach(p::setProperty);
        return p;
    }

    private static void sort(String key, String value, Map<DriverProperty, String> known,
            Map<String, String> sessionOptions, String where) throws SQLException {
        Optional<DriverProperty> property = DriverProperty.byKey(key);
        if (property.isPresent()) {
            known.put(property.get(), value);
        } else if (DriverProperty.isSessionOption(key)) {
            sessionOptions.put(key, value);
        } else {
            throw new SQLException("Unknown property '" + key + "' " + where + "; known properties: "
                    + DriverProperty.knownKeys()
                    + ", and session options with a dot in their name (table.exec.mini-batch.enabled=true)",
                    "08001");
        }
    }

    private static ConnectionSettings from(RunnelUrl url, Map<DriverProperty, String> known,
            Map<String, String> sessionOptions) throws SQLException {
        Optional<String> user = Optional.ofNullable(known.get(DriverProperty.USER));
        String password = known.get(DriverProperty.PASSWORD);
        if (password != null && user.isEmpty()) {
            throw invalid("a password is given without a user");
        }
        boolean ssl = parseBoolean(DriverProperty.SSL, known);
        Optional<String> truststore = Optional.ofNullable(known.get(DriverProperty.TRUSTSTORE));
        for (DriverProperty tls : new DriverProperty[] {
                DriverProperty.TRUSTSTORE, DriverProperty.TRUSTSTORE_PASSWORD,
                DriverProperty.HOSTNAME_VERIFICATION}) {
            if (known.containsKey(tls) && !ssl) {
                throw invalid("'" + tls.key() + "' applies only with ssl=true");
            }
        }
        if (truststore.isPresent() && !new File(truststore.get()).canRead()) {
            throw invalid("cannot read the truststore file '" + truststore.get() + "'");
        }
        String verification = known.getOrDefault(DriverProperty.HOSTNAME_VERIFICATION,
                DriverProperty.HOSTNAME_VERIFICATION.defaultValue()).toUpperCase(Locale.ROOT);
        if (!verification.equals("STRICT") && !verification.equals("NONE")) {
            throw invalid("hostname_verification must be STRICT or NONE, not '"
                    + known.get(DriverProperty.HOSTNAME_VERIFICATION) + "'");
        }
        return new ConnectionSettings(url.host(), url.port(), ssl, user,
                password == null ? "" : password,
                truststore, known.getOrDefault(DriverProperty.TRUSTSTORE_PASSWORD, ""),
                verification,
                parsePositive(DriverProperty.FETCH_SIZE, known),
                parsePositive(DriverProperty.CONNECT_TIMEOUT, known),
                sessionOptions);
    }

    private static boolean parseBoolean(DriverProperty p, Map<DriverProperty, String> known)
            throws SQLException {
        String value = known.getOrDefault(p, p.defaultValue());
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw invalid(p.key() + " must be true or false, not '" + value + "'");
    }

    private static int parsePositive(DriverProperty p, Map<DriverProperty, String> known)
            throws SQLException {
        String value = known.getOrDefault(p, p.defaultValue());
        try {
            int n = Integer.parseInt(value.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid(p.key() + " must be a positive whole number, not '" + value + "'");
    }

    private static SQLException invalid(String reason) {
        return new SQLException("Invalid Runnel connection settings: " + reason, "08001");
    }
}
