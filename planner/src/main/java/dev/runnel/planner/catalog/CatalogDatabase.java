package dev.runnel.planner.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A database's description: what {@code CREATE DATABASE} said about it.
 *
 * @param comment the comment, or {@code null}
 * @param properties the {@code WITH} properties, in the order written
 */
public record CatalogDatabase(String comment, Map<String, String> properties) {
    public CatalogDatabase {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public static CatalogDatabase empty() {
        return new CatalogDatabase(null, Map.of());
    }
}
