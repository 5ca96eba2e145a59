package dev.runnel.planner.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code CREATE CATALOG} said about a catalog, as {@code DESCRIBE CATALOG} shows it.
 *
 * @param type the catalog's type ({@code generic_in_memory}, the only one Runnel has)
 * @param comment the comment, or {@code null}
 * @param options the {@code WITH} options besides {@code type}, in the order written
 * @param defaultDatabase the database {@code USE CATALOG} makes current
 */
public record CatalogDescription(String type, String comment, Map<String, String> options, String defaultDatabase) {
    public static final String GENERIC_IN_MEMORY = "generic_in_memory";

    public CatalogDescription {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }
}
