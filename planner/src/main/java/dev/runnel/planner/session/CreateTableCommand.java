package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.catalog.CatalogException;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.ClusterCatalogStore;
import dev.runnel.planner.catalog.MetadataColumns;
import dev.runnel.planner.catalog.PrimaryKey;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.catalog.WatermarkSpec;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.sql.parser.RunnelSqlParser;
import dev.runnel.sql.parser.ddl.SqlCreateTable;
import dev.runnel.sql.parser.ddl.SqlPrimaryKey;
import dev.runnel.sql.parser.ddl.SqlTableColumn;
import dev.runnel.sql.parser.ddl.SqlTableOption;
import dev.runnel.sql.parser.ddl.SqlWatermark;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * {@code CREATE TABLE} in Flink's full form: turns the statement (and, with {@code LIKE}, the
 * source table through {@link TableLikeMerger}) into a validated {@link CatalogTable}.
 * Nothing is registered until every check passed, so a failing statement changes nothing.
 * {@code CREATE TABLE ... AS query} is {@link CreateTableAsCommand}'s. Not thread-safe.
 */
final class CreateTableCommand {
    private final Catalog catalog;
    private final QueryPlanner planner;
    private final Function<SqlIdentifier, ObjectIdentifier> resolver;

    /** @param resolver resolves a table name against the current catalog and database */
    CreateTableCommand(Catalog catalog, QueryPlanner planner, Function<SqlIdentifier, ObjectIdentifier> resolver) {
        this.catalog = catalog;
        this.planner = planner;
        this.resolver = resolver;
    }

    /** Creates the table of a plain {@code CREATE TABLE} (with or without {@code LIKE}). */
    StatementResult execute(SqlCreateTable create) {
        CatalogTable table = toCatalogTable(create, List.of());
        return register(create, table);
    }

    /** Registers a validated table; "already exists" points at the table's name. */
    StatementResult register(SqlCreateTable create, CatalogTable table) {
        try {
            boolean created = create.temporary() ? catalog.createTemporaryTable(table, create.ifNotExists())
                    : catalog.createTable(table, create.ifNotExists());
            return new StatementResult.Message(created ? "Table has been created." : "Table already exists.");
        } catch (CatalogException e) {
            String hint = !create.temporary() && catalog.store() instanceof ClusterCatalogStore
                    && e.getMessage().endsWith(" already exists")
                    ? " in the cluster's catalog, which every attached session shares and which outlives them;"
                    + " use CREATE TABLE IF NOT EXISTS, or CREATE TEMPORARY TABLE for a table of this session alone"
                    : "";
            throw error(e.getMessage() + hint, create.name().getParserPosition());
        }
    }

    /**
     * The table that {@code create} describes, checked against its connector.
     *
     * @param derived columns that come before the declared ones (a CTAS query's columns)
     */
    CatalogTable toCatalogTable(SqlCreateTable create, List<TableColumn> derived) {
        ObjectIdentifier id = resolver.apply(create.name());
        String name = id.name();
        TableDraft draft = new TableDraft();
        for (TableColumn column : derived) {
            draft.columns.add(ColumnDraft.resolved(column, create.name().getParserPosition()));
        }
        List<ColumnDraft> declared = declaredColumns(create);
        Map<String, SqlTableOption> declaredOptions = new LinkedHashMap<>();
        for (SqlTableOption option : create.tableOptions()) {
            declaredOptions.put(option.key(), option);
        }
        if (create.like() != null) {
            CatalogTable source = lookupLikeSource(create.like().source());
            new TableLikeMerger(create, source).merge(draft, declared, declaredOptions);
        } else {
            mergeDerived(draft, declared);
            declaredOptions.forEach((k, v) -> draft.options.put(k, v.value()));
            draft.primaryKey = single(create.primaryKeys(), "Duplicate primary key definition");
            draft.watermark = single(create.watermarks(), "Multiple watermark definitions are not supported");
            if (!create.partitionKeyList().isEmpty()) {
                draft.partitionKeys = create.partitionKeyList();
            }
        }
        if (draft.columns.isEmpty()) {
            throw error("Table '" + name + "' has no columns: declare them, or use LIKE or AS query",
                    create.name().getParserPosition());
        }
        List<TableColumn> columns = resolveComputedColumns(draft.columns);
        columns = applyPrimaryKey(columns, draft);
        WatermarkSpec watermark = validateWatermark(columns, draft);
        List<String> partitionKeys = validatePartitionKeys(columns, draft);
        CatalogTable table = CatalogTable.of(name, columns, draft.options, create.comment(), watermark,
                draft.primaryKey == null ? draft.inheritedPrimaryKey : primaryKey(draft.primaryKey), partitionKeys)
                .withIdentifier(id);
        ConnectorFactory factory = validateConnector(create, table);
        try {
            return withResolvedOptions(factory, table);
        } catch (ConfigException e) {
            throw error(e.getMessage(), optionPosition(create, e));
        }
    }

    /**
     * {@code table} with the option values its connector keeps (a relative {@code path} made
     * absolute, see {@link ConnectorFactory#resolveOptions}), in the order they were written.
     */
    static CatalogTable withResolvedOptions(ConnectorFactory factory, CatalogTable table) {
        Map<String, String> resolved = factory.resolveOptions(table.toContext());
        Map<String, String> options = new LinkedHashMap<>(table.options());
        options.replaceAll((key, value) -> resolved.getOrDefault(key, value));
        return table.withOptions(options);
    }

    /** Columns of a CTAS query come first; a declared column of the same name overrides its type. */
    private static void mergeDerived(TableDraft draft, List<ColumnDraft> declared) {
        for (ColumnDraft column : declared) {
            int existing = draft.indexOf(column.name());
            if (existing >= 0 && draft.columns.get(existing).derivedFromQuery()) {
                // Keeps the query's place: declared columns the query lacks go first below.
                draft.columns.set(existing, new ColumnDraft(column.name(), column.column(), column.expression(),
                        column.comment(), column.pos(), true));
            } else if (existing >= 0) {
                throw error("Duplicate column name '" + column.name() + "'", column.pos());
            } else {
                draft.columns.add(column);
            }
        }
        // Flink puts declared columns that the query lacks before the query's columns.
        List<ColumnDraft> reordered = new ArrayList<>();
        draft.columns.stream().filter(c -> !c.derivedFromQuery()).forEach(reordered::add);
        draft.columns.stream().filter(ColumnDraft::derivedFromQuery).forEach(reordered::add);
        draft.columns.clear();
        draft.columns.addAll(reordered);
    }

    private List<ColumnDraft> declaredColumns(SqlCreateTable create) {
        List<ColumnDraft> columns = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (SqlTableColumn column : create.columns()) {
            String columnName = column.name().getSimple();
            SqlParserPos pos = column.name().getParserPosition();
            if (!seen.add(columnName)) {
                throw error("Duplicate column name '" + columnName + "' in table '"
                        + create.name().names.get(create.name().names.size() - 1) + "'", pos);
            }
            switch (column.kind()) {
                case PHYSICAL -> columns.add(ColumnDraft.declared(
                        new TableColumn.Physical(columnName, dataType(column), column.comment()), pos));
                case METADATA -> columns.add(ColumnDraft.declared(new TableColumn.Metadata(columnName,
                        dataType(column), column.metadataKey(), column.isVirtual(), column.comment()),
                        column.metadataKeyLiteral() != null ? column.metadataKeyLiteral().getParserPosition() : pos));
                case COMPUTED -> columns.add(new ColumnDraft(columnName, null, column.expression(),
                        column.comment(), pos, false));
            }
        }
        return columns;
    }

    private DataType dataType(SqlTableColumn column) {
        RelDataType type = planner.deriveType(column.type(), column.nullable());
        try {
            return TypeConversions.toDataType(type);
        } catch (TypeConversions.UnsupportedTypeException e) {
            throw error(e.getMessage() + " (column '" + column.name().getSimple() + "')",
                    column.type().getParserPosition());
        }
    }

    private CatalogTable lookupLikeSource(SqlIdentifier source) {
        ObjectIdentifier sourceId = resolver.apply(source);
        return catalog.table(sourceId).orElseThrow(() -> error("Source table '" + sourceId
                + "' of the LIKE clause not found in the catalog", source.getParserPosition()));
    }

    private static <T extends SqlNode> T single(List<T> nodes, String message) {
        if (nodes.size() > 1) {
            throw error(message, nodes.get(1).getParserPosition());
        }
        return nodes.isEmpty() ? null : nodes.get(0);
    }

    /**
     * Validates every computed column against the physical and metadata columns (as Flink does,
     * a computed column cannot use another computed column) and derives its type.
     */
    private List<TableColumn> resolveComputedColumns(List<ColumnDraft> drafts) {
        RelDataType base = rowType(drafts.stream().filter(d -> d.column() != null
                && !(d.column() instanceof TableColumn.Computed)).map(ColumnDraft::column).toList());
        List<TableColumn> columns = new ArrayList<>();
        for (ColumnDraft draft : drafts) {
            if (draft.column() != null) {
                columns.add(draft.column());
                continue;
            }
            RelDataType type = validateExpression(base, draft.expression());
            DataType dataType;
            try {
                dataType = TypeConversions.toDataType(type);
            } catch (TypeConversions.UnsupportedTypeException e) {
                throw error(e.getMessage() + " (computed column '" + draft.name() + "')", draft.expression().getParserPosition());
            }
            columns.add(new TableColumn.Computed(draft.name(), dataType, toSql(draft.expression()), draft.comment()));
        }
        return columns;
    }

    /** The type of {@code expression} over columns of {@code rowType}; errors point into the statement. */
    private RelDataType validateExpression(RelDataType rowType, SqlNode expression) {
        try {
            return SqlValidatorUtil.validateExprWithRowType(true, planner.operatorTable(), planner.typeFactory(),
                    rowType, expression.clone(expression.getParserPosition())).right;
        } catch (CalciteContextException e) {
            throw planner.toSqlExecutionException(e);
        }
    }

    private RelDataType rowType(List<TableColumn> columns) {
        return TypeConversions.toRelDataType(
                new RowType(columns.stream().map(c -> new RowType.Field(c.name(), c.type())).toList()),
                planner.typeFactory());
    }

    /** Key columns must be physical; they become NOT NULL. */
    private static List<TableColumn> applyPrimaryKey(List<TableColumn> columns, TableDraft draft) {
        if (draft.primaryKey == null) {
            return columns;
        }
        SqlPrimaryKey key = draft.primaryKey;
        String keyName = key.constraintName() != null ? key.constraintName().getSimple()
                : PrimaryKey.defaultName(key.columnNames());
        Set<String> seen = new HashSet<>();
        List<TableColumn> result = new ArrayList<>(columns);
        for (SqlNode node : key.columnList()) {
            SqlIdentifier id = (SqlIdentifier) node;
            String column = id.getSimple();
            if (!seen.add(column)) {
                throw error("Invalid primary key '" + keyName + "'. A primary key must not contain duplicate columns. "
                        + "Found: [" + column + "]", id.getParserPosition());
            }
            int index = indexOf(result, column);
            if (index < 0) {
                throw error("Invalid primary key '" + keyName + "'. Column '" + column + "' does not exist.",
                        id.getParserPosition());
            }
            if (!(result.get(index) instanceof TableColumn.Physical)) {
                throw error("Invalid primary key '" + keyName + "'. Column '" + column + "' is not a physical column.",
                        id.getParserPosition());
            }
            result.set(index, result.get(index).withType(result.get(index).type().notNull()));
        }
        return result;
    }

    private static PrimaryKey primaryKey(SqlPrimaryKey key) {
        String keyName = key.constraintName() != null ? key.constraintName().getSimple()
                : PrimaryKey.defaultName(key.columnNames());
        return new PrimaryKey(keyName, key.columnNames());
    }

    /**
     * The rowtime column must exist and be TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p ≤ 3, and the
     * expression must return the same kind of type.
     */
    private WatermarkSpec validateWatermark(List<TableColumn> columns, TableDraft draft) {
        if (draft.watermark == null) {
            return draft.inheritedWatermark;
        }
        SqlWatermark watermark = draft.watermark;
        String rowtime = watermark.eventTimeColumn().getSimple();
        SqlParserPos rowtimePos = watermark.eventTimeColumn().getParserPosition();
        int index = indexOf(columns, rowtime);
        if (index < 0) {
            throw error("The rowtime attribute field '" + rowtime + "' is not defined in the table schema. "
                    + "Available fields: [" + String.join(", ", columns.stream().map(c -> "'" + c.name() + "'").toList())
                    + "]", rowtimePos);
        }
        DataType rowtimeType = columns.get(index).type();
        if (!isRowtimeType(rowtimeType)) {
            throw error("Invalid data type of time field for watermark definition. The field must be of type "
                    + "TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time "
                    + "field type is " + rowtimeType, rowtimePos);
        }
        RelDataType expressionType = validateExpression(rowType(columns), watermark.expression());
        DataType type;
        try {
            type = TypeConversions.toDataType(expressionType);
        } catch (TypeConversions.UnsupportedTypeException e) {
            type = null;
        }
        if (type == null || !isRowtimeType(type)) {
            throw error("Invalid data type of expression for watermark definition. The field must be of type "
                    + "TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the "
                    + "watermark expression type is " + (type == null ? expressionType.getFullTypeString() : type),
                    watermark.expression().getParserPosition());
        }
        return new WatermarkSpec(rowtime, toSql(watermark.expression()));
    }

    private static boolean isRowtimeType(DataType type) {
        return (type.root() == TypeRoot.TIMESTAMP || type.root() == TypeRoot.TIMESTAMP_LTZ) && type.precision() <= 3;
    }

    private static List<String> validatePartitionKeys(List<TableColumn> columns, TableDraft draft) {
        if (draft.partitionKeys == null) {
            return draft.inheritedPartitionKeys;
        }
        List<String> keys = new ArrayList<>();
        for (SqlNode node : draft.partitionKeys) {
            SqlIdentifier id = (SqlIdentifier) node;
            String column = id.getSimple();
            int index = indexOf(columns, column);
            if (index < 0 || !(columns.get(index) instanceof TableColumn.Physical)) {
                throw error("Partition column '" + column + "' not defined in the table schema. Available columns: ["
                        + String.join(", ", columns.stream().filter(c -> c instanceof TableColumn.Physical)
                                .map(c -> "'" + c.name() + "'").toList()) + "]", id.getParserPosition());
            }
            if (keys.contains(column)) {
                throw error("Duplicate partition column '" + column + "'", id.getParserPosition());
            }
            keys.add(column);
        }
        return keys;
    }

    /** Options, metadata keys and partitioning against the connector; returns the connector's factory. */
    private static ConnectorFactory validateConnector(SqlCreateTable create, CatalogTable table) {
        ConnectorFactory factory;
        try {
            factory = ConnectorFactories.factoryFor(table.toContext());
        } catch (ConfigException e) {
            throw error(e.getMessage(), optionPosition(create, e));
        }
        String connector = factory.identifier();
        Map<String, DataType> available = new TreeMap<>(factory.readableMetadata());
        for (TableColumn column : table.columns()) {
            if (!(column instanceof TableColumn.Metadata metadata)) {
                continue;
            }
            DataType read = available.get(metadata.key());
            if (read == null) {
                throw error("Connector '" + connector + "' has no metadata key '" + metadata.key() + "'; "
                        + (available.isEmpty() ? "it has none" : "available keys: " + String.join(", ", available.keySet())),
                        metadataPosition(create, metadata.name(), false));
            }
            // Flink casts the metadata to the declared type; only casts that lose nothing are taken implicitly
            if (!MetadataColumns.implicitlyCastable(read, metadata.type())) {
                throw error("Metadata column '" + metadata.name() + "' cannot be declared as " + metadata.type()
                        + ": connector '" + connector + "' reads metadata key '" + metadata.key() + "' as " + read
                        + ", which is not cast implicitly to it; declare it as " + read,
                        metadataPosition(create, metadata.name(), true));
            }
        }
        if (!table.partitionKeys().isEmpty() && !factory.supportsPartitioning()) {
            SqlParserPos pos = create.partitionKeyList().isEmpty() ? create.name().getParserPosition()
                    : create.partitionKeyList().get(0).getParserPosition();
            throw error("Connector '" + connector + "' does not support PARTITIONED BY yet (table "
                    + table.qualifiedName() + ")", pos);
        }
        return factory;
    }

    /**
     * Where the option of {@code error} is written (its value when the value is what is wrong, as
     * {@code SET} points at it), else where the table's name is.
     */
    static SqlParserPos optionPosition(SqlCreateTable create, ConfigException error) {
        for (SqlTableOption option : create.tableOptions()) {
            if (option.key().equals(error.key())) {
                return (error.isInvalidValue() ? option.valueLiteral() : option.keyLiteral()).getParserPosition();
            }
        }
        return create.name().getParserPosition();
    }

    /** Where a metadata column's key (or, with {@code type}, its type) is written, else the LIKE clause or the name. */
    private static SqlParserPos metadataPosition(SqlCreateTable create, String column, boolean type) {
        for (SqlTableColumn c : create.columns()) {
            if (c.name().getSimple().equals(column)) {
                if (type) {
                    return c.type().getParserPosition();
                }
                return c.metadataKeyLiteral() != null ? c.metadataKeyLiteral().getParserPosition()
                        : c.name().getParserPosition();
            }
        }
        return create.like() != null ? create.like().getParserPosition() : create.name().getParserPosition();
    }

    private static int indexOf(List<TableColumn> columns, String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    static String toSql(SqlNode expression) {
        return RunnelSqlParser.toSql(expression);
    }

    static SqlExecutionException error(String message, SqlParserPos pos) {
        return new SqlExecutionException(message, pos.getLineNum(), pos.getColumnNum(), null);
    }

    /**
     * A column on its way into the table: resolved (physical, metadata, or a source table's
     * column), or computed and still to be validated ({@code column} null, {@code expression} set).
     */
    record ColumnDraft(String name, TableColumn column, SqlNode expression, String comment, SqlParserPos pos,
                       boolean derivedFromQuery) {
        static ColumnDraft declared(TableColumn column, SqlParserPos pos) {
            return new ColumnDraft(column.name(), column, null, column.comment(), pos, false);
        }

        static ColumnDraft resolved(TableColumn column, SqlParserPos pos) {
            return new ColumnDraft(column.name(), column, null, column.comment(), pos, true);
        }

        boolean isComputed() {
            return column == null || column instanceof TableColumn.Computed;
        }

        boolean isMetadata() {
            return column instanceof TableColumn.Metadata;
        }
    }

    /** The parts of the new table while they are merged. */
    static final class TableDraft {
        final List<ColumnDraft> columns = new ArrayList<>();
        final Map<String, String> options = new LinkedHashMap<>();
        SqlPrimaryKey primaryKey;
        SqlWatermark watermark;
        /** The LIKE source's primary key, kept when no new one is declared. */
        PrimaryKey inheritedPrimaryKey;
        /** The LIKE source's watermark, kept when no new one is declared. */
        WatermarkSpec inheritedWatermark;
        /** Declared PARTITIONED BY identifiers; null when none were declared. */
        List<SqlNode> partitionKeys;
        List<String> inheritedPartitionKeys = List.of();

        int indexOf(String name) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }
    }
}
