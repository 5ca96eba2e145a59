package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.CatalogView;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.functions.CallableFunctions;
import dev.runnel.planner.functions.FunctionName;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.types.DataTypeParser;
import dev.runnel.runtime.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/** {@link SessionMetadata} read from a planner {@link Session}'s catalog and its cluster. */
final class CatalogMetadata implements SessionMetadata {
    private final Session session;
    private final ClusterClient cluster;

    CatalogMetadata(Session session, ClusterClient cluster) {
        this.session = session;
        this.cluster = cluster;
    }

    private Catalog catalog() {
        return session.catalog();
    }

    @Override
    public String currentCatalog() {
        return catalog().currentCatalog();
    }

    @Override
    public String currentDatabase() {
        return catalog().currentDatabase();
    }

    @Override
    public List<String> catalogs() {
        return catalog().catalogNames();
    }

    @Override
    public List<String> databases(String catalog) {
        return catalog().hasCatalog(catalog) ? catalog().databaseNames(catalog) : List.of();
    }

    @Override
    public List<String> tables(String catalog, String database) {
        return catalog().hasDatabase(catalog, database) ? catalog().tableNames(catalog, database) : List.of();
    }

    @Override
    public List<String> views(String catalog, String database) {
        return catalog().hasDatabase(catalog, database) ? catalog().viewNames(catalog, database) : List.of();
    }

    @Override
    public List<String> columns(List<String> name) {
        if (name.isEmpty() || name.size() > 3) {
            return List.of();
        }
        Catalog c = catalog();
        String catalogName = name.size() == 3 ? name.get(0) : c.currentCatalog();
        String database = name.size() >= 2 ? name.get(name.size() - 2) : c.currentDatabase();
        ObjectIdentifier id = new ObjectIdentifier(catalogName, database, name.get(name.size() - 1));
        return c.view(id).map(v -> v.schema().names())
                .or(() -> c.table(id).map(t -> t.rowType().names()))
                .orElse(List.of());
    }

    @Override
    public Optional<CatalogTable> describeTable(String catalog, String database, String name) {
        ObjectIdentifier id = new ObjectIdentifier(catalog, database, name);
        return catalog().view(id).isPresent() ? Optional.empty() : catalog().table(id);
    }

    @Override
    public Optional<CatalogView> describeView(String catalog, String database, String name) {
        return catalog().view(new ObjectIdentifier(catalog, database, name));
    }

    /* Asked anew each time: CREATE FUNCTION adds to the list. */
    @Override
    public List<FunctionName> functions() {
        try {
            return CallableFunctions.of(session.operatorTable());
        } catch (RuntimeException e) {
            return List.of(); // completion goes on without functions
        }
    }

    @Override
    public List<String> connectors() {
        return List.copyOf(ConnectorFactories.all().keySet());
    }

    @Override
    public List<String> connectorOptions(String connector, Map<String, String> written, Map<String, String> columns) {
        List<RowType.Field> typed = new ArrayList<>();
        columns.forEach((name, type) -> {
            try {
                typed.add(new RowType.Field(name, DataTypeParser.parse(type.toUpperCase(Locale.ROOT))));
            } catch (RuntimeException e) {
                // a spelling the parser does not know (DOUBLE PRECISION, …): any option may apply
            }
        });
        return ConnectorFactories.offeredOptions(connector, written, List.copyOf(columns.keySet()),
                new RowType(typed));
    }

    @Override
    public Map<String, List<String>> settings() {
        Map<String, List<String>> settings = new TreeMap<>();
        for (ConfigOption<?> option : SessionOptions.known()) {
            settings.put(option.key(), SessionOptions.allowedValues(option.key()));
        }
        return settings;
    }

    @Override
    public List<String> formats() {
        return List.copyOf(new TreeSet<>(Formats.all().keySet()));
    }

    @Override
    public Map<String, String> jobs() {
        Map<String, String> jobs = new LinkedHashMap<>();
        try {
            for (JobInfo job : cluster.listJobs()) {
                jobs.put(job.id().value(), job.name() + " (" + job.status() + ")");
            }
        } catch (RuntimeException e) {
            // the cluster is going away: no jobs to offer
        }
        return jobs;
    }
}
