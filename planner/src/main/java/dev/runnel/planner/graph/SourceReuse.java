package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.plan.physical.TableSourceScanPhysicalRel;
import java.util.TreeMap;

/**
 * When two scans can share one source: they read the same table with the same options (a scan
 * reads every column, so nothing else tells them apart). The job graph translator and
 * {@code EXPLAIN}'s execution plan use the same rule.
 */
public final class SourceReuse {
    private SourceReuse() {
    }

    /** Equal for scans that one source vertex can serve. */
    public static String key(TableSourceScanPhysicalRel scan) {
        CatalogTable table = scan.catalogTable();
        return table.qualifiedName() + new TreeMap<>(table.options());
    }
}
