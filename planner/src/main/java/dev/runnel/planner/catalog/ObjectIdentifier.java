package dev.runnel.planner.catalog;

import java.util.List;
import java.util.Objects;

/**
 * The full name of a table or view: catalog, database and object name (case-sensitive).
 *
 * @param catalog the catalog's name
 * @param database the database's name within the catalog
 * @param name the object's name within the database
 */
public record ObjectIdentifier(String catalog, String database, String name) {
    public ObjectIdentifier {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(name, "name");
    }

    /** {@code catalog.database.name}, as Flink prints identifiers in messages and job names. */
    @Override
    public String toString() {
        return catalog + "." + database + "." + name;
    }

    /** The three parts, for Calcite's table lookup. */
    public List<String> toList() {
        return List.of(catalog, database, name);
    }

    /** {@code `catalog`.`database`.`name`}, as {@code SHOW CREATE} writes it. */
    public String quoted() {
        return quote(catalog) + "." + quote(database) + "." + quote(name);
    }

    /** {@code name} in backticks, a backtick inside doubled. */
    public static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
