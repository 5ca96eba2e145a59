package dev.runnel.shell.gateway.security;

import dev.runnel.shell.cli.RunnelHome;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The users of {@code runnel gateway --auth}: a file, by default
 * {@code $RUNNEL_HOME/conf/gateway-users} ({@link #defaultFile()}), of one line per user,
 * <pre>NAME:pbkdf2-sha256:ITERATIONS:SALT:HASH</pre>
 * where HASH is PBKDF2WithHmacSHA256 of the password with the random 16-byte SALT (both base64)
 * and ITERATIONS rounds: stored per line, so that {@link #DEFAULT_ITERATIONS} can be raised for
 * new passwords without invalidating old ones. Blank lines and lines starting with {@code #}
 * are ignored. {@code runnel gateway add-user} writes it; {@link #save()} replaces it
 * atomically, readable by its owner only (mode 600) where the file system has POSIX permissions.
 *
 * <p>Values are immutable: {@link #with} and {@link #without} return new ones. Safe for use by
 * many threads.
 */
public final class GatewayUsers {
    /** The file name under {@code $RUNNEL_HOME/conf}. */
    public static final String FILE_NAME = "gateway-users";
    /** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; a few hundred ms per check on a small machine. */
    public static final int DEFAULT_ITERATIONS = 600_000;
    static final String SCHEME = "pbkdf2-sha256";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@-]{1,128}");
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;
    private final Map<String, Hash> users;
    /** What an unknown user's password is checked against, so that the check takes as long. */
    private final Hash dummy;

    private GatewayUsers(Path file, Map<String, Hash> users) {
        this.file = file;
        this.users = Collections.unmodifiableMap(users);
        int iterations = users.values().stream().findFirst().map(Hash::iterations).orElse(DEFAULT_ITERATIONS);
        this.dummy = new Hash(iterations, random(SALT_BYTES), random(HASH_BYTES));
    }

    /** {@code $RUNNEL_HOME/conf/gateway-users}. */
    public static Path defaultFile() {
        return RunnelHome.path().resolve("conf").resolve(FILE_NAME);
    }

    /**
     * The users of {@code file}: none when it does not exist.
     *
     * @throws GatewaySecurityException naming the file and line of a malformed line, or when it cannot be read
     */
    public static GatewayUsers load(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new GatewayUsers(file, new LinkedHashMap<>());
        } catch (IOException e) {
            throw new GatewaySecurityException("Cannot read the gateway's user file " + file + ": " + e);
        }
        Map<String, Hash> users = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": ";
            String[] fields = line.split(":", -1);
            if (fields.length != 5) {
                throw new GatewaySecurityException(where + "expected NAME:" + SCHEME
                        + ":ITERATIONS:SALT:HASH, found " + fields.length + " fields");
            }
            if (!NAME.matcher(fields[0]).matches()) {
                throw new GatewaySecurityException(where + "'" + fields[0] + "' is not a user name " + nameRule());
            }
            if (!fields[1].equals(SCHEME)) {
                throw new GatewaySecurityException(where + "unknown password scheme '" + fields[1] + "' (Runnel writes "
                        + SCHEME + ")");
            }
            int iterations;
            byte[] salt;
            byte[] hash;
            try {
                iterations = Integer.parseInt(fields[2]);
                salt = Base64.getDecoder().decode(fields[3]);
                hash = Base64.getDecoder().decode(fields[4]);
            } catch (IllegalArgumentException e) {
                throw new GatewaySecurityException(where + "ITERATIONS must be a number and SALT and HASH base64 ("
                        + e.getMessage() + ")");
            }
            if (iterations < 1 || salt.length == 0 || hash.length == 0) {
                throw new GatewaySecurityException(where + "ITERATIONS, SALT and HASH must not be zero or empty");
            }
            if (users.put(fields[0], new Hash(iterations, salt, hash)) != null) {
                throw new GatewaySecurityException(where + "user '" + fields[0] + "' appears twice");
            }
        }
        return new GatewayUsers(file, users);
    }

    /** The file these users were read from and {@link #save()} writes. */
    public Path file() {
        return file;
    }

    /** The user names, in file order. */
    public Set<String> names() {
        return users.keySet();
    }

    public boolean isEmpty() {
        return users.isEmpty();
    }

    /**
     * Whether {@code password} is {@code user}'s. It takes as long for a user that does not
     * exist (the password is hashed against a dummy) and compares in constant time.
     */
    public boolean verify(String user, char[] password) {
        Hash stored = user == null ? null : users.get(user);
        Hash against = stored != null ? stored : dummy;
        // no password is empty (with() refuses one), but it is hashed all the same
        char[] input = password.length == 0 ? new char[] {'\0'} : password;
        boolean matches = MessageDigest.isEqual(pbkdf2(input, against.salt(), against.iterations(),
                against.hash().length), against.hash());
        return stored != null && matches && password.length > 0;
    }

    /** These users with {@code user}'s password set (added or replaced), at {@link #DEFAULT_ITERATIONS}. */
    public GatewayUsers with(String user, char[] password) {
        return with(user, password, DEFAULT_ITERATIONS);
    }

    /**
     * These users with {@code user}'s password set, hashed with {@code iterations} rounds.
     *
     * @throws GatewaySecurityException when the name is not one a user file takes
     */
    public GatewayUsers with(String user, char[] password, int iterations) {
        if (!NAME.matcher(user).matches()) {
            throw new GatewaySecurityException("'" + user + "' is not a user name " + nameRule());
        }
        if (password.length == 0) {
            throw new GatewaySecurityException("A gateway user's password must not be empty");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be positive, was " + iterations);
        }
        byte[] salt = random(SALT_BYTES);
        Map<String, Hash> next = new LinkedHashMap<>(users);
        next.put(user, new Hash(iterations, salt, pbkdf2(password, salt, iterations, HASH_BYTES)));
        return new GatewayUsers(file, next);
    }

    /** These users without {@code user} (the same if there is none of that name). */
    public GatewayUsers without(String user) {
        Map<String, Hash> next = new LinkedHashMap<>(users);
        next.remove(user);
        return new GatewayUsers(file, next);
    }

    /**
     * Replaces {@link #file()} with these users: written to a temporary file in the same
     * directory (created if need be) with mode 600, then moved over it atomically, so a gateway
     * reading it sees the old or the new file, never half of one.
     *
     * @throws GatewaySecurityException when it cannot be written
     */
    public void save() {
        StringBuilder text = new StringBuilder("# Users of runnel gateway --auth, written by runnel gateway add-user.\n"
                + "# NAME:" + SCHEME + ":ITERATIONS:SALT:HASH (PBKDF2WithHmacSHA256, base64)\n");
        users.forEach((name, hash) -> text.append(name).append(':').append(SCHEME).append(':')
                .append(hash.iterations()).append(':').append(Base64.getEncoder().encodeToString(hash.salt()))
                .append(':').append(Base64.getEncoder().encodeToString(hash.hash())).append('\n'));
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Path temporary = null;
        try {
            Files.createDirectories(dir);
            temporary = Files.createTempFile(dir, "." + target.getFileName() + "-", ".tmp", ownerOnly());
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new GatewaySecurityException("Cannot write the gateway's user file " + target + ": " + e);
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // nothing more to do: the error above, if any, says what went wrong
                }
            }
        }
    }

    /**
     * Why {@code file} is not private to its owner, if it is not: a user file that others can
     * read gives them the hashes to guess passwords against at leisure.
     */
    public static Optional<String> permissionProblem(Path file) {
        if (!Files.exists(file) || !supportsPosix()) {
            return Optional.empty();
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            permissions.retainAll(Set.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                    PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE));
            return permissions.isEmpty() ? Optional.empty() : Optional.of("The gateway's user file " + file
                    + " can be read or written by other users: chmod 600 " + file);
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        return supportsPosix() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------"))} : new FileAttribute<?>[0];
    }

    private static boolean supportsPosix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    private static String nameRule() {
        return "(1 to 128 letters, digits, '.', '_', '@' and '-')";
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK has no PBKDF2WithHmacSHA256", e);
        } finally {
            spec.clearPassword();
        }
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return value;
    }

    /** One user's stored password: PBKDF2 with {@code iterations} rounds over {@code salt}. */
    private record Hash(int iterations, byte[] salt, byte[] hash) {
    }
}
