package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.runtime.types.RowType;
import dev.runnel.sql.parser.dml.SqlRichInsert;
import dev.runnel.sql.parser.dml.SqlStaticPartition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Flink's static partitions, {@code INSERT INTO t PARTITION (dt = '2024-01-01') SELECT ...}:
 * the query gives the table's other columns (those of the column list, else every column an
 * insert writes but the static ones, in table order) and each static column gets its literal. The
 * insert is rewritten before validation into a plain one whose column list names both, over
 * {@code SELECT *, CAST(literal AS type), ... FROM (query)}.
 */
final class StaticPartitions {
    private static final String SOURCE_ALIAS = "static_partition_source";

    private final Catalog catalog;
    private final ObjectResolver resolver;
    private final RelDataTypeFactory typeFactory;

    StaticPartitions(Catalog catalog, RelDataTypeFactory typeFactory) {
        this.catalog = catalog;
        this.resolver = new ObjectResolver(catalog);
        this.typeFactory = typeFactory;
    }

    /** The literal of a static partition value as text ({@code '2024-01-01'} as 2024-01-01, {@code 10} as 10). */
    static String text(SqlStaticPartition value) {
        Object v = value.value() instanceof SqlLiteral literal ? literal.toValue() : null;
        return v == null ? null : v.toString();
    }

    /**
     * {@code parsed} with its static partitions moved into the query, or {@code parsed} itself
     * if it has none.
     *
     * @throws SqlExecutionException when the table is not partitioned, or a static column is not a
     *     partition column, is given twice, or is also in the column list
     */
    SqlNode rewrite(SqlNode parsed) {
        if (!(parsed instanceof SqlRichInsert insert) || insert.staticPartitions().isEmpty()) {
            return parsed;
        }
        SqlIdentifier name = (SqlIdentifier) insert.getTargetTable();
        ObjectIdentifier id = resolver.object(name);
        CatalogTable table = catalog.table(id).orElse(null);
        if (table == null) {
            // an unknown table or a view: validation reports it, with suggestions
            return new SqlRichInsert(insert.getParserPosition(), SqlNodeList.EMPTY, name, insert.getSource(),
                    insert.getTargetColumnList(), insert.isOverwrite());
        }
        if (table.partitionKeys().isEmpty()) {
            throw ObjectResolver.error("Table " + id + " is not partitioned, so it takes no PARTITION clause",
                    insert.staticPartitions().getParserPosition());
        }
        Map<String, SqlStaticPartition> statics = new LinkedHashMap<>();
        for (SqlNode node : insert.staticPartitions()) {
            SqlStaticPartition value = (SqlStaticPartition) node;
            String column = value.column().getSimple();
            if (!table.partitionKeys().contains(column)) {
                throw ObjectResolver.error("Static partition column '" + column + "' is not a partition column of "
                        + "table " + id + "; its partition columns are " + table.partitionKeys(),
                        value.column().getParserPosition());
            }
            if (statics.put(column, value) != null) {
                throw ObjectResolver.error("Duplicate static partition column '" + column + "'",
                        value.column().getParserPosition());
            }
        }
        SqlParserPos pos = insert.getParserPosition();
        List<SqlNode> columns = new ArrayList<>();
        if (insert.getTargetColumnList() != null) {
            for (SqlNode column : insert.getTargetColumnList()) {
                String columnName = ((SqlIdentifier) column).getSimple();
                if (statics.containsKey(columnName)) {
                    throw ObjectResolver.error("Column '" + columnName + "' has a static value in the PARTITION "
                            + "clause and cannot also be in the column list", column.getParserPosition());
                }
                columns.add(column);
            }
        } else {
            for (TableColumn column : table.columns()) {
                if (column.persisted() && !statics.containsKey(column.name())) {
                    columns.add(new SqlIdentifier(column.name(), pos));
                }
            }
        }
        List<SqlNode> selectList = new ArrayList<>();
        selectList.add(SqlIdentifier.star(pos));
        RowType schema = table.schema();
        for (SqlStaticPartition value : statics.values()) {
            String column = value.column().getSimple();
            columns.add(new SqlIdentifier(column, value.column().getParserPosition()));
            var type = TypeConversions.toRelDataType(schema.type(schema.indexOf(column)), typeFactory);
            selectList.add(SqlStdOperatorTable.AS.createCall(value.getParserPosition(),
                    SqlStdOperatorTable.CAST.createCall(value.getParserPosition(), value.value(),
                            SqlTypeUtil.convertTypeToSpec(type)), new SqlIdentifier(column, pos)));
        }
        SqlNode from = SqlStdOperatorTable.AS.createCall(insert.getSource().getParserPosition(), insert.getSource(),
                new SqlIdentifier(SOURCE_ALIAS, pos));
        SqlSelect select = new SqlSelect(insert.getSource().getParserPosition(), null,
                new SqlNodeList(selectList, pos), from, null, null, null, null, null, null, null, null, null);
        return new SqlRichInsert(pos, SqlNodeList.EMPTY, name, select, new SqlNodeList(columns, pos),
                insert.isOverwrite());
    }
}
