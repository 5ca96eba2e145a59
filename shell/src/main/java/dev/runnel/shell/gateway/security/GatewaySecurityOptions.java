package dev.runnel.shell.gateway.security;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The security flags of {@code runnel gateway}, as a picocli mixin
 * ({@code @CommandLine.Mixin GatewaySecurityOptions security;}); the gateway keeps {@code --bind}
 * and {@code --port} itself and passes the address to {@link #settings(String)}. Passwords are
 * never flags: a keystore's password is read from a file, as are users' ({@code add-user}).
 *
 * <p>Flink's SQL Gateway configures its REST endpoint with {@code sql-gateway.endpoint.rest.*}
 * ({@code .bind-address}, {@code .port}) and HTTPS with {@code security.ssl.rest.*}; Runnel's
 * Avatica endpoint has its own flags, because it has what Flink's does not (users, a force flag).
 */
public final class GatewaySecurityOptions {
    @Option(names = "--auth",
            description = "Authenticate every connection with HTTP Basic against the user file (JDBC: "
                    + "authentication=BASIC;avatica_user=NAME;avatica_password=...); add users with "
                    + "runnel gateway add-user.")
    boolean authenticate;

    @Option(names = "--users-file", paramLabel = "FILE",
            description = "The user file of --auth (default: $RUNNEL_HOME/conf/gateway-users).")
    Path usersFile;

    @Option(names = "--allow-unauthenticated-remote",
            description = "Serve a non-loopback --bind address without --auth: anyone who reaches the port runs SQL.")
    boolean allowUnauthenticatedRemote;

    @Option(names = "--ssl-keystore", paramLabel = "FILE",
            description = "Serve HTTPS with the key and certificate of this keystore (JDBC: url=https://...).")
    Path keystore;

    @Option(names = "--ssl-keystore-password-file", paramLabel = "FILE",
            description = "The file whose first line is the keystore's password (and its key's); '-' reads standard input.")
    String keystorePasswordFile;

    @Option(names = "--ssl-keystore-type", paramLabel = "TYPE",
            description = "The keystore's type (default: pkcs12).")
    String keystoreType = "pkcs12";

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    /**
     * The settings these flags and {@code bind} make.
     *
     * @throws CommandLine.ParameterException when the keystore flags do not go together
     */
    public GatewaySecuritySettings settings(String bind) {
        if (keystore == null && keystorePasswordFile != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--ssl-keystore-password-file needs --ssl-keystore");
        }
        if (keystore != null && keystorePasswordFile == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ssl-keystore needs "
                    + "--ssl-keystore-password-file FILE (a file holding the keystore's password; never the password)");
        }
        Optional<GatewaySecuritySettings.Tls> tls = keystore == null ? Optional.empty()
                : Optional.of(new GatewaySecuritySettings.Tls(keystore, keystorePasswordFile, keystoreType));
        return new GatewaySecuritySettings(bind, authenticate, allowUnauthenticatedRemote,
                usersFile != null ? usersFile : GatewayUsers.defaultFile(), tls);
    }
}
