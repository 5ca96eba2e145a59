package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogDatabase;
import dev.runnel.planner.catalog.CatalogDescription;
import dev.runnel.planner.catalog.CatalogException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.sql.parser.ddl.SqlCreateCatalog;
import dev.runnel.sql.parser.ddl.SqlDropCatalog;
import dev.runnel.sql.parser.ddl.SqlTableOption;
import dev.runnel.sql.parser.dql.SqlDescribeNamespace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;

/**
 * Catalogs as Flink's SQL has them: {@code CREATE CATALOG} of type {@code generic_in_memory}
 * (the only type Runnel has; others are refused by name), {@code DROP CATALOG},
 * {@code DESCRIBE CATALOG} and {@code DESCRIBE DATABASE}, the last two in Flink's
 * {@code info name | info value} layout. Not thread-safe, like the session.
 */
final class NamespaceCommands {
    /** Flink's option of {@code generic_in_memory} catalogs, and its default. */
    static final String DEFAULT_DATABASE_OPTION = "default-database";
    static final String DEFAULT_DATABASE = "default";
    private static final String TYPE = "type";
    private static final DataType STRING_NOT_NULL = DataType.of(TypeRoot.VARCHAR).notNull();

    private final Catalog catalog;
    private final ObjectResolver resolver;

    NamespaceCommands(Catalog catalog, ObjectResolver resolver) {
        this.catalog = catalog;
        this.resolver = resolver;
    }

    /** The result of {@code node} if it is one of these statements, else {@code null}. */
    StatementResult execute(SqlNode node) {
        if (node instanceof SqlCreateCatalog create) {
            return createCatalog(create);
        } else if (node instanceof SqlDropCatalog drop) {
            return dropCatalog(drop);
        } else if (node instanceof SqlDescribeNamespace describe) {
            return describe.isCatalog() ? describeCatalog(describe) : describeDatabase(describe);
        }
        return null;
    }

    private StatementResult createCatalog(SqlCreateCatalog create) {
        Map<String, String> options = new LinkedHashMap<>(create.options());
        String type = options.remove(TYPE);
        if (type == null) {
            throw ObjectResolver.error("Catalog options do not contain an option key 'type' for discovering a "
                    + "catalog; Runnel has 'type' = '" + CatalogDescription.GENERIC_IN_MEMORY + "'",
                    create.name().getParserPosition());
        }
        if (!type.equals(CatalogDescription.GENERIC_IN_MEMORY)) {
            throw ObjectResolver.error("Catalog type '" + type + "' is not supported: Runnel has in-memory catalogs "
                    + "only ('type' = '" + CatalogDescription.GENERIC_IN_MEMORY + "')", option(create, TYPE).valueLiteral()
                    .getParserPosition());
        }
        for (String key : options.keySet()) {
            if (!key.equals(DEFAULT_DATABASE_OPTION)) {
                throw ObjectResolver.error("Unsupported option '" + key + "' for catalog type '" + type + "'; "
                        + "supported options: " + TYPE + ", " + DEFAULT_DATABASE_OPTION
                        + ObjectResolver.didYouMean(key, List.of(TYPE, DEFAULT_DATABASE_OPTION)), option(create, key).keyLiteral().getParserPosition());
            }
        }
        String defaultDatabase = options.getOrDefault(DEFAULT_DATABASE_OPTION, DEFAULT_DATABASE);
        if (defaultDatabase.isBlank()) {
            throw ObjectResolver.error("Option '" + DEFAULT_DATABASE_OPTION + "' must name a database",
                    option(create, DEFAULT_DATABASE_OPTION).valueLiteral().getParserPosition());
        }
        String name = create.name().getSimple();
        try {
            boolean created = catalog.createCatalog(name,
                    new CatalogDescription(type, create.comment(), options, defaultDatabase), create.ifNotExists());
            return new StatementResult.Message(created ? "Catalog has been created." : "Catalog already exists.");
        } catch (CatalogException e) {
            throw ObjectResolver.error(e.getMessage(), create.name().getParserPosition());
        }
    }

    private static SqlTableOption option(SqlCreateCatalog create, String key) {
        for (SqlNode node : create.optionList()) {
            if (((SqlTableOption) node).key().equals(key)) {
                return (SqlTableOption) node;
            }
        }
        throw new IllegalStateException("no option " + key);
    }

    private StatementResult dropCatalog(SqlDropCatalog drop) {
        try {
            boolean dropped = catalog.dropCatalog(drop.name().getSimple(), drop.ifExists());
            return new StatementResult.Message(dropped ? "Catalog has been dropped." : "Catalog does not exist.");
        } catch (CatalogException e) {
            String hint = catalog.hasCatalog(drop.name().getSimple()) ? ""
                    : ObjectResolver.didYouMean(drop.name().getSimple(), catalog.catalogNames());
            String message = e.getMessage();
            throw ObjectResolver.error(hint.isEmpty() ? message : message.replaceAll("\\.$", "") + hint,
                    drop.name().getParserPosition());
        }
    }

    private StatementResult describeCatalog(SqlDescribeNamespace describe) {
        String name = resolver.catalogName(describe.name());
        CatalogDescription description = catalog.catalogDescription(name).orElseThrow();
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of("name", name));
        rows.add(Row.of("type", description.type()));
        rows.add(Row.of("comment", description.comment() == null ? "" : description.comment()));
        if (describe.isExtended()) {
            description.options().forEach((k, v) -> rows.add(Row.of("option:" + k, v)));
        }
        return info(rows);
    }

    private StatementResult describeDatabase(SqlDescribeNamespace describe) {
        List<String> db = resolver.database(describe.name(), true);
        CatalogDatabase description = catalog.databaseDescription(db.get(0), db.get(1)).orElseThrow();
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of("name", db.get(1)));
        rows.add(Row.of("catalog", db.get(0)));
        rows.add(Row.of("comment", description.comment() == null ? "" : description.comment()));
        if (describe.isExtended()) {
            description.properties().forEach((k, v) -> rows.add(Row.of("option:" + k, v)));
        }
        return info(rows);
    }

    private static StatementResult info(List<Row> rows) {
        return new StatementResult.Table(List.of(new ColumnInfo("info name", STRING_NOT_NULL),
                new ColumnInfo("info value", STRING_NOT_NULL)), rows);
    }
}
