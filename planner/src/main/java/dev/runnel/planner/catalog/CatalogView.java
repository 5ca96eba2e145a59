package dev.runnel.planner.catalog;

import dev.runnel.runtime.types.RowType;
import java.util.Objects;

/**
 * A view: a validated query kept as SQL text, with the row type it had when it was created.
 * Queries that read the view expand the text in place ({@link CatalogSchema.ViewAdapter}).
 *
 * @param identifier where the view lives
 * @param schema the view's columns (named as the view's column list says, if it had one)
 * @param expandedQuery the validated query with every name fully qualified, so that it means
 *     the same whatever the current database is when it is expanded
 * @param originalQuery the query as the user wrote it (normalized by the parser), for display
 * @param comment the comment, or {@code null}
 * @param temporary whether the view lives in the session only ({@code CREATE TEMPORARY VIEW})
 */
public record CatalogView(ObjectIdentifier identifier, RowType schema, String expandedQuery, String originalQuery,
        String comment, boolean temporary) {
    public CatalogView {
        Objects.requireNonNull(identifier, "identifier");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(expandedQuery, "expandedQuery");
    }

    public CatalogView withIdentifier(ObjectIdentifier newIdentifier) {
        return new CatalogView(newIdentifier, schema, expandedQuery, originalQuery, comment, temporary);
    }
}
