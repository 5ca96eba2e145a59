package dev.runnel.planner.catalog;

import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The metadata columns of a table as its connector reads and writes them, for any connector, as
 * Flink lays them out: a source produces the physical columns followed by the metadata it is
 * asked for, each key once, in the order of the connector's
 * {@link ConnectorFactory#readableMetadata()}; a sink receives the physical columns followed by
 * the values of its non-{@code VIRTUAL} metadata columns, in the order of
 * {@link ConnectorFactory#writableMetadata()}. The planner puts a projection over the scan that
 * casts each key's value to its column's declared type and puts the columns in declared order, and
 * one under the sink that does the reverse.
 */
public final class MetadataColumns {
    /** Numeric types in the order in which Flink widens them implicitly. */
    private static final List<TypeRoot> NUMERIC = List.of(TypeRoot.TINYINT, TypeRoot.SMALLINT, TypeRoot.INTEGER,
            TypeRoot.BIGINT, TypeRoot.DECIMAL, TypeRoot.FLOAT, TypeRoot.DOUBLE);
    private static final Set<TypeRoot> STRINGS = EnumSet.of(TypeRoot.CHAR, TypeRoot.VARCHAR);
    private static final Set<TypeRoot> BINARIES = EnumSet.of(TypeRoot.BINARY, TypeRoot.VARBINARY);
    private static final Set<TypeRoot> TIMESTAMPS = EnumSet.of(TypeRoot.TIMESTAMP, TypeRoot.TIMESTAMP_LTZ);

    private MetadataColumns() {
    }

    /**
     * The factory of the table's connector, found by its {@code connector} option alone: the
     * table's options were validated when it was created, and a query reports wrong ones when its
     * scan or sink is translated.
     */
    public static ConnectorFactory factory(CatalogTable table) {
        ConnectorFactory factory = ConnectorFactories.all().get(table.options().get(ConnectorFactories.CONNECTOR));
        if (factory == null) {
            throw new IllegalStateException("Table " + table.qualifiedName() + " has metadata columns but no"
                    + " known connector");
        }
        return factory;
    }

    /** Whether the table has metadata columns. */
    public static boolean any(CatalogTable table) {
        return table.columns().stream().anyMatch(c -> c instanceof TableColumn.Metadata);
    }

    /** The keys a source of {@code table} reads after the physical columns: each key of a metadata column once. */
    public static List<String> readKeys(CatalogTable table) {
        if (!any(table)) {
            return List.of();
        }
        List<String> keys = new ArrayList<>();
        for (String key : factory(table).readableMetadata().keySet()) {
            if (table.columns().stream().anyMatch(c -> c instanceof TableColumn.Metadata m && m.key().equals(key))) {
                keys.add(key);
            }
        }
        return keys;
    }

    /**
     * The non-{@code VIRTUAL} metadata columns that an {@code INSERT} writes, by key, in the order
     * in which the sink receives them after the physical columns. A key the connector cannot write
     * is left out: {@link #unwritable} names such columns, which planning an {@code INSERT} refuses.
     */
    public static Map<String, TableColumn.Metadata> writtenColumns(CatalogTable table) {
        Map<String, TableColumn.Metadata> written = new LinkedHashMap<>();
        if (!any(table)) {
            return written;
        }
        for (String key : factory(table).writableMetadata().keySet()) {
            for (TableColumn c : table.columns()) {
                if (c instanceof TableColumn.Metadata m && !m.isVirtual() && m.key().equals(key)) {
                    written.putIfAbsent(key, m);
                }
            }
        }
        return written;
    }

    /** The non-{@code VIRTUAL} metadata columns whose key the connector cannot write. */
    public static List<TableColumn.Metadata> unwritable(CatalogTable table) {
        if (!any(table)) {
            return List.of();
        }
        Map<String, DataType> writable = factory(table).writableMetadata();
        List<TableColumn.Metadata> columns = new ArrayList<>();
        for (TableColumn c : table.columns()) {
            if (c instanceof TableColumn.Metadata m && !m.isVirtual() && !writable.containsKey(m.key())) {
                columns.add(m);
            }
        }
        return columns;
    }

    /** What the connector's source of {@code table} is told: the keys of {@link #readKeys}. */
    public static TableContext sourceContext(CatalogTable table) {
        return table.toContext().withMetadataKeys(readKeys(table));
    }

    /** What the connector's sink of {@code table} is told: the keys of {@link #writtenColumns}. */
    public static TableContext sinkContext(CatalogTable table) {
        return table.toContext().withMetadataKeys(List.copyOf(writtenColumns(table).keySet()));
    }

    /**
     * Whether values of {@code from} may stand for {@code to} without loss, as Flink casts
     * implicitly: the same type, a wider number, a string into a string, bytes into bytes,
     * TIMESTAMP and TIMESTAMP_LTZ into each other, a map or array whose parts may; never a
     * nullable type into a NOT NULL one.
     */
    public static boolean implicitlyCastable(DataType from, DataType to) {
        if (from.nullable() && !to.nullable()) {
            return false;
        }
        if (from.withNullable(true).equals(to.withNullable(true))) {
            return true;
        }
        TypeRoot a = from.root();
        TypeRoot b = to.root();
        if (NUMERIC.contains(a) && NUMERIC.contains(b)) {
            return NUMERIC.indexOf(a) <= NUMERIC.indexOf(b);
        }
        if (STRINGS.contains(a) && STRINGS.contains(b) || BINARIES.contains(a) && BINARIES.contains(b)
                || TIMESTAMPS.contains(a) && TIMESTAMPS.contains(b)) {
            return true;
        }
        if (a == b && a.isCollection()) {
            for (int i = 0; i < from.fields().size(); i++) {
                if (!implicitlyCastable(from.fields().get(i).type(), to.fields().get(i).type())) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
