package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The catalog a session cluster keeps for every session attached to it (the shell's, the JDBC
 * gateway's): its permanent tables, views and functions, as bytes the planner writes and reads
 * (the JobManager does not look inside), and the version those bytes are, for a compare-and-set
 * ({@link ClusterClient#writeCatalog}).
 *
 * @param version  the SHA-256 of {@code contents} in hex, or {@link #NEVER_WRITTEN}: the same
 *                 contents have the same version under every leader
 * @param contents the catalog, empty when it was never written
 */
public record CatalogDocument(String version, byte[] contents) implements Serializable {
    /** The version of a catalog that was never written. */
    public static final String NEVER_WRITTEN = "";

    /** The document holding {@code contents} (none: never written). */
    public static CatalogDocument of(byte[] contents) {
        return new CatalogDocument(versionOf(contents), contents.clone());
    }

    /** The version of {@code contents}. */
    public static String versionOf(byte[] contents) {
        if (contents.length == 0) {
            return NEVER_WRITTEN;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(contents));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }

    @Override
    public byte[] contents() {
        return contents.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CatalogDocument d && d.version.equals(version) && Arrays.equals(d.contents, contents);
    }

    @Override
    public int hashCode() {
        return version.hashCode();
    }

    @Override
    public String toString() {
        return "CatalogDocument[version=" + (version.isEmpty() ? "never written" : version) + ", "
                + contents.length + " bytes]";
    }
}
