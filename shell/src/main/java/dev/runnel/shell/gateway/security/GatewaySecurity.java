package dev.runnel.shell.gateway.security;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.UnrecoverableKeyException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.security.ConstraintMapping;
import org.eclipse.jetty.security.ConstraintSecurityHandler;
import org.eclipse.jetty.security.authentication.BasicAuthenticator;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.HandlerWrapper;
import org.eclipse.jetty.util.security.Constraint;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * The security of {@code runnel gateway}'s Avatica server: which address it binds, HTTP Basic
 * authentication of every request against {@link GatewayUsers}, HTTPS with the user's keystore,
 * and the authenticated user for the Meta ({@link #currentUser()}).
 *
 * <p>{@link #from} checks the settings before anything listens, and refuses:
 * a non-loopback {@code --bind} without {@code --auth} (unless
 * {@code --allow-unauthenticated-remote}); {@code --auth} with a missing, empty or malformed
 * user file; a keystore that cannot be read with its password. {@link #applyTo} then sets up
 * the server through Avatica's builder.
 *
 * <p>Avatica 1.27's builder has neither a host setting nor a way to give its Basic
 * authentication another {@code LoginService} (its {@code withBasicAuthentication} reads a
 * Jetty {@code HashLoginService} properties file of plain, MD5 or CRYPT passwords), and its
 * remote-user hook ({@code withImpersonation}) works with SPNEGO only. So this class leaves
 * Avatica's authentication off and adds one {@link ServerCustomizer} (Avatica runs it after it
 * made its connector and handlers, before the server starts) that sets the connector's host,
 * puts TLS in front of its HTTP, and wraps Avatica's handler in Jetty's
 * {@link ConstraintSecurityHandler} with a {@link BasicAuthenticator} over
 * {@link GatewayLoginService}, then a handler that binds the authenticated user to the request's
 * thread. The builder must therefore have no authentication, TLS or server customizers of
 * Avatica's own set; {@link #customizer()} is there to combine with other customizers.
 *
 * <p>The gateway's flags ({@link GatewaySecurityOptions}): {@code --bind HOST} (the gateway's),
 * {@code --auth}, {@code --users-file FILE}, {@code --allow-unauthenticated-remote},
 * {@code --ssl-keystore FILE}, {@code --ssl-keystore-password-file FILE},
 * {@code --ssl-keystore-type TYPE}.
 */
public final class GatewaySecurity {
    private static final ThreadLocal<String> CURRENT_USER = new ThreadLocal<>();

    private final GatewaySecuritySettings settings;
    private final Optional<GatewayLoginService> login;
    private final Optional<KeyStoreWithPassword> keyStore;
    private final List<String> warnings;

    private GatewaySecurity(GatewaySecuritySettings settings, Optional<GatewayLoginService> login,
                            Optional<KeyStoreWithPassword> keyStore, List<String> warnings) {
        this.settings = settings;
        this.login = login;
        this.keyStore = keyStore;
        this.warnings = Collections.unmodifiableList(warnings);
    }

    /**
     * Checks {@code settings} and reads what they name: the user file, the keystore and its
     * password file ({@code -} reads {@code stdin}).
     *
     * @throws GatewaySecurityException saying which option to change, or which file or line to fix
     */
    public static GatewaySecurity from(GatewaySecuritySettings settings, InputStream stdin) {
        List<String> warnings = new ArrayList<>();
        boolean loopback = isLoopback(settings.bind());
        if (!loopback && !settings.authenticate() && !settings.allowUnauthenticatedRemote()) {
            throw new GatewaySecurityException("--bind " + settings.bind() + " is not a loopback address: start the "
                    + "gateway with --auth, or --allow-unauthenticated-remote to serve it without authentication");
        }
        if (!loopback && !settings.authenticate()) {
            warnings.add("Serving " + settings.bind() + " without authentication (--allow-unauthenticated-remote): "
                    + "whoever reaches the port runs SQL");
        }
        Optional<GatewayLoginService> login = Optional.empty();
        if (settings.authenticate()) {
            Path file = settings.usersFile();
            GatewayUsers users = GatewayUsers.load(file);
            if (users.isEmpty()) {
                throw new GatewaySecurityException("--auth: the user file " + file + (Files.exists(file)
                        ? " holds no users" : " does not exist") + "; add one with: runnel gateway add-user NAME "
                        + "--password-file FILE" + (file.equals(GatewayUsers.defaultFile()) ? ""
                        : " --users-file " + file));
            }
            GatewayUsers.permissionProblem(file).ifPresent(warnings::add);
            if (!loopback && settings.tls().isEmpty()) {
                warnings.add("--auth on " + settings.bind() + " without --ssl-keystore: passwords cross the network "
                        + "in clear text");
            }
            login = Optional.of(new GatewayLoginService(users));
        }
        Optional<KeyStoreWithPassword> keyStore = settings.tls().map(tls -> readKeyStore(tls, stdin));
        return new GatewaySecurity(settings, login, keyStore, warnings);
    }

    /**
     * Sets up {@code builder} as {@code settings} say, reading a password file named {@code -}
     * from {@code stdin}: {@code from(settings, stdin).applyTo(builder)}. What the gateway calls.
     *
     * @return the security, for {@link #scheme()} and {@link #warnings()}
     * @throws GatewaySecurityException when the settings are refused (the message is for the user)
     */
    public static GatewaySecurity configure(HttpServer.Builder<?> builder, GatewaySecuritySettings settings,
                                            InputStream stdin) {
        GatewaySecurity security = from(settings, stdin);
        security.applyTo(builder);
        return security;
    }

    /**
     * Gives {@code builder} this security's {@link #customizer()} as its only server customizer
     * ({@code withServerCustomizers} replaces any set before).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void applyTo(HttpServer.Builder<?> builder) {
        // The builder's type parameter only types its customizers, which Avatica casts to Server's anyway.
        ((HttpServer.Builder) builder).withServerCustomizers(List.of(customizer()), Server.class);
    }

    /** The Jetty customization {@link #applyTo} installs: host, TLS, authentication, user scope. */
    public ServerCustomizer<Server> customizer() {
        return this::customize;
    }

    /**
     * The user whose request this thread serves, while Avatica's handler runs it (the
     * {@code Meta}'s methods run there): empty without {@code --auth}. Attribute a connection to
     * it in {@code openConnection}, and check it on the connection's later requests, whose
     * connection id alone proves nothing.
     */
    public static Optional<String> currentUser() {
        return Optional.ofNullable(CURRENT_USER.get());
    }

    /** {@code https} with a keystore, else {@code http}: for the gateway's URL. */
    public String scheme() {
        return keyStore.isPresent() ? "https" : "http";
    }

    /** Whether requests are authenticated. */
    public boolean authenticates() {
        return login.isPresent();
    }

    /** Things to tell the user at start-up ({@code [WARN] ...}): nothing refused, but worth fixing. */
    public List<String> warnings() {
        return warnings;
    }

    private void customize(Server server) {
        Connector[] connectors = server.getConnectors();
        if (connectors.length != 1 || !(connectors[0] instanceof ServerConnector connector)) {
            throw new IllegalStateException("Expected Avatica's one ServerConnector, found " + Arrays.toString(connectors)
                    + ": configure no authentication or TLS of Avatica's own on the builder");
        }
        connector.setHost(settings.bind());
        keyStore.ifPresent(store -> {
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setKeyStore(store.keyStore());
            ssl.setKeyStorePassword(store.password());
            ssl.setKeyManagerPassword(store.password());
            HttpConnectionFactory http = connector.getConnectionFactory(HttpConnectionFactory.class);
            connector.addFirstConnectionFactory(new SslConnectionFactory(ssl, http.getProtocol()));
        });
        login.ifPresent(service -> {
            Handler avatica = server.getHandler();
            if (avatica == null) {
                throw new IllegalStateException("Avatica set no handler: configure no authentication of its own");
            }
            Constraint constraint = new Constraint(Constraint.__BASIC_AUTH, GatewayLoginService.ROLE);
            constraint.setAuthenticate(true);
            ConstraintMapping everything = new ConstraintMapping();
            everything.setConstraint(constraint);
            everything.setPathSpec("/*");
            ConstraintSecurityHandler security = new ConstraintSecurityHandler();
            security.setAuthenticator(new BasicAuthenticator());
            security.setLoginService(service);
            security.setRealmName(service.getName());
            security.setConstraintMappings(List.of(everything));
            UserScope scope = new UserScope();
            scope.setHandler(avatica);
            security.setHandler(scope);
            server.setHandler(security);
        });
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new GatewaySecurityException("--bind " + host + ": unknown host");
        }
    }

    private static KeyStoreWithPassword readKeyStore(GatewaySecuritySettings.Tls tls, InputStream stdin) {
        char[] password = PasswordFile.read(tls.passwordFile(), stdin, "--ssl-keystore-password-file");
        KeyStore store;
        try {
            store = KeyStore.getInstance(tls.type());
        } catch (KeyStoreException e) {
            throw new GatewaySecurityException("--ssl-keystore-type " + tls.type() + ": unknown keystore type");
        }
        try (InputStream in = Files.newInputStream(tls.keystore())) {
            store.load(in, password);
        } catch (IOException | GeneralSecurityException e) {
            // a wrong password shows as an IOException caused by an UnrecoverableKeyException
            boolean wrongPassword = e.getCause() instanceof UnrecoverableKeyException;
            throw new GatewaySecurityException("Cannot read the keystore " + tls.keystore() + " (--ssl-keystore): "
                    + (wrongPassword ? "wrong password (--ssl-keystore-password-file)" : e.toString()));
        }
        try {
            boolean hasKey = false;
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    store.getKey(alias, password); // Jetty reads the key with the keystore's password
                    hasKey = true;
                }
            }
            if (!hasKey) {
                throw new GatewaySecurityException("The keystore " + tls.keystore() + " (--ssl-keystore) holds no key: "
                        + "HTTPS needs the gateway's private key and certificate");
            }
        } catch (UnrecoverableKeyException e) {
            throw new GatewaySecurityException("The key in " + tls.keystore() + " (--ssl-keystore) has a password other "
                    + "than the keystore's; the gateway reads it with the keystore's password");
        } catch (GeneralSecurityException e) {
            throw new GatewaySecurityException("Cannot read the keystore " + tls.keystore() + " (--ssl-keystore): " + e);
        }
        return new KeyStoreWithPassword(store, PasswordFile.asString(password));
    }

    private record KeyStoreWithPassword(KeyStore keyStore, String password) {
    }

    /** Binds the authenticated user to the thread while Avatica's handler serves the request. */
    private static final class UserScope extends HandlerWrapper {
        @Override
        public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
                throws IOException, ServletException {
            String previous = CURRENT_USER.get();
            CURRENT_USER.set(request.getRemoteUser());
            try {
                super.handle(target, baseRequest, request, response);
            } finally {
                if (previous == null) {
                    CURRENT_USER.remove();
                } else {
                    CURRENT_USER.set(previous);
                }
            }
        }
    }
}
