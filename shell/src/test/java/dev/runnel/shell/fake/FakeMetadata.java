package dev.runnel.shell.fake;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.CatalogView;
import dev.runnel.planner.functions.FunctionName;
import dev.runnel.planner.session.SessionMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Session metadata a test writes down: catalogs, databases, tables and views with their columns
 * (by default one catalog {@code default_catalog} with {@code default_database}), and a few
 * functions, connectors and settings.
 */
public final class FakeMetadata implements SessionMetadata {
    /** catalog → database → object name → columns; views are marked in {@link #views}. */
    private final Map<String, Map<String, Map<String, List<String>>>> objects = new TreeMap<>();
    private final List<String> views = new ArrayList<>();
    private final Map<String, String> jobs = new LinkedHashMap<>();
    private List<FunctionName> functions = List.of(new FunctionName("COUNT", FunctionName.Use.CALL),
            new FunctionName("SUM", FunctionName.Use.CALL), new FunctionName("UPPER", FunctionName.Use.CALL));
    private String currentCatalog = "default_catalog";
    private String currentDatabase = "default_database";

    public FakeMetadata() {
        database("default_catalog", "default_database");
    }

    public FakeMetadata database(String catalog, String database) {
        objects.computeIfAbsent(catalog, c -> new TreeMap<>()).computeIfAbsent(database, d -> new TreeMap<>());
        return this;
    }

    /** A table in the current database. */
    /** Offers {@code functions} instead of COUNT, SUM and UPPER. */
    public FakeMetadata functions(List<FunctionName> functions) {
        this.functions = List.copyOf(functions);
        return this;
    }

    public FakeMetadata table(String name, String... columns) {
        return tableIn(currentCatalog, currentDatabase, name, columns);
    }

    public FakeMetadata tableIn(String catalog, String database, String name, String... columns) {
        database(catalog, database);
        objects.get(catalog).get(database).put(name, List.of(columns));
        return this;
    }

    public FakeMetadata view(String name, String... columns) {
        table(name, columns);
        views.add(currentCatalog + "." + currentDatabase + "." + name);
        return this;
    }

    public FakeMetadata job(String id, String description) {
        jobs.put(id, description);
        return this;
    }

    @Override
    public String currentCatalog() {
        return currentCatalog;
    }

    @Override
    public String currentDatabase() {
        return currentDatabase;
    }

    @Override
    public List<String> catalogs() {
        return List.copyOf(objects.keySet());
    }

    @Override
    public List<String> databases(String catalog) {
        return objects.containsKey(catalog) ? List.copyOf(objects.get(catalog).keySet()) : List.of();
    }

    @Override
    public List<String> tables(String catalog, String database) {
        return names(catalog, database, false);
    }

    @Override
    public List<String> views(String catalog, String database) {
        return names(catalog, database, true);
    }

    private List<String> names(String catalog, String database, boolean wantViews) {
        Map<String, List<String>> in = objects.getOrDefault(catalog, Map.of()).getOrDefault(database, Map.of());
        return in.keySet().stream()
                .filter(n -> views.contains(catalog + "." + database + "." + n) == wantViews).toList();
    }

    @Override
    public List<String> columns(List<String> name) {
        String catalog = name.size() == 3 ? name.get(0) : currentCatalog;
        String database = name.size() >= 2 ? name.get(name.size() - 2) : currentDatabase;
        return objects.getOrDefault(catalog, Map.of()).getOrDefault(database, Map.of())
                .getOrDefault(name.get(name.size() - 1), List.of());
    }

    @Override
    public List<FunctionName> functions() {
        return functions;
    }

    private static final Map<String, List<String>> CONNECTOR_OPTIONS = new TreeMap<>(Map.of(
            "datagen", List.of("fields.#.kind", "number-of-rows", "rows-per-second"),
            "filesystem", List.of("format", "path")));

    @Override
    public List<String> connectors() {
        return List.copyOf(CONNECTOR_OPTIONS.keySet());
    }

    /** The connector's keys, patterns once per column, without those written (types are not looked at). */
    @Override
    public List<String> connectorOptions(String connector, Map<String, String> written, Map<String, String> columns) {
        List<String> keys = new ArrayList<>();
        for (String key : CONNECTOR_OPTIONS.getOrDefault(connector, List.of())) {
            for (String concrete : key.contains("#")
                    ? columns.keySet().stream().map(c -> key.replace("#", c)).toList() : List.of(key)) {
                if (!written.containsKey(concrete)) {
                    keys.add(concrete);
                }
            }
        }
        return keys;
    }

    @Override
    public Map<String, List<String>> settings() {
        return new TreeMap<>(Map.of("parallelism.default", List.of(),
                "sql-client.execution.result-mode", List.of("table", "changelog", "tableau"),
                "sql-client.verbose", List.of("true", "false")));
    }

    @Override
    public List<String> formats() {
        return List.of("csv", "json");
    }

    @Override
    public Map<String, String> jobs() {
        return jobs;
    }

    /* The shell's completion reads names only; the gateway's DatabaseMetaData, which reads these, runs on a real session. */
    @Override
    public Optional<CatalogTable> describeTable(String catalog, String database, String name) {
        return Optional.empty();
    }

    @Override
    public Optional<CatalogView> describeView(String catalog, String database, String name) {
        return Optional.empty();
    }
}
