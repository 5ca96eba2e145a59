package dev.runnel.planner.session;

import static dev.runnel.planner.session.CreateTableCommand.error;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.session.CreateTableCommand.ColumnDraft;
import dev.runnel.planner.session.CreateTableCommand.TableDraft;
import dev.runnel.sql.parser.ddl.SqlCreateTable;
import dev.runnel.sql.parser.ddl.SqlTableLike;
import dev.runnel.sql.parser.ddl.SqlTableLike.Feature;
import dev.runnel.sql.parser.ddl.SqlTableLike.LikeOption;
import dev.runnel.sql.parser.ddl.SqlTableLike.MergingStrategy;
import dev.runnel.sql.parser.ddl.SqlTableOption;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Merges {@code CREATE TABLE t (...) WITH (...) LIKE source (options)} with the source table,
 * by Flink's rules:
 * <ul>
 *   <li>without options: {@code INCLUDING ALL OVERWRITING OPTIONS}; an {@code ALL} option is
 *       applied first, then the others, wherever they are written; a feature may be named once;
 *       {@code OVERWRITING} is not allowed for {@code CONSTRAINTS} and {@code PARTITIONS};
 *   <li>physical columns of the source always come first; a new column may not repeat one;
 *       computed ({@code GENERATED}) and metadata columns of the source are kept unless
 *       excluded, and replaced by a new one of the same name only when {@code OVERWRITING};
 *   <li>watermark, primary key ({@code CONSTRAINTS}) and partitions of the source are kept
 *       unless excluded; declaring another one is an error unless the source's is excluded
 *       (or, for the watermark, overwritten; declaring the source's partitions again is allowed);
 *   <li>options: {@code INCLUDING} merges and rejects a key set twice, {@code OVERWRITING}
 *       lets the new value win, {@code EXCLUDING} keeps only the new options.
 * </ul>
 */
final class TableLikeMerger {
    private static final Set<Feature> NOT_OVERWRITABLE = EnumSet.of(Feature.CONSTRAINTS, Feature.PARTITIONS);

    private final SqlCreateTable create;
    private final CatalogTable source;
    private final Map<Feature, MergingStrategy> strategies;

    TableLikeMerger(SqlCreateTable create, CatalogTable source) {
        this.create = create;
        this.source = source;
        this.strategies = strategies(create.like());
    }

    /** The merging strategy of every feature but ALL (defaults, then ALL, then each option). */
    static Map<Feature, MergingStrategy> strategies(SqlTableLike like) {
        Map<Feature, MergingStrategy> result = new EnumMap<>(Feature.class);
        for (Feature feature : Feature.values()) {
            if (feature != Feature.ALL) {
                result.put(feature, MergingStrategy.INCLUDING);
            }
        }
        result.put(Feature.OPTIONS, MergingStrategy.OVERWRITING);
        Set<Feature> seen = EnumSet.noneOf(Feature.class);
        for (LikeOption option : like.options()) {
            if (!seen.add(option.feature())) {
                throw error("Each like option feature can be declared only once.", option.pos());
            }
            if (option.strategy() == MergingStrategy.OVERWRITING && NOT_OVERWRITABLE.contains(option.feature())) {
                throw error("Illegal merging strategy 'OVERWRITING' for '" + option.feature() + "' option.",
                        option.pos());
            }
        }
        like.options().stream().filter(o -> o.feature() == Feature.ALL).forEach(all -> {
            for (Feature feature : result.keySet()) {
                result.put(feature, all.strategy() == MergingStrategy.OVERWRITING && NOT_OVERWRITABLE.contains(feature)
                        ? MergingStrategy.INCLUDING : all.strategy());
            }
        });
        like.options().stream().filter(o -> o.feature() != Feature.ALL)
                .forEach(o -> result.put(o.feature(), o.strategy()));
        return result;
    }

    /** Fills {@code draft} from the source table and the statement's own parts. */
    void merge(TableDraft draft, List<ColumnDraft> declared, Map<String, SqlTableOption> declaredOptions) {
        SqlParserPos likePos = create.like().getParserPosition();
        for (TableColumn column : source.columns()) {
            if (column instanceof TableColumn.Computed && excluded(Feature.GENERATED)
                    || column instanceof TableColumn.Metadata && excluded(Feature.METADATA)) {
                continue;
            }
            draft.columns.add(new ColumnDraft(column.name(), column, null, column.comment(), likePos, false));
        }
        for (ColumnDraft column : declared) {
            mergeColumn(draft, column);
        }
        mergeOptions(draft, declaredOptions);
        mergeWatermark(draft);
        mergeConstraints(draft);
        mergePartitions(draft);
    }

    private boolean excluded(Feature feature) {
        return strategies.get(feature) == MergingStrategy.EXCLUDING;
    }

    private void mergeColumn(TableDraft draft, ColumnDraft column) {
        int index = draft.indexOf(column.name());
        if (index < 0) {
            draft.columns.add(column);
            return;
        }
        ColumnDraft existing = draft.columns.get(index);
        if (existing.isComputed()) {
            if (column.isComputed() && strategies.get(Feature.GENERATED) == MergingStrategy.OVERWRITING) {
                draft.columns.set(index, column);
                return;
            }
            throw error("A generated column named '" + column.name() + "' already exists in the base table. You "
                    + "might want to specify EXCLUDING GENERATED or OVERWRITING GENERATED.", column.pos());
        }
        if (existing.isMetadata()) {
            if (column.isMetadata() && strategies.get(Feature.METADATA) == MergingStrategy.OVERWRITING) {
                draft.columns.set(index, column);
                return;
            }
            throw error("A metadata column named '" + column.name() + "' already exists in the base table. You "
                    + "might want to specify EXCLUDING METADATA or OVERWRITING METADATA.", column.pos());
        }
        throw error("A column named '" + column.name() + "' already exists in the base table.", column.pos());
    }

    private void mergeOptions(TableDraft draft, Map<String, SqlTableOption> declaredOptions) {
        MergingStrategy strategy = strategies.get(Feature.OPTIONS);
        if (strategy != MergingStrategy.EXCLUDING) {
            draft.options.putAll(source.options());
        }
        for (SqlTableOption option : declaredOptions.values()) {
            String old = draft.options.get(option.key());
            if (old != null && strategy == MergingStrategy.INCLUDING) {
                throw error("There already exists an option ['" + option.key() + "' -> '" + old + "'] in the base "
                        + "table. You might want to specify EXCLUDING OPTIONS or OVERWRITING OPTIONS.",
                        option.keyLiteral().getParserPosition());
            }
            draft.options.put(option.key(), option.value());
        }
    }

    private void mergeWatermark(TableDraft draft) {
        MergingStrategy strategy = strategies.get(Feature.WATERMARKS);
        var declared = create.watermarks();
        if (declared.size() > 1) {
            throw error("Multiple watermark definitions are not supported", declared.get(1).getParserPosition());
        }
        boolean keepSource = strategy != MergingStrategy.EXCLUDING && source.watermark() != null;
        if (!declared.isEmpty()) {
            if (keepSource && strategy == MergingStrategy.INCLUDING) {
                throw error("There already exists a watermark spec for column '" + source.watermark().rowtimeColumn()
                        + "' in the base table. You might want to specify EXCLUDING WATERMARKS or OVERWRITING "
                        + "WATERMARKS.", declared.get(0).getParserPosition());
            }
            draft.watermark = declared.get(0);
        } else if (keepSource) {
            draft.inheritedWatermark = source.watermark();
        }
    }

    private void mergeConstraints(TableDraft draft) {
        var declared = create.primaryKeys();
        if (declared.size() > 1) {
            throw error("Duplicate primary key definition", declared.get(1).getParserPosition());
        }
        boolean keepSource = !excluded(Feature.CONSTRAINTS) && source.primaryKey() != null;
        if (!declared.isEmpty()) {
            if (keepSource) {
                throw error("The base table already has a primary key. You might want to specify EXCLUDING "
                        + "CONSTRAINTS.", declared.get(0).getParserPosition());
            }
            draft.primaryKey = declared.get(0);
        } else if (keepSource) {
            draft.inheritedPrimaryKey = source.primaryKey();
        }
    }

    private void mergePartitions(TableDraft draft) {
        boolean keepSource = !excluded(Feature.PARTITIONS) && !source.partitionKeys().isEmpty();
        if (!create.partitionKeyList().isEmpty()) {
            // As in Flink since FLINK-37941: repeating the source's partitions is no conflict.
            if (keepSource && !create.partitionKeys().equals(source.partitionKeys())) {
                throw error("The base table already has partitions defined. You might want to specify EXCLUDING "
                        + "PARTITIONS.", create.partitionKeyList().get(0).getParserPosition());
            }
            draft.partitionKeys = create.partitionKeyList();
        } else if (keepSource) {
            draft.inheritedPartitionKeys = source.partitionKeys();
        }
    }
}
