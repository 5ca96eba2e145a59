package dev.runnel.runtime.security;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A key (with its certificate) and the certificates to trust, read from the keystore and
 * truststore files that configuration names, with the TLS protocol to speak. A file that is
 * missing, unreadable or has another password is a {@link ConfigException} naming the key.
 *
 * @param keys     this side's key and certificate
 * @param trust    whom to trust
 * @param protocol {@code TLSv1.2} or {@code TLSv1.3}
 */
public record KeyMaterial(KeyManagerFactory keys, TrustManagerFactory trust, String protocol) {
    private static final Set<String> PROTOCOLS = Set.of("TLSv1.2", "TLSv1.3");

    /** The keys of one of {@code security.ssl.internal.*} or {@code security.ssl.rest.*}. */
    record Keys(ConfigOption<String> keystore, ConfigOption<String> keystorePassword, ConfigOption<String> keyPassword,
                ConfigOption<String> keystoreType, ConfigOption<String> truststore,
                ConfigOption<String> truststorePassword, ConfigOption<String> truststoreType) {
    }

    static final Keys INTERNAL = new Keys(SslOptions.INTERNAL_KEYSTORE, SslOptions.INTERNAL_KEYSTORE_PASSWORD,
            SslOptions.INTERNAL_KEY_PASSWORD, SslOptions.INTERNAL_KEYSTORE_TYPE, SslOptions.INTERNAL_TRUSTSTORE,
            SslOptions.INTERNAL_TRUSTSTORE_PASSWORD, SslOptions.INTERNAL_TRUSTSTORE_TYPE);
    static final Keys REST = new Keys(SslOptions.REST_KEYSTORE, SslOptions.REST_KEYSTORE_PASSWORD,
            SslOptions.REST_KEY_PASSWORD, SslOptions.REST_KEYSTORE_TYPE, SslOptions.REST_TRUSTSTORE,
            SslOptions.REST_TRUSTSTORE_PASSWORD, SslOptions.REST_TRUSTSTORE_TYPE);

    /**
     * Reads the stores {@code keys} name.
     *
     * @param trustRequired whether the truststore must be given (else the JVM's default trust)
     * @throws ConfigException naming the key of the file or password that is wrong
     */
    static KeyMaterial read(Configuration configuration, Keys keys, boolean trustRequired) {
        String protocol = configuration.get(SslOptions.PROTOCOL);
        if (!PROTOCOLS.contains(protocol)) {
            throw ConfigException.invalidValue(SslOptions.PROTOCOL.key(), "Unknown TLS protocol '" + protocol + "' ("
                    + SslOptions.PROTOCOL.key() + "): use TLSv1.2 or TLSv1.3");
        }
        try {
            char[] storePassword = password(configuration, keys.keystorePassword());
            String keyPassword = configuration.get(keys.keyPassword());
            KeyStore keyStore = load(configuration, keys.keystore(), storePassword, keys.keystoreType());
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            try {
                kmf.init(keyStore, keyPassword == null ? storePassword : keyPassword.toCharArray());
            } catch (GeneralSecurityException e) {
                throw ConfigException.invalidValue(keys.keyPassword().key(), "Cannot read the key in "
                        + configuration.get(keys.keystore()) + " (" + keys.keyPassword().key() + "): " + e.getMessage());
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            if (configuration.get(keys.truststore()) == null && !trustRequired) {
                tmf.init((KeyStore) null);
            } else {
                tmf.init(load(configuration, keys.truststore(), password(configuration, keys.truststorePassword()),
                        keys.truststoreType()));
            }
            return new KeyMaterial(kmf, tmf, protocol);
        } catch (GeneralSecurityException e) {
            throw ConfigException.invalidValue(keys.keystore().key(), "Cannot set up TLS from " + keys.keystore().key()
                    + ": " + e.getMessage());
        }
    }

    private static char[] password(Configuration configuration, ConfigOption<String> key) {
        String password = configuration.get(key);
        if (password == null) {
            throw ConfigException.invalidValue(key.key(), key.key() + " is not set");
        }
        return password.toCharArray();
    }

    private static KeyStore load(Configuration configuration, ConfigOption<String> file, char[] password,
                                 ConfigOption<String> type) {
        String path = configuration.get(file);
        if (path == null || path.isBlank()) {
            throw ConfigException.invalidValue(file.key(), file.key() + " is not set: TLS needs a file");
        }
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            KeyStore store = KeyStore.getInstance(configuration.get(type));
            store.load(in, password);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            // a wrong password shows as an IOException whose cause is an UnrecoverableKeyException
            String why = e.getCause() != null && e.getMessage() != null && e.getMessage().contains("password")
                    ? "wrong password" : e.getMessage();
            throw ConfigException.invalidValue(file.key(), "Cannot read " + path + " (" + file.key() + "): " + why);
        }
    }

    /** A JDK {@link SSLContext} over these keys, for a server of the JDK's (the REST endpoint). */
    public SSLContext sslContext() {
        try {
            SSLContext context = SSLContext.getInstance(protocol);
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot set up " + protocol + ": " + e.getMessage(), e);
        }
    }
}
