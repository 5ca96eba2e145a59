package dev.runnel.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.DriverVersion;

/**
 * The Runnel JDBC driver: {@code jdbc:runnel://host[:port][/][?key=value&...]}, a thin client of
 * the Runnel gateway ({@code runnel gateway}), which speaks Avatica's protocol over HTTP with
 * PROTOBUF serialization.
 *
 * <p>Properties, in the URL's query or in the {@code Properties} given to {@link #connect} (these
 * win; see {@link ConnectionSettings}):
 * <ul>
 *   <li>{@code user}, {@code password}: HTTP Basic authentication, as
 *       {@code DriverManager.getConnection(url, user, password)} passes them;</li>
 *   <li>{@code ssl=true}: HTTPS, with {@code truststore}, {@code truststore_password} and
 *       {@code hostname_verification} ({@code STRICT} or {@code NONE});</li>
 *   <li>{@code fetch_size} (rows per round trip, 100) and {@code connect_timeout} (seconds, 10);</li>
 *   <li>any key with a dot, such as {@code table.exec.mini-batch.enabled=true}: a session option,
 *       sent to the gateway with the user in the OpenConnection request's properties; the
 *       gateway applies each as a {@code SET} when it opens the session.</li>
 * </ul>
 * Any other key is refused with an {@link SQLException} that lists the known ones.
 *
 * <p>{@link #connect} makes a round trip to the gateway before it returns, so a gateway that is
 * not there, a wrong password and a refused session fail there, each with an {@link SQLException}
 * naming the gateway and the reason.
 *
 * <p>Registered through {@code META-INF/services/java.sql.Driver}. In the shaded jar, where
 * Avatica's classes are relocated, the relocated Avatica remote driver that registers itself
 * in its static initializer is deregistered again, so that a tool sees one driver only.
 */
public class RunnelDriver extends org.apache.calcite.avatica.remote.Driver {

    static final String VERSION_RESOURCE = "dev/runnel/jdbc/runnel-jdbc-driver.properties";

    static {
        new RunnelDriver().register();
        deregisterRelocatedAvaticaDriver();
    }

    public RunnelDriver() {
        super();
    }

    @Override
    protected String getConnectStringPrefix() {
        return RunnelUrl.PREFIX;
    }

    @Override
    protected String getFactoryClassName(JdbcVersion jdbcVersion) {
        // Avatica's JDBC 4.1 objects, with cancel and the query timeout reaching the gateway
        return org.apache.calcite.avatica.RunnelJdbcFactory.class.getName();
    }

    @Override
    protected DriverVersion createDriverVersion() {
        return DriverVersion.load(RunnelDriver.class, VERSION_RESOURCE,
                "Runnel JDBC Driver", "unknown version", "Runnel", "unknown version");
    }

    @Override
    public boolean acceptsURL(String url) throws SQLException {
        return RunnelUrl.accepts(url);
    }

    /**
     * Opens a connection to the gateway, or returns {@code null} for a URL of another driver.
     *
     * @throws SQLException for a malformed URL, an unknown property, a gateway that cannot be
     *     reached (08001), refused credentials (28000) or a session the gateway refuses
     */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionSettings settings = ConnectionSettings.of(url, info);
        try {
            // Avatica's remote driver sends the OpenConnection request here, so this fails for a
            // gateway that is not there or refuses the credentials.
            Connection connection = super.connect(RunnelUrl.PREFIX, settings.toAvaticaProperties());
            if (connection instanceof org.apache.calcite.avatica.AvaticaConnection avatica) {
                flinkIdentifiers(avatica);
            }
            return connection;
        } catch (RuntimeException e) {
            throw GatewayErrors.onConnect(e, settings);
        }
    }

    /*
     * What DatabaseMetaData says about identifiers, which tools follow when they quote names or
     * look tables up: Flink's SQL quotes with backticks and keeps the case of every name (Avatica's
     * default is SQL's: double quotes, unquoted names upper-cased, so sqlline's "!columns people"
     * would look for PEOPLE).
     */
    private static void flinkIdentifiers(org.apache.calcite.avatica.AvaticaConnection connection) {
        connection.properties.put(org.apache.calcite.avatica.InternalProperty.CASE_SENSITIVE, true);
        connection.properties.put(org.apache.calcite.avatica.InternalProperty.QUOTING,
                org.apache.calcite.avatica.util.Quoting.BACK_TICK);
        connection.properties.put(org.apache.calcite.avatica.InternalProperty.QUOTED_CASING,
                org.apache.calcite.avatica.util.Casing.UNCHANGED);
        connection.properties.put(org.apache.calcite.avatica.InternalProperty.UNQUOTED_CASING,
                org.apache.calcite.avatica.util.Casing.UNCHANGED);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        Properties given = new Properties();
        if (url != null && acceptsURL(url)) {
            RunnelUrl.parse(url).properties().forEach(given::setProperty);
        }
        if (info != null) {
            info.stringPropertyNames().forEach(k -> given.setProperty(k, info.getProperty(k)));
        }
        List<DriverPropertyInfo> list = new ArrayList<>();
        for (DriverProperty p : DriverProperty.values()) {
            DriverPropertyInfo pi = new DriverPropertyInfo(p.key(),
                    given.getProperty(p.key(), p.defaultValue()));
            pi.description = p.description();
            pi.choices = p.choices();
            list.add(pi);
        }
        return list.toArray(new DriverPropertyInfo[0]);
    }

    /**
     * Avatica's remote driver registers itself when its class initializes, which ours causes.
     * Unshaded, that driver is Avatica's own and others in the JVM may use it; relocated into
     * our package it is ours alone, and a second driver there only confuses tools.
     */
    private static void deregisterRelocatedAvaticaDriver() {
        Class<?> avatica = org.apache.calcite.avatica.remote.Driver.class;
        if (!avatica.getName().startsWith(RunnelDriver.class.getPackageName() + ".")) {
            return;
        }
        for (Driver d : Collections.list(DriverManager.getDrivers())) {
            if (d.getClass() == avatica) {
                try {
                    DriverManager.deregisterDriver(d);
                } catch (SQLException | SecurityException e) {
                    // harmless: the relocated driver only accepts jdbc:avatica:remote: URLs
                }
            }
        }
    }
}
