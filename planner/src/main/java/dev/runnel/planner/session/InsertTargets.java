package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.MetadataColumns;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.sql.parser.dml.SqlRichInsert;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The metadata columns an {@code INSERT} writes, as in Flink: every metadata column that is not
 * {@code VIRTUAL}, whose key the connector must be able to write, and none of the virtual ones.
 * An insert without column list into a table with virtual metadata columns is given the list of
 * the columns it writes (physical and non-virtual metadata, in declared order) before
 * validation, so that the query gives exactly those; a column list may not name a virtual one.
 * Runs after {@link StaticPartitions}, whose rewritten inserts have a column list.
 */
final class InsertTargets {
    private final Catalog catalog;
    private final ObjectResolver resolver;

    InsertTargets(Catalog catalog) {
        this.catalog = catalog;
        this.resolver = new ObjectResolver(catalog);
    }

    /**
     * {@code parsed} with the column list its metadata columns call for, or {@code parsed} itself.
     *
     * @throws SqlExecutionException when the table has a non-virtual metadata column that its
     *     connector cannot write (or not with the column's type), or the column list names a
     *     virtual one
     */
    SqlNode rewrite(SqlNode parsed) {
        if (!(parsed instanceof SqlInsert insert) || !(insert.getTargetTable() instanceof SqlIdentifier name)) {
            return parsed;
        }
        CatalogTable table = catalog.table(resolver.object(name)).orElse(null);
        if (table == null || !MetadataColumns.any(table)) {
            return parsed; // an unknown table or a view: validation reports it
        }
        checkWritable(table, name.getParserPosition());
        Set<String> virtual = table.columns().stream()
                .filter(c -> c instanceof TableColumn.Metadata m && m.isVirtual())
                .map(TableColumn::name).collect(Collectors.toSet());
        if (virtual.isEmpty()) {
            return parsed;
        }
        if (insert.getTargetColumnList() != null) {
            for (SqlNode node : insert.getTargetColumnList()) {
                SqlIdentifier column = (SqlIdentifier) node;
                if (virtual.contains(column.getSimple())) {
                    throw ObjectResolver.error("Column '" + column.getSimple() + "' of table " + table.qualifiedName()
                            + " is a VIRTUAL metadata column: it is only read, and an INSERT cannot write it",
                            column.getParserPosition());
                }
            }
            return parsed;
        }
        SqlParserPos pos = insert.getParserPosition();
        List<SqlNode> columns = new ArrayList<>();
        for (TableColumn column : table.columns()) {
            if (column.persisted()) {
                columns.add(new SqlIdentifier(column.name(), pos));
            }
        }
        SqlNodeList columnList = new SqlNodeList(columns, pos);
        // INSERT OVERWRITE and PARTITION make a rich insert, a plain INSERT INTO Calcite's
        return insert instanceof SqlRichInsert rich
                ? new SqlRichInsert(pos, SqlNodeList.EMPTY, name, rich.getSource(), columnList, rich.isOverwrite(),
                        rich.staticPartitions())
                : new SqlInsert(pos, (SqlNodeList) insert.getOperandList().get(0), name, insert.getSource(), columnList);
    }

    /** Flink's check of a sink's metadata columns, when an INSERT into the table is planned. */
    private static void checkWritable(CatalogTable table, SqlParserPos pos) {
        ConnectorFactory factory = MetadataColumns.factory(table);
        Map<String, DataType> writable = factory.writableMetadata();
        List<TableColumn.Metadata> unwritable = MetadataColumns.unwritable(table);
        if (!unwritable.isEmpty()) {
            TableColumn.Metadata column = unwritable.get(0);
            throw ObjectResolver.error("Invalid metadata key '" + column.key() + "' in column '" + column.name()
                    + "' of table " + table.qualifiedName() + ": connector '" + factory.identifier()
                    + "' cannot write it, and an INSERT writes every metadata column that is not VIRTUAL."
                    + " Declare the column VIRTUAL to only read it. "
                    + (writable.isEmpty() ? "The connector writes no metadata"
                    : "Keys the connector writes: " + String.join(", ", writable.keySet())), pos);
        }
        for (Map.Entry<String, TableColumn.Metadata> e : MetadataColumns.writtenColumns(table).entrySet()) {
            DataType expected = writable.get(e.getKey());
            TableColumn.Metadata column = e.getValue();
            if (!MetadataColumns.implicitlyCastable(column.type(), expected)) {
                throw ObjectResolver.error("Metadata column '" + column.name() + "' of table " + table.qualifiedName()
                        + " is declared as " + column.type() + ", which cannot be written as metadata key '"
                        + e.getKey() + "' of type " + expected + "; declare it as " + expected
                        + " or VIRTUAL", pos);
            }
        }
    }
}
