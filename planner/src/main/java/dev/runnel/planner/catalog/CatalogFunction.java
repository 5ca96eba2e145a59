package dev.runnel.planner.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A catalog function ({@code CREATE FUNCTION} without TEMPORARY) as a {@link CatalogStore} keeps
 * it: where it lives and how to load it. Each session loads the class itself when a statement
 * first calls it.
 *
 * @param identifier where the function lives; its name is normalized to lower case (function
 *     names are case-insensitive)
 * @param className the class's binary name
 * @param jars the USING JAR URIs, empty when the class is on the class path
 */
public record CatalogFunction(ObjectIdentifier identifier, String className, List<String> jars) {
    public CatalogFunction {
        Objects.requireNonNull(identifier, "identifier");
        Objects.requireNonNull(className, "className");
        identifier = new ObjectIdentifier(identifier.catalog(), identifier.database(),
                identifier.name().toLowerCase(Locale.ROOT));
        jars = List.copyOf(jars);
    }
}
