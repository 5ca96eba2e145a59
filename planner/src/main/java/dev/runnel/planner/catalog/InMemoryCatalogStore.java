package dev.runnel.planner.catalog;

import java.util.function.UnaryOperator;

/**
 * A {@link CatalogStore} in memory, gone with the JVM: by default each session has its own, as
 * Flink's {@code GenericInMemoryCatalog}. Thread-safe.
 */
public final class InMemoryCatalogStore implements CatalogStore {
    private volatile CatalogContents contents;

    /** A store holding {@link CatalogContents#initial()}. */
    public InMemoryCatalogStore() {
        this(CatalogContents.initial());
    }

    public InMemoryCatalogStore(CatalogContents contents) {
        this.contents = contents;
    }

    @Override
    public CatalogContents contents() {
        return contents;
    }

    @Override
    public synchronized boolean update(UnaryOperator<CatalogContents> change) {
        CatalogContents current = contents;
        CatalogContents next = change.apply(current);
        if (next == current) {
            return false;
        }
        contents = next;
        return true;
    }
}
