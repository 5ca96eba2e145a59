package dev.runnel.planner.functions;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The implementations of Flink's hash functions that {@link HashOperators} declares: the digest
 * of a string's UTF-8 bytes, or of binary data, as lower-case hexadecimal digits. NULL in, NULL
 * out. Thread-safe.
 */
public final class HashFunctions {
    private HashFunctions() {
    }

    public static String md5(String str) {
        return hash("MD5", str);
    }

    public static String md5(ByteString bytes) {
        return hash("MD5", bytes);
    }

    public static String sha1(String str) {
        return hash("SHA-1", str);
    }

    public static String sha1(ByteString bytes) {
        return hash("SHA-1", bytes);
    }

    public static String sha224(String str) {
        return hash("SHA-224", str);
    }

    public static String sha224(ByteString bytes) {
        return hash("SHA-224", bytes);
    }

    public static String sha256(String str) {
        return hash("SHA-256", str);
    }

    public static String sha256(ByteString bytes) {
        return hash("SHA-256", bytes);
    }

    public static String sha384(String str) {
        return hash("SHA-384", str);
    }

    public static String sha384(ByteString bytes) {
        return hash("SHA-384", bytes);
    }

    public static String sha512(String str) {
        return hash("SHA-512", str);
    }

    public static String sha512(ByteString bytes) {
        return hash("SHA-512", bytes);
    }

    /** {@code SHA2(str, bits)}: SHA-224, SHA-256, SHA-384 or SHA-512; other lengths are an error, as in Flink. */
    public static String sha2(String str, Long bits) {
        return str == null || bits == null ? null : hash("SHA-" + bits, str);
    }

    public static String sha2(ByteString bytes, Long bits) {
        return bytes == null || bits == null ? null : hash("SHA-" + bits, bytes);
    }

    private static String hash(String algorithm, String str) {
        return str == null ? null : digest(algorithm, str.getBytes(StandardCharsets.UTF_8));
    }

    private static String hash(String algorithm, ByteString bytes) {
        return bytes == null ? null : digest(algorithm, bytes.getBytes());
    }

    private static String digest(String algorithm, byte[] bytes) {
        try {
            return HexDigits.lowerCase(MessageDigest.getInstance(algorithm).digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalArgumentException("Unsupported algorithm: " + algorithm, e);
        }
    }
}
