package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogDatabase;
import dev.runnel.planner.catalog.CatalogException;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.CatalogView;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.functions.CallableFunctions;
import dev.runnel.planner.functions.FunctionName;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.sql.parser.RunnelSqlParser;
import dev.runnel.sql.parser.ddl.SqlAlterTableOptions;
import dev.runnel.sql.parser.ddl.SqlAlterTableRename;
import dev.runnel.sql.parser.ddl.SqlAlterView;
import dev.runnel.sql.parser.ddl.SqlCreateDatabase;
import dev.runnel.sql.parser.ddl.SqlCreateView;
import dev.runnel.sql.parser.ddl.SqlDropDatabase;
import dev.runnel.sql.parser.ddl.SqlDropView;
import dev.runnel.sql.parser.ddl.SqlTableOption;
import dev.runnel.sql.parser.dml.SqlStaticPartition;
import dev.runnel.sql.parser.dql.SqlDescribeTable;
import dev.runnel.sql.parser.dql.SqlShowColumns;
import dev.runnel.sql.parser.dql.SqlShowCreateView;
import dev.runnel.sql.parser.dql.SqlShowObjects;
import dev.runnel.sql.parser.dql.SqlShowPartitions;
import dev.runnel.sql.parser.dql.SqlShowTables;
import dev.runnel.sql.parser.dql.SqlUse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The statements about catalog objects: databases ({@code CREATE/DROP DATABASE}, {@code USE}),
 * catalogs ({@code USE CATALOG}; creating and describing them is {@link NamespaceCommands}), views
 * ({@code CREATE/DROP/ALTER VIEW}, {@code SHOW CREATE VIEW}), functions ({@link FunctionCommands}),
 * {@code ALTER TABLE} and the
 * {@code SHOW} forms that list objects and partitions. Each statement checks
 * everything before it changes the catalog, so a failing statement changes nothing.
 * Not thread-safe, like the session.
 */
final class CatalogCommands {
    private static final DataType STRING_NOT_NULL = DataType.of(TypeRoot.VARCHAR).notNull();

    private final Catalog catalog;
    private final QueryPlanner planner;
    private final ObjectResolver resolver;
    private final Function<SqlDescribeTable, StatementResult> describe;
    private final NamespaceCommands namespaces;
    private final FunctionCommands functions;

    /**
     * @param describe runs {@code DESCRIBE}, whose columns {@code SHOW COLUMNS} shows
     */
    CatalogCommands(Catalog catalog, QueryPlanner planner, Function<SqlDescribeTable, StatementResult> describe) {
        this.catalog = catalog;
        this.planner = planner;
        this.resolver = new ObjectResolver(catalog);
        this.describe = describe;
        this.namespaces = new NamespaceCommands(catalog, resolver);
        this.functions = new FunctionCommands(planner, resolver);
    }

    /** The result of {@code node} if it is one of these statements, else {@code null}. */
    StatementResult execute(SqlNode node) {
        if (node instanceof SqlCreateDatabase create) {
            return createDatabase(create);
        } else if (node instanceof SqlDropDatabase drop) {
            return dropDatabase(drop);
        } else if (node instanceof SqlUse use) {
            return use(use);
        } else if (node instanceof SqlCreateView create) {
            return createView(create);
        } else if (node instanceof SqlDropView drop) {
            return dropView(drop);
        } else if (node instanceof SqlAlterTableRename rename) {
            return renameTable(rename);
        } else if (node instanceof SqlAlterTableOptions alter) {
            return alterTableOptions(alter);
        } else if (node instanceof SqlShowObjects show) {
            return show(show.kind());
        } else if (node instanceof SqlShowTables show) {
            return showTables(show);
        } else if (node instanceof SqlShowColumns show) {
            return showColumns(show);
        } else if (node instanceof SqlShowCreateView show) {
            return showCreateView(show);
        } else if (node instanceof SqlAlterView alter) {
            return alterView(alter);
        } else if (node instanceof SqlShowPartitions show) {
            return showPartitions(show);
        }
        StatementResult result = functions.execute(node);
        return result != null ? result : namespaces.execute(node);
    }

    // ------------------------------------------------------------------------------- databases

    private StatementResult createDatabase(SqlCreateDatabase create) {
        List<String> db = resolver.database(create.name(), false);
        try {
            boolean created = catalog.createDatabase(db.get(0), db.get(1),
                    new CatalogDatabase(create.comment(), create.properties()), create.ifNotExists());
            return message(created ? "Database has been created." : "Database already exists.");
        } catch (CatalogException e) {
            throw ObjectResolver.error(e.getMessage(), create.name(), create.name().names.size() - 1);
        }
    }

    private StatementResult dropDatabase(SqlDropDatabase drop) {
        List<String> db = resolver.database(drop.name(), false);
        SqlIdentifier name = drop.name();
        if (!catalog.hasDatabase(db.get(0), db.get(1))) {
            if (drop.ifExists()) {
                return message("Database does not exist.");
            }
            throw ObjectResolver.error("Database '" + db.get(1) + "' does not exist in catalog '" + db.get(0) + "'"
                    + ObjectResolver.didYouMean(db.get(1), catalog.databaseNames(db.get(0))), name,
                    name.names.size() - 1);
        }
        try {
            catalog.dropDatabase(db.get(0), db.get(1), drop.ifExists(), drop.cascade());
            return message("Database has been dropped.");
        } catch (CatalogException e) {
            throw ObjectResolver.error(e.getMessage(), name, name.names.size() - 1);
        }
    }

    private StatementResult use(SqlUse use) {
        if (use.isCatalog()) {
            catalog.useCatalog(resolver.catalogName(use.name()));
            return message("Catalog has been changed.");
        }
        List<String> db = resolver.database(use.name(), true);
        catalog.useDatabase(db.get(0), db.get(1));
        return message("Database has been changed.");
    }

    // ------------------------------------------------------------------------------- views

    private StatementResult createView(SqlCreateView create) {
        ObjectIdentifier id = resolver.object(create.name());
        if (catalog.table(id).isPresent()) {
            throw ObjectResolver.error("Cannot create view '" + id + "': a table of that name already exists",
                    create.name(), create.name().names.size() - 1);
        }
        Optional<CatalogView> existing = catalog.view(id);
        if (existing.isPresent() && existing.get().temporary() == create.temporary()) {
            if (create.ifNotExists()) {
                return message("View already exists.");
            }
            throw ObjectResolver.error((create.temporary() ? "Temporary view '" : "View '") + id + "' already exists",
                    create.name(), create.name().names.size() - 1);
        }
        // Validation rewrites the query in place: keep the text as written first.
        String original = RunnelSqlParser.toSql(create.query());
        ViewDefinition definition = ViewDefinition.of(planner, create, id, original);
        CatalogView view = new CatalogView(id, definition.schema(), definition.expandedQuery(), original,
                create.comment(), create.temporary());
        try {
            catalog.createView(view, create.ifNotExists());
        } catch (CatalogException e) {
            throw ObjectResolver.error(e.getMessage(), create.name(), create.name().names.size() - 1);
        }
        return message("View has been created.");
    }

    private StatementResult dropView(SqlDropView drop) {
        ObjectIdentifier id = resolver.object(drop.name());
        boolean isView = drop.temporary()
                ? catalog.view(id).filter(CatalogView::temporary).isPresent()
                : catalog.view(id).isPresent();
        if (!isView) {
            if (drop.ifExists()) {
                return message("View does not exist.");
            }
            String hint = catalog.table(id).isPresent() ? "; it is a table: use DROP TABLE"
                    : ObjectResolver.didYouMean(id.name(), catalog.viewNames(id.catalog(), id.database()));
            throw ObjectResolver.error((drop.temporary() ? "Temporary view" : "View") + " with identifier '" + id
                    + "' does not exist" + hint, drop.name(), drop.name().names.size() - 1);
        }
        // DROP VIEW drops the view a query sees, which a temporary view shadows.
        boolean temporary = drop.temporary() || catalog.view(id).get().temporary();
        try {
            catalog.dropView(id, temporary, false);
        } catch (CatalogException e) {
            // dropped meanwhile by another session of a shared catalog
            throw ObjectResolver.error(e.getMessage(), drop.name(), drop.name().names.size() - 1);
        }
        return message("View has been dropped.");
    }

    /** ALTER VIEW v RENAME TO w (within its database) and ALTER VIEW v AS query (keeping its comment). */
    private StatementResult alterView(SqlAlterView alter) {
        ObjectIdentifier id = resolver.object(alter.name());
        CatalogView view = catalog.view(id).orElseThrow(() -> unknownView(id, alter.name()));
        if (alter.newName() != null) {
            SqlIdentifier newName = alter.newName();
            ObjectIdentifier target = resolver.object(newName);
            if (!target.catalog().equals(id.catalog()) || !target.database().equals(id.database())) {
                throw ObjectResolver.error("Cannot rename view '" + id + "' to '" + target
                        + "': a view can only be renamed within its database", newName, 0);
            }
            if (catalog.table(target).isPresent() || catalog.view(target).isPresent()) {
                throw ObjectResolver.error("Cannot rename view '" + id + "' to '" + target + "': a table or view of "
                        + "that name already exists", newName, newName.names.size() - 1);
            }
            try {
                catalog.renameView(id, view.temporary(), target.name());
            } catch (CatalogException e) {
                // another session of a shared catalog changed the view or took the name meanwhile
                throw ObjectResolver.error(e.getMessage(), newName, newName.names.size() - 1);
            }
            return message("View has been altered.");
        }
        String original = RunnelSqlParser.toSql(alter.query());
        SqlCreateView asCreate = new SqlCreateView(alter.getParserPosition(), view.temporary(), false, alter.name(),
                SqlNodeList.EMPTY, null, alter.query());
        ViewDefinition definition = ViewDefinition.of(planner, asCreate, id, original);
        catalog.alterView(new CatalogView(id, definition.schema(), definition.expandedQuery(), original,
                view.comment(), view.temporary()));
        return message("View has been altered.");
    }

    private StatementResult showCreateView(SqlShowCreateView show) {
        ObjectIdentifier id = resolver.object(show.name());
        CatalogView view = catalog.view(id).orElseThrow(() -> unknownView(id, show.name()));
        StringBuilder sb = new StringBuilder("CREATE ").append(view.temporary() ? "TEMPORARY " : "")
                .append("VIEW ").append(id.quoted()).append(" (\n");
        List<RowType.Field> fields = view.schema().fields();
        for (int i = 0; i < fields.size(); i++) {
            sb.append("  ").append(ObjectIdentifier.quote(fields.get(i).name()))
                    .append(i + 1 < fields.size() ? ",\n" : "\n");
        }
        sb.append(")\n");
        if (view.comment() != null) {
            sb.append("COMMENT '").append(view.comment().replace("'", "''")).append("'\n");
        }
        sb.append("AS ").append(view.expandedQuery()).append('\n');
        return new StatementResult.Table(List.of(new ColumnInfo("result", STRING_NOT_NULL)),
                List.of(Row.of(sb.toString())));
    }

    private SqlExecutionException unknownView(ObjectIdentifier id, SqlIdentifier name) {
        String hint = catalog.table(id).isPresent() ? "; it is a table"
                : ObjectResolver.didYouMean(id.name(), catalog.viewNames(id.catalog(), id.database()));
        return ObjectResolver.error("View with identifier '" + id + "' does not exist" + hint, name,
                name.names.size() - 1);
    }

    // ------------------------------------------------------------------------------- tables

    /**
     * The table a statement names, or the view it names shown as a table without options (what
     * {@code DESCRIBE} needs).
     *
     * @throws SqlExecutionException when neither exists, with a suggestion when a name is close
     */
    CatalogTable tableOrView(SqlIdentifier name) {
        ObjectIdentifier id = resolver.object(name);
        Optional<CatalogView> view = catalog.view(id);
        if (view.isPresent()) {
            return new CatalogTable(id.name(), view.get().schema(), Map.of(), view.get().comment(),
                    id.catalog(), id.database());
        }
        return catalog.table(id).orElseThrow(() -> unknownTable(id, name));
    }

    /** The table a statement names (not a view). */
    ObjectIdentifier existingTable(SqlIdentifier name, String statement) {
        ObjectIdentifier id = resolver.object(name);
        if (catalog.view(id).isPresent()) {
            throw ObjectResolver.error("'" + id + "' is a view; " + statement + " applies to tables only", name,
                    name.names.size() - 1);
        }
        if (catalog.table(id).isEmpty()) {
            throw unknownTable(id, name);
        }
        return id;
    }

    SqlExecutionException unknownTable(ObjectIdentifier id, SqlIdentifier name) {
        return ObjectResolver.error("Table with identifier '" + id + "' does not exist"
                + ObjectResolver.didYouMean(id.name(), catalog.objectNames(id.catalog(), id.database())),
                name, name.names.size() - 1);
    }

    /** The identifier a statement names, for {@code CREATE TABLE} and {@code DROP TABLE}. */
    ObjectIdentifier resolve(SqlIdentifier name) {
        return resolver.object(name);
    }

    private StatementResult renameTable(SqlAlterTableRename rename) {
        if (rename.ifExists() && !exists(rename.name())) {
            return message("Table does not exist.");
        }
        ObjectIdentifier id = existingTable(rename.name(), "ALTER TABLE");
        refuseTemporary(id, rename.name());
        SqlIdentifier newName = rename.newName();
        ObjectIdentifier target = resolver.object(newName);
        if (!target.catalog().equals(id.catalog()) || !target.database().equals(id.database())) {
            throw ObjectResolver.error("Cannot rename table '" + id + "' to '" + target
                    + "': a table can only be renamed within its database", newName, 0);
        }
        try {
            catalog.renameTable(id, target.name());
        } catch (CatalogException e) {
            throw ObjectResolver.error(e.getMessage(), newName, newName.names.size() - 1);
        }
        return message("Table has been altered.");
    }

    private StatementResult alterTableOptions(SqlAlterTableOptions alter) {
        if (alter.ifExists() && !exists(alter.name())) {
            return message("Table does not exist.");
        }
        ObjectIdentifier id = existingTable(alter.name(), "ALTER TABLE");
        refuseTemporary(id, alter.name());
        CatalogTable table = catalog.table(id).orElseThrow();
        Map<String, String> options = new LinkedHashMap<>(table.options());
        options.putAll(alter.options());
        CatalogTable altered = table.withOptions(options);
        try {
            altered = CreateTableCommand.withResolvedOptions(ConnectorFactories.factoryFor(altered.toContext()), altered);
        } catch (ConfigException e) {
            throw ObjectResolver.error(e.getMessage(), optionPosition(alter, e));
        }
        catalog.alterTable(altered);
        return message("Table has been altered.");
    }

    /** ALTER TABLE changes the store; a temporary table is the session's and is created again instead. */
    private void refuseTemporary(ObjectIdentifier id, SqlIdentifier name) {
        if (catalog.isTemporaryTable(id)) {
            throw ObjectResolver.error("Cannot alter temporary table '" + id + "': drop it with DROP TEMPORARY TABLE"
                    + " and create it again", name, name.names.size() - 1);
        }
    }

    private boolean exists(SqlIdentifier name) {
        try {
            ObjectIdentifier id = resolver.object(name);
            return catalog.table(id).isPresent() || catalog.view(id).isPresent();
        } catch (SqlExecutionException e) {
            return false;
        }
    }

    /**
     * Where the option of {@code error} is written (its value when the value is what is wrong, as
     * {@code SET} points at it), else where the table's name is.
     */
    private static SqlParserPos optionPosition(SqlAlterTableOptions alter, ConfigException error) {
        for (SqlTableOption option : alter.tableOptions()) {
            if (option.key().equals(error.key())) {
                return (error.isInvalidValue() ? option.valueLiteral() : option.keyLiteral()).getParserPosition();
            }
        }
        return alter.name().getParserPosition();
    }

    // ------------------------------------------------------------------------------- SHOW

    private StatementResult show(SqlShowObjects.Kind kind) {
        return switch (kind) {
            case CATALOGS -> names("catalog name", catalog.catalogNames());
            case DATABASES -> names("database name", catalog.databaseNames(catalog.currentCatalog()));
            case VIEWS -> names("view name", catalog.viewNames(catalog.currentCatalog(), catalog.currentDatabase()));
            case FUNCTIONS -> names("function name", functionNames());
            case USER_FUNCTIONS -> functions.showUserFunctions();
            case CURRENT_CATALOG -> names("current catalog name", List.of(catalog.currentCatalog()));
            case CURRENT_DATABASE -> names("current database name", List.of(catalog.currentDatabase()));
        };
    }

    /* What queries can call, as a call is written: the names completion offers (CallableFunctions). */
    private List<String> functionNames() {
        return CallableFunctions.of(planner.operatorTable()).stream().map(FunctionName::name).toList();
    }

    private StatementResult showTables(SqlShowTables show) {
        List<String> db = show.database() == null
                ? List.of(catalog.currentCatalog(), catalog.currentDatabase())
                : resolver.database(show.database(), true);
        List<String> names = catalog.objectNames(db.get(0), db.get(1)).stream()
                .filter(n -> matches(n, show.likePattern(), show.notLike())).toList();
        return names("table name", names);
    }

    /**
     * SHOW PARTITIONS t [PARTITION (k = v, ...)]: the partitions that hold data, as
     * {@code k1=v1/k2=v2}, those matching every value of the spec when one is given.
     */
    private StatementResult showPartitions(SqlShowPartitions show) {
        ObjectIdentifier id = existingTable(show.name(), "SHOW PARTITIONS");
        CatalogTable table = catalog.table(id).orElseThrow();
        if (table.partitionKeys().isEmpty()) {
            throw ObjectResolver.error("Table " + id + " is not partitioned", show.name(), show.name().names.size() - 1);
        }
        Map<String, String> spec = new LinkedHashMap<>();
        for (SqlNode node : show.partitionSpec()) {
            SqlStaticPartition value = (SqlStaticPartition) node;
            String column = value.column().getSimple();
            if (!table.partitionKeys().contains(column)) {
                throw ObjectResolver.error("Column '" + column + "' is not a partition column of table " + id
                        + "; its partition columns are " + table.partitionKeys(), value.column().getParserPosition());
            }
            spec.put(column, StaticPartitions.text(value));
        }
        List<String> names = new ArrayList<>();
        for (Map<String, String> partition : ConnectorFactories.factoryFor(table.toContext())
                .partitions(table.toContext())) {
            if (partition.entrySet().containsAll(spec.entrySet())) {
                names.add(String.join("/", partition.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .toList()));
            }
        }
        return names("partition name", names);
    }

    private StatementResult showColumns(SqlShowColumns show) {
        StatementResult.Table all = (StatementResult.Table) describe.apply(
                new SqlDescribeTable(show.table().getParserPosition(), show.table()));
        List<Row> rows = all.rows().stream()
                .filter(r -> matches((String) r.fields()[0], show.likePattern(), show.notLike())).toList();
        return new StatementResult.Table(all.columns(), rows);
    }

    /** Flink's LIKE for SHOW: {@code %} any characters, {@code _} one, case-sensitive; no pattern matches all. */
    static boolean matches(String name, String pattern, boolean not) {
        if (pattern == null) {
            return true;
        }
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '%' -> regex.append(".*");
                case '_' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(name).matches() != not;
    }

    static StatementResult names(String column, List<String> names) {
        return new StatementResult.Table(List.of(new ColumnInfo(column, STRING_NOT_NULL)),
                names.stream().map(n -> Row.of((Object) n)).toList());
    }

    static StatementResult message(String text) {
        return new StatementResult.Message(text);
    }
}
