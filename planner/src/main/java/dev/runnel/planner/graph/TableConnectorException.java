package dev.runnel.planner.graph;

import dev.runnel.runtime.config.ConfigException;

/** A table's connector cannot read or write it; names the table so the session can point at it. */
public final class TableConnectorException extends RuntimeException {
    private final String tableName;

    public TableConnectorException(String tableName, ConfigException cause) {
        super(cause.getMessage(), cause);
        this.tableName = tableName;
    }

    /** The table's name within {@code default_catalog.default_database}. */
    public String tableName() {
        return tableName;
    }
}
