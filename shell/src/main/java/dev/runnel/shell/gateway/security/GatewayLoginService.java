package dev.runnel.shell.gateway.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Principal;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.security.auth.Subject;
import javax.servlet.ServletRequest;
import org.eclipse.jetty.security.DefaultIdentityService;
import org.eclipse.jetty.security.IdentityService;
import org.eclipse.jetty.security.LoginService;
import org.eclipse.jetty.server.UserIdentity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jetty's view of {@link GatewayUsers}: checks the user name and password of HTTP Basic
 * authentication against the user file, which it reads again when it changes (so
 * {@code runnel gateway add-user} takes effect without a restart; a file that no longer parses
 * is logged and the users read before stay).
 *
 * <p>Avatica's client sends the password with every request, and a PBKDF2 check costs hundreds
 * of milliseconds by design: a password that passed is remembered, as an HMAC under a key of
 * this process, until it fails or the file changes, so that only a connection's first request
 * (and every guess) pays for the hash. Called by Jetty's request threads concurrently.
 */
final class GatewayLoginService implements LoginService {
    /** The role of every gateway user; the security constraint requires it. */
    static final String ROLE = "runnel-gateway-user";
    private static final Logger LOG = LoggerFactory.getLogger(GatewayLoginService.class);
    private static final String[] ROLES = {ROLE};

    private final Path file;
    private final Mac mac;
    private final Map<String, byte[]> verified = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot;
    private volatile IdentityService identityService = new DefaultIdentityService();

    GatewayLoginService(GatewayUsers users) {
        this.file = users.file();
        this.snapshot = new Snapshot(stamp(file), users);
        try {
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            this.mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK has no HmacSHA256", e);
        }
    }

    @Override
    public String getName() {
        return "Runnel gateway";
    }

    @Override
    public UserIdentity login(String username, Object credentials, ServletRequest request) {
        if (username == null || !(credentials instanceof String password)) {
            return null;
        }
        GatewayUsers users = users();
        byte[] fingerprint = fingerprint(password);
        byte[] known = verified.get(username);
        boolean valid;
        if (known != null && MessageDigest.isEqual(known, fingerprint)) {
            valid = true;
        } else {
            valid = users.verify(username, password.toCharArray());
            if (valid) {
                verified.put(username, fingerprint);
            } else {
                verified.remove(username);
            }
        }
        if (!valid) {
            LOG.info("Refused the gateway login of '{}' from {}: unknown user or wrong password", username,
                    request == null ? "?" : request.getRemoteAddr());
            return null;
        }
        Principal principal = new GatewayPrincipal(username);
        Subject subject = new Subject();
        subject.getPrincipals().add(principal);
        subject.setReadOnly();
        return identityService.newUserIdentity(subject, principal, ROLES);
    }

    @Override
    public boolean validate(UserIdentity user) {
        return users().names().contains(user.getUserPrincipal().getName());
    }

    @Override
    public IdentityService getIdentityService() {
        return identityService;
    }

    @Override
    public void setIdentityService(IdentityService service) {
        this.identityService = service;
    }

    @Override
    public void logout(UserIdentity user) {
        // nothing held per login
    }

    /* The users of the file as it is now: read again when its time or size changed. */
    private GatewayUsers users() {
        Snapshot current = snapshot;
        String stamp = stamp(file);
        if (stamp.equals(current.stamp())) {
            return current.users();
        }
        synchronized (this) {
            current = snapshot;
            if (!stamp.equals(current.stamp())) {
                try {
                    current = new Snapshot(stamp, GatewayUsers.load(file));
                    LOG.info("Read the gateway's user file {} again: {} users", file, current.users().names().size());
                } catch (GatewaySecurityException e) {
                    LOG.error("Keeping the gateway's users as they were: {}", e.getMessage());
                    current = new Snapshot(stamp, current.users());
                }
                verified.clear();
                snapshot = current;
            }
            return current.users();
        }
    }

    private byte[] fingerprint(String password) {
        try {
            Mac copy = (Mac) mac.clone();
            return copy.doFinal(password.getBytes(StandardCharsets.UTF_8));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("HmacSHA256 cannot be cloned", e);
        }
    }

    private static String stamp(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            FileTime modified = attributes.lastModifiedTime();
            return modified.toMillis() + "/" + attributes.size() + "/" + attributes.fileKey();
        } catch (NoSuchFileException e) {
            return "absent";
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        }
    }

    private record Snapshot(String stamp, GatewayUsers users) {
    }

    /** The authenticated gateway user, as Jetty's request knows it ({@code getRemoteUser()}). */
    private record GatewayPrincipal(String name) implements Principal {
        @Override
        public String getName() {
            return name;
        }
    }
}
