package dev.runnel.planner.catalog;

import java.util.function.UnaryOperator;

/**
 * Where the permanent objects of a catalog live (catalogs, databases, tables, permanent views and
 * catalog functions), as one {@link CatalogContents} value. A {@link Catalog} is one session's
 * view of a store; sessions that share a store see each other's permanent objects, while their
 * temporary objects and current catalog and database stay their own.
 *
 * <p>Implementations are thread-safe: several sessions may read and update one store at once.
 * {@link InMemoryCatalogStore} is the embedded shell's per-session default (as in Flink);
 * {@link DirectoryCatalogStore} is shared by the sessions of a gateway on an embedded cluster and
 * survives a restart; {@link ClusterCatalogStore} is the one a session cluster's JobManager keeps
 * for every shell and gateway attached to it.
 */
public interface CatalogStore {
    /** The latest contents: an immutable snapshot, consistent in itself. */
    CatalogContents contents();

    /**
     * Applies {@code change} to the latest contents, atomically with respect to every other
     * update of this store, and makes the result the latest contents (durably, for a persistent
     * store) before returning. A change that returns its argument changes nothing; a change
     * that throws leaves the store as it was, and the exception reaches the caller.
     *
     * @return whether the contents changed
     * @throws CatalogException from {@code change}, or when a persistent store cannot save the
     *     result (then nothing changed)
     */
    boolean update(UnaryOperator<CatalogContents> change);
}
