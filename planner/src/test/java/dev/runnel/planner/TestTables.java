package dev.runnel.planner;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.Map;

/** Catalog tables shared by planner tests. */
public final class TestTables {
    private TestTables() {
    }

    /** {@code orders(id BIGINT NOT NULL, customer STRING, amount DOUBLE, price DECIMAL(10, 2), ts TIMESTAMP(3))} on datagen. */
    public static CatalogTable orders() {
        return new CatalogTable("orders", RowType.of(
                new RowType.Field("id", DataType.of(TypeRoot.BIGINT).notNull()),
                new RowType.Field("customer", DataType.of(TypeRoot.VARCHAR)),
                new RowType.Field("amount", DataType.of(TypeRoot.DOUBLE)),
                new RowType.Field("price", DataType.decimal(10, 2)),
                new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3))),
                Map.of("connector", "datagen"), null);
    }

    /** {@code big_orders(id BIGINT, amount DECIMAL(12, 2))} on the filesystem. */
    public static CatalogTable bigOrders() {
        return new CatalogTable("big_orders", RowType.of(
                new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
                new RowType.Field("amount", DataType.decimal(12, 2))),
                Map.of("connector", "filesystem", "path", "/tmp/out", "format", "json"), null);
    }

    public static Catalog catalog() {
        Catalog catalog = new Catalog();
        catalog.createTable(orders(), false);
        catalog.createTable(bigOrders(), false);
        return catalog;
    }
}
