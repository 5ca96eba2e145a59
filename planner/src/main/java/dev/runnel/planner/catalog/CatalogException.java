package dev.runnel.planner.catalog;

/** A catalog operation failed: a table exists already, or does not exist. */
public class CatalogException extends RuntimeException {
    public CatalogException(String message) {
        super(message);
    }
}
