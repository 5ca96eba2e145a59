package dev.runnel.runtime.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed key and certificate for 127.0.0.1 and localhost, in a PKCS #12 keystore, and a
 * truststore that holds the certificate: made with the JDK's {@code keytool}, as a user would.
 *
 * @param keystore   the key and its certificate
 * @param truststore the certificate alone
 */
public record TestCertificates(Path keystore, Path truststore) {
    public static final String KEYSTORE_PASSWORD = "key-store-pw";
    public static final String TRUSTSTORE_PASSWORD = "trust-store-pw";

    /** Makes them in {@code dir}, under names that start with {@code name}. */
    public static TestCertificates create(Path dir, String name) {
        Path keystore = dir.resolve(name + "-keystore.p12");
        Path certificate = dir.resolve(name + ".crt");
        Path truststore = dir.resolve(name + "-truststore.p12");
        keytool("-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=" + name, "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "pkcs12",
                "-keystore", keystore.toString(), "-storepass", KEYSTORE_PASSWORD, "-keypass", KEYSTORE_PASSWORD);
        keytool("-exportcert", "-alias", name, "-keystore", keystore.toString(), "-storepass", KEYSTORE_PASSWORD,
                "-file", certificate.toString());
        keytool("-importcert", "-noprompt", "-alias", name, "-file", certificate.toString(), "-storetype", "pkcs12",
                "-keystore", truststore.toString(), "-storepass", TRUSTSTORE_PASSWORD);
        return new TestCertificates(keystore, truststore);
    }

    /** The {@code security.ssl.internal.*} settings that use them. */
    public Map<String, String> internalSettings() {
        Map<String, String> settings = new HashMap<>();
        settings.put(SslOptions.INTERNAL_ENABLED.key(), "true");
        settings.put(SslOptions.INTERNAL_KEYSTORE.key(), keystore.toString());
        settings.put(SslOptions.INTERNAL_KEYSTORE_PASSWORD.key(), KEYSTORE_PASSWORD);
        settings.put(SslOptions.INTERNAL_TRUSTSTORE.key(), truststore.toString());
        settings.put(SslOptions.INTERNAL_TRUSTSTORE_PASSWORD.key(), TRUSTSTORE_PASSWORD);
        return settings;
    }

    /** The {@code security.ssl.rest.*} settings that use them. */
    public Map<String, String> restSettings() {
        Map<String, String> settings = new HashMap<>();
        settings.put(SslOptions.REST_ENABLED.key(), "true");
        settings.put(SslOptions.REST_KEYSTORE.key(), keystore.toString());
        settings.put(SslOptions.REST_KEYSTORE_PASSWORD.key(), KEYSTORE_PASSWORD);
        settings.put(SslOptions.REST_TRUSTSTORE.key(), truststore.toString());
        settings.put(SslOptions.REST_TRUSTSTORE_PASSWORD.key(), TRUSTSTORE_PASSWORD);
        return settings;
    }

    /** A JDK client context that trusts the certificate (and presents no key of its own). */
    public SSLContext trustingClient() {
        try (InputStream in = Files.newInputStream(truststore)) {
            KeyStore store = KeyStore.getInstance("pkcs12");
            store.load(in, TRUSTSTORE_PASSWORD.toCharArray());
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot read " + truststore + ": " + e.getMessage(), e);
        }
    }

    private static void keytool(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException("keytool " + String.join(" ", args) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run keytool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
