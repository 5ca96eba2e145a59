package dev.runnel.planner.session;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.PrimaryKey;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.WatermarkSpec;
import dev.runnel.runtime.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code DESCRIBE t} and {@code SHOW CREATE TABLE t} show of a catalog table, laid out as
 * Flink shows it.
 */
final class TableDescriptions {
    private TableDescriptions() {
    }

    /**
     * One row per column: name, type (the rowtime column's ends in {@code *ROWTIME*}), null,
     * key ({@code PRI(a, b)} on key columns), extras ({@code AS expr} for computed columns,
     * {@code METADATA [FROM 'k'] [VIRTUAL]} for metadata ones) and watermark (the expression,
     * on the rowtime column). Flink leaves key, extras and watermark blank, not NULL.
     */
    static List<Row> describeRows(CatalogTable table) {
        PrimaryKey key = table.primaryKey();
        WatermarkSpec watermark = table.watermark();
        List<Row> rows = new ArrayList<>();
        for (TableColumn column : table.columns()) {
            boolean rowtime = watermark != null && watermark.rowtimeColumn().equals(column.name());
            String type = column.type().withNullable(true) + (rowtime ? " *ROWTIME*" : "");
            String keyText = key != null && key.columns().contains(column.name())
                    ? "PRI(" + String.join(", ", key.columns()) + ")" : "";
            rows.add(Row.of(column.name(), type, column.type().nullable(), keyText, extras(column),
                    rowtime ? watermark.expression() : ""));
        }
        return rows;
    }

    private static String extras(TableColumn column) {
        if (column instanceof TableColumn.Computed c) {
            return "AS " + c.expression();
        }
        return column instanceof TableColumn.Metadata m ? metadata(m) : "";
    }

    private static String metadata(TableColumn.Metadata m) {
        return "METADATA" + (m.metadataKey() == null ? "" : " FROM '" + quote(m.metadataKey()) + "'")
                + (m.isVirtual() ? " VIRTUAL" : "");
    }

    /**
     * The statement that creates {@code table} as it is now: qualified, backtick-quoted names,
     * one column per line, then the watermark and the key, the comment, the partition keys and
     * the options sorted by key, each on its own line.
     */
    static String showCreateTable(CatalogTable table, boolean temporary) {
        List<String> elements = new ArrayList<>();
        for (TableColumn column : table.columns()) {
            StringBuilder sb = new StringBuilder("  ").append(identifier(column.name())).append(' ');
            if (column instanceof TableColumn.Computed c) {
                sb.append("AS ").append(c.expression());
            } else if (column instanceof TableColumn.Metadata m) {
                sb.append(m.type().toDdlString()).append(' ').append(metadata(m));
            } else {
                sb.append(column.type().toDdlString());
            }
            if (column.comment() != null) {
                sb.append(" COMMENT '").append(quote(column.comment())).append('\'');
            }
            elements.add(sb.toString());
        }
        if (table.watermark() != null) {
            elements.add("  WATERMARK FOR " + identifier(table.watermark().rowtimeColumn()) + " AS "
                    + table.watermark().expression());
        }
        if (table.primaryKey() != null) {
            elements.add("  CONSTRAINT " + identifier(table.primaryKey().name()) + " PRIMARY KEY ("
                    + String.join(", ", table.primaryKey().columns().stream().map(TableDescriptions::identifier).toList())
                    + ") NOT ENFORCED");
        }
        StringBuilder sb = new StringBuilder(temporary ? "CREATE TEMPORARY TABLE " : "CREATE TABLE ")
                .append(identifier(table.catalogName())).append('.')
                .append(identifier(table.databaseName())).append('.')
                .append(identifier(table.name())).append(" (\n")
                .append(String.join(",\n", elements)).append("\n)");
        if (table.comment() != null) {
            sb.append("\nCOMMENT '").append(quote(table.comment())).append('\'');
        }
        if (!table.partitionKeys().isEmpty()) {
            sb.append("\nPARTITIONED BY (")
                    .append(String.join(", ", table.partitionKeys().stream().map(TableDescriptions::identifier).toList()))
                    .append(')');
        }
        List<String> options = new ArrayList<>();
        for (Map.Entry<String, String> option : table.options().entrySet()) {
            options.add("  '" + quote(option.getKey()) + "' = '" + quote(option.getValue()) + "'");
        }
        sb.append("\nWITH (\n").append(String.join(",\n", options)).append("\n)");
        return sb.toString();
    }

    private static String identifier(String name) {
        return '`' + name.replace("`", "``") + '`';
    }

    private static String quote(String text) {
        return text.replace("'", "''");
    }
}
