package dev.runnel.shell.gateway;

import dev.runnel.shell.Main;
import dev.runnel.shell.gateway.security.GatewaySecurityException;
import dev.runnel.shell.gateway.security.GatewayUsers;
import dev.runnel.shell.gateway.security.PasswordFile;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code runnel gateway}: the JDBC gateway (Avatica's HTTP server over a SQL session), and the
 * management of its users for {@code --auth}: {@code add-user} and {@code remove-user}, which
 * edit the user file ({@link GatewayUsers}) whether or not a gateway runs; a running gateway
 * reads the file again when it changes.
 */
@Command(name = "gateway", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {GatewayCommand.AddUser.class, GatewayCommand.RemoveUser.class},
        description = "The JDBC gateway; its users for --auth are managed with add-user and remove-user.")
public final class GatewayCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    private Main main;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The line printed once the gateway takes connections; tests and scripts wait for it. */
    public static final String READY = "JDBC gateway is up: ";

    @Option(names = "--port", paramLabel = "PORT",
            description = "The port the JDBC driver connects to (default: 8765; 0: any free port).")
    private int port = GatewayOptions.DEFAULT_PORT;

    @Option(names = "--bind", paramLabel = "HOST",
            description = "The address to listen on (default: 127.0.0.1). A wider one needs --auth.")
    private String bind = "127.0.0.1";

    @CommandLine.Mixin
    private dev.runnel.shell.gateway.security.GatewaySecurityOptions securityOptions =
            new dev.runnel.shell.gateway.security.GatewaySecurityOptions();

    @Option(names = "--jobmanager", paramLabel = "HOST:PORT",
            description = "Run the sessions' jobs on this session cluster's JobManager (its RPC port) instead of "
                    + "an embedded cluster.")
    private String jobManager;

    @Option(names = "--init", paramLabel = "FILE",
            description = "Statements every new session runs first, as the shell's -i.")
    private Path initFile;

    @Option(names = {"-D", "--set"}, paramLabel = "KEY=VALUE",
            description = "A setting (repeatable): the cluster's, a session default, or the gateway's "
                    + "(sql-gateway.session.idle-timeout, sql-gateway.catalog.dir); over $RUNNEL_CONF_DIR/config.yaml.")
    private java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GatewayLauncher gateway;
        dev.runnel.shell.gateway.security.GatewaySecurity security;
        try {
            security = dev.runnel.shell.gateway.security.GatewaySecurity.from(securityOptions.settings(bind),
                    standardInput());
            java.util.Map<String, String> preset = new java.util.LinkedHashMap<>(
                    dev.runnel.shell.cli.ConfigFile.fromEnvironment());
            preset.putAll(settings);
            dev.runnel.runtime.config.Configuration configuration = new dev.runnel.runtime.config.Configuration(preset);
            // the security's customizer binds, authenticates and serves TLS: Avatica's builder takes one list of them
            gateway = GatewayLauncher.start(configuration, jobManager, bind, port, initFile, builder -> { },
                    java.util.List.of(security.customizer()));
        } catch (dev.runnel.shell.gateway.security.GatewaySecurityException e) {
            err.println("[ERROR] " + e.getMessage());
            err.flush();
            return 1;
        } catch (RuntimeException e) {
            if (e instanceof CommandLine.ParameterException p) {
                throw p;
            }
            err.println("[ERROR] Cannot start the gateway: " + (e.getMessage() != null ? e.getMessage() : e));
            err.flush();
            return 1;
        }
        java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            gateway.close();
            stopped.countDown();
        }, "runnel-gateway-shutdown"));
        for (String warning : security.warnings()) {
            err.println("[WARN] " + warning);
        }
        err.flush();
        out.println(READY + gateway.server().jdbcUrl() + (security.scheme().equals("https") ? "?ssl=true" : "")
                + (security.authenticates() ? " (HTTP Basic authentication)" : "") + ", pid " + ProcessHandle.current().pid()
                + (jobManager != null ? ", jobs on the JobManager at " + jobManager
                : gateway.cluster() instanceof dev.runnel.runtime.rpc.RemoteClusterClient remote
                ? ", jobs on the leading JobManager (now " + remote.leaderAddress() + ")" : ", embedded cluster"));
        out.flush();
        stopped.await();
        return 0;
    }

    InputStream standardInput() {
        return main != null ? main.standardInput() : System.in;
    }

    /** {@code runnel gateway add-user NAME --password-file FILE}: adds a user or sets their password. */
    @Command(name = "add-user", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Adds the user NAME to the gateway's user file, or sets their password.",
                    "The password is read from a file (its first line), never from the command line."})
    static final class AddUser implements Callable<Integer> {
        @CommandLine.ParentCommand
        private GatewayCommand gateway;

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "NAME", description = "The user name (letters, digits, '.', '_', '@', '-').")
        private String name;

        @Option(names = "--password-file", paramLabel = "FILE", required = true,
                description = "The file whose first line is the password; '-' reads standard input.")
        private String passwordFile;

        @Option(names = "--users-file", paramLabel = "FILE",
                description = "The user file to edit (default: $RUNNEL_HOME/conf/gateway-users).")
        private Path usersFile;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            Path file = usersFile != null ? usersFile : GatewayUsers.defaultFile();
            char[] password = null;
            try {
                password = PasswordFile.read(passwordFile, gateway.standardInput(), "--password-file");
                GatewayUsers users = GatewayUsers.load(file);
                boolean replaced = users.names().contains(name);
                users.with(name, password).save();
                spec.commandLine().getOut().println((replaced ? "Set the password of gateway user " : "Added gateway user ")
                        + name + " in " + file);
                spec.commandLine().getOut().flush();
                return 0;
            } catch (GatewaySecurityException e) {
                err.println("[ERROR] " + e.getMessage());
                err.flush();
                return 1;
            } finally {
                if (password != null) {
                    Arrays.fill(password, '\0');
                }
            }
        }
    }

    /** {@code runnel gateway remove-user NAME}: removes a user from the user file. */
    @Command(name = "remove-user", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Removes the user NAME from the gateway's user file.")
    static final class RemoveUser implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "NAME", description = "The user name.")
        private String name;

        @Option(names = "--users-file", paramLabel = "FILE",
                description = "The user file to edit (default: $RUNNEL_HOME/conf/gateway-users).")
        private Path usersFile;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            Path file = usersFile != null ? usersFile : GatewayUsers.defaultFile();
            try {
                GatewayUsers users = GatewayUsers.load(file);
                if (!users.names().contains(name)) {
                    err.println("[ERROR] " + file + " has no gateway user " + name);
                    err.flush();
                    return 1;
                }
                users.without(name).save();
                spec.commandLine().getOut().println("Removed gateway user " + name + " from " + file);
                spec.commandLine().getOut().flush();
                return 0;
            } catch (GatewaySecurityException e) {
                err.println("[ERROR] " + e.getMessage());
                err.flush();
                return 1;
            }
        }
    }
}
