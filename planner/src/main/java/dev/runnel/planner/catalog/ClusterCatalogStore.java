package dev.runnel.planner.catalog;

import dev.runnel.runtime.cluster.CatalogDocument;
import dev.runnel.runtime.cluster.ClusterClient;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A {@link CatalogStore} that a session cluster's JobManager keeps ({@link ClusterClient#readCatalog}),
 * so that every session attached to the cluster (the shell's, each JDBC gateway connection's)
 * shares one set of permanent tables, views and functions, which survives a restart of the
 * JobManager and, with high availability, a change of leader.
 *
 * <p>Reads ask the JobManager for the current document (parsed again only when its version
 * changed); an update reads, applies the change and writes back with a compare-and-set on the
 * version read, and on a conflict (another session changed the catalog in between) applies the
 * change again to the newer contents, so that no session's change overwrites another's.
 * Thread-safe.
 */
public final class ClusterCatalogStore implements CatalogStore {
    /** How often an update is tried against catalogs that others keep changing before it gives up. */
    private static final int MAX_ATTEMPTS = 20;

    private final ClusterClient cluster;
    private volatile Parsed last;

    private record Parsed(String version, CatalogContents contents) {
    }

    private ClusterCatalogStore(ClusterClient cluster) {
        this.cluster = cluster;
    }

    /** The catalog {@code cluster} keeps for its sessions, if it keeps one. */
    public static Optional<ClusterCatalogStore> of(ClusterClient cluster) {
        return cluster.readCatalog().map(document -> {
            ClusterCatalogStore store = new ClusterCatalogStore(cluster);
            store.parse(document);
            return store;
        });
    }

    @Override
    public CatalogContents contents() {
        return parse(read()).contents();
    }

    @Override
    public boolean update(UnaryOperator<CatalogContents> change) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Parsed current = parse(read());
            CatalogContents next = change.apply(current.contents());
            if (next == current.contents()) {
                return false;
            }
            byte[] bytes = CatalogContentsJson.write(next).getBytes(StandardCharsets.UTF_8);
            boolean written;
            try {
                written = cluster.writeCatalog(current.version(), bytes);
            } catch (RuntimeException e) {
                throw new CatalogException("Could not save the catalog on the cluster, so nothing changed: "
                        + e.getMessage());
            }
            if (written) {
                last = new Parsed(CatalogDocument.versionOf(bytes), next);
                return true;
            }
        }
        throw new CatalogException("Could not save the catalog on the cluster: other sessions changed it "
                + MAX_ATTEMPTS + " times while this change was made; nothing changed");
    }

    private CatalogDocument read() {
        try {
            return cluster.readCatalog().orElseThrow(() -> new CatalogException(
                    "The cluster no longer keeps a catalog for its sessions"));
        } catch (CatalogException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CatalogException("Cannot read the catalog of the cluster: " + e.getMessage());
        }
    }

    private Parsed parse(CatalogDocument document) {
        Parsed known = last;
        if (known != null && known.version().equals(document.version())) {
            return known;
        }
        CatalogContents contents;
        if (document.version().equals(CatalogDocument.NEVER_WRITTEN)) {
            contents = CatalogContents.initial();
        } else {
            try {
                contents = CatalogContentsJson.read(new String(document.contents(), StandardCharsets.UTF_8));
            } catch (CatalogContentsJson.FormatException e) {
                throw new CatalogException("The cluster's catalog is not a valid Runnel catalog: " + e.getMessage());
            }
        }
        Parsed parsed = new Parsed(document.version(), contents);
        last = parsed;
        return parsed;
    }
}
