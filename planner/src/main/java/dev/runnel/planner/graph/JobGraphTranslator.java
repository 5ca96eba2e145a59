package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.MetadataColumns;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.codegen.NotNullEnforcerGenerator;
import dev.runnel.planner.plan.physical.CalcPhysicalRel;
import dev.runnel.planner.plan.physical.CorrelatePhysicalRel;
import dev.runnel.planner.plan.physical.ExpandPhysicalRel;
import dev.runnel.planner.plan.physical.GroupAggregatePhysicalRel;
import dev.runnel.planner.plan.physical.LookupJoinPhysicalRel;
import dev.runnel.planner.plan.physical.TemporalSortPhysicalRel;
import dev.runnel.planner.plan.physical.OverAggregatePhysicalRel;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.ReplicateRowsPhysicalRel;
import dev.runnel.planner.plan.physical.SinkPhysicalRel;
import dev.runnel.planner.plan.physical.TableSourceScanPhysicalRel;
import dev.runnel.planner.plan.physical.UnionPhysicalRel;
import dev.runnel.planner.plan.physical.ValuesPhysicalRel;
import dev.runnel.planner.plan.physical.WatermarkAssignerPhysicalRel;
import dev.runnel.planner.plan.physical.WindowJoinPhysicalRel;
import dev.runnel.runtime.blob.PipelineJars;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcOperatorFactory;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.source.watermark.WatermarkStrategy;
import dev.runnel.runtime.source.watermark.WatermarkedSource;
import dev.runnel.runtime.types.RowType;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.calcite.rel.RelNode;

/**
 * Translates a physical plan into a {@link JobGraph}. Operators are chained into the vertex of
 * their input whenever rows need no exchange (one input, same parallelism), so a scan, its
 * calcs and its sink run as one vertex; {@code UNION ALL} becomes a vertex with one edge per
 * input. A query ({@code SELECT}) ends in a collect sink of parallelism 1, behind a GLOBAL edge
 * when its input runs in parallel. A source that several branches read (a self-union, or the
 * inserts of a statement set) is one vertex with an edge to each branch. One translator
 * builds one job graph.
 */
public final class JobGraphTranslator {
    private final CalcCodeGenerator codeGenerator;
    private final int parallelism;
    private final ZoneId zone;
    private final List<VertexBuilder> vertices = new ArrayList<>();
    private final List<JobEdge> edges = new ArrayList<>();
    private final Map<String, Integer> scanCounts = new HashMap<>();
    /** The job's configuration, as {@code translate} got it. */
    private Configuration configuration = new Configuration();
    private final Map<String, VertexBuilder> sharedSources = new HashMap<>();
    private final Map<RelNode, WatermarkStrategy> sourceWatermarks = new HashMap<>();
    /** The window table functions being translated for a window aggregate over slices ({@link #visitSliced}). */
    private final Set<RelNode> slicedWindowFunctions = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * @param parallelism the parallelism of sources (and so of everything chained to them)
     * @param zone the session time zone that generated code uses for TIMESTAMP_LTZ
     */
    public JobGraphTranslator(CalcCodeGenerator codeGenerator, int parallelism, ZoneId zone) {
        this.codeGenerator = codeGenerator;
        this.parallelism = parallelism;
        this.zone = zone;
    }

    /**
     * The job graph of {@code plan}: an {@code INSERT} (rooted at a {@link SinkPhysicalRel}) or a
     * query, whose rows go to a collect sink.
     *
     * @throws TableConnectorException when a table's connector cannot read or write it
     */
    public JobGraph translate(PhysicalRel plan, String jobName, Configuration configuration) {
        this.configuration = configuration;
        countScans(plan);
        List<VertexBuilder> ends = visit(plan);
        if (!(plan instanceof SinkPhysicalRel)) {
            attach(ends, new CollectSinkOperatorFactory(), OptionalInt.of(1), new Partitioning.Global());
        }
        return build(jobName, configuration);
    }

    /**
     * One job graph for several {@code INSERT}s (a statement set). Scans that read the same
     * table with the same options ({@link SourceReuse#key}) become one source vertex whose
     * rows go to every branch that reads it: the source's output feeds one edge per branch,
     * so the table is read once.
     *
     * @throws TableConnectorException when a table's connector cannot read or write it
     */
    public JobGraph translate(List<SinkPhysicalRel> sinks, String jobName, Configuration configuration) {
        if (sinks.isEmpty()) {
            throw new IllegalArgumentException("A job needs at least one sink");
        }
        this.configuration = configuration;
        sinks.forEach(this::countScans);
        sinks.forEach(this::visit);
        return build(jobName, configuration);
    }

    private JobGraph build(String jobName, Configuration configuration) {
        List<JobVertex> built = vertices.stream().map(VertexBuilder::build).toList();
        List<String> jars = codeGenerator.jarsUsed();
        if (jars.isEmpty()) {
            return new JobGraph(jobName, built, edges, configuration);
        }
        // what a cluster of processes ships to its TaskManagers (Flink's pipeline.jars)
        Configuration withJars = configuration.copy();
        withJars.set(PipelineJars.JARS.key(), String.join(";", jars));
        return new JobGraph(jobName, built, edges, withJars);
    }

    /** Counts the scans of each source key, so that a source read by several branches is shared. */
    private void countScans(RelNode rel) {
        if (rel instanceof TableSourceScanPhysicalRel scan) {
            scanCounts.merge(SourceReuse.key(scan), 1, Integer::sum);
        }
        rel.getInputs().forEach(this::countScans);
    }

    /** The generator of calcs and predicates, for the translations of other physical rels. */
    CalcCodeGenerator codeGenerator() {
        return codeGenerator;
    }

    /** The session time zone that generated code uses for TIMESTAMP_LTZ. */
    ZoneId zone() {
        return zone;
    }

    /**
     * Translates {@code rel} as {@link #visit} does, but with the window table function
     * {@code windowFunction} below it appending each row's slice instead of its windows: the
     * window aggregate over {@code rel} aggregates slices. Elsewhere in the plan the same
     * function still appends windows.
     */
    List<VertexBuilder> visitSliced(RelNode rel, RelNode windowFunction) {
        slicedWindowFunctions.add(windowFunction);
        try {
            return visit(rel);
        } finally {
            slicedWindowFunctions.remove(windowFunction);
        }
    }

    /** The configuration of the job being translated. */
    Configuration configuration() {
        return configuration;
    }

    /** Whether {@code windowFunction} appends slices ({@link #visitSliced}). */
    boolean appendsSlices(RelNode windowFunction) {
        return slicedWindowFunctions.contains(windowFunction);
    }

    /** The source of {@code scan} generates watermarks by {@code strategy} ({@link WatermarkTranslation}). */
    void generateWatermarksAt(TableSourceScanPhysicalRel scan, WatermarkStrategy strategy) {
        sourceWatermarks.put(scan, strategy);
    }

    /**
     * Adds a stateful operator as the head of a new vertex, fed by one stream per input number
     * ({@code inputs.get(i)} is input {@code i}). Each input's rows are partitioned by HASH on
     * {@code keys.get(i)} so that equal keys meet in one subtask; when the keys are empty (a
     * global aggregate, say) the vertex runs with parallelism 1 behind GLOBAL edges.
     */
    List<VertexBuilder> attachKeyed(List<List<VertexBuilder>> inputs, OperatorFactory operator, List<int[]> keys) {
        if (inputs.size() != keys.size()) {
            throw new IllegalArgumentException("One key per input: " + inputs.size() + " inputs, " + keys.size() + " keys");
        }
        boolean global = keys.stream().allMatch(k -> k.length == 0);
        VertexBuilder vertex = newVertex(null, operator, global ? 1 : parallelism, !global);
        for (int input = 0; input < inputs.size(); input++) {
            Partitioning partitioning = global ? new Partitioning.Global() : new Partitioning.Hash(keys.get(input));
            for (VertexBuilder from : inputs.get(input)) {
                edges.add(new JobEdge(from.id, vertex.id, input, partitioning, from.outputType));
            }
        }
        return List.of(vertex);
    }

    /**
     * Translates {@code rel}; returns the vertices whose last operator produces its rows, each
     * knowing their schema (for the edges from it).
     */
    List<VertexBuilder> visit(RelNode rel) {
        List<VertexBuilder> ends = translateRel(rel);
        // a union passes its inputs' vertices on: they keep their own (equal or less nullable) type
        if (!(rel instanceof UnionPhysicalRel) && !(rel instanceof SinkPhysicalRel)) {
            RowType type = edgeType(rel);
            ends.forEach(vertex -> vertex.outputType = type);
        }
        return ends;
    }

    /** The runtime schema of {@code rel}'s rows, or {@code null} when the runtime has no serializer for a field. */
    private static RowType edgeType(RelNode rel) {
        try {
            return TypeConversions.toRowType(rel.getRowType());
        } catch (TypeConversions.UnsupportedTypeException e) {
            return null; // the rows then say their fields' types on the wire
        }
    }

    private List<VertexBuilder> translateRel(RelNode rel) {
        if (rel instanceof TableSourceScanPhysicalRel scan) {
            String key = SourceReuse.key(scan);
            VertexBuilder shared = sharedSources.get(key);
            if (shared != null) {
                return List.of(shared);
            }
            TableContext table = MetadataColumns.sourceContext(scan.catalogTable());
            SourceFactory source;
            int sourceParallelism;
            boolean sourceFollowsJob;
            try {
                ConnectorFactory factory = ConnectorFactories.factoryFor(table);
                source = factory.createSource(table);
                OptionalInt own = factory.sourceParallelism(table);
                sourceParallelism = own.orElse(parallelism);
                sourceFollowsJob = own.isEmpty();
            } catch (ConfigException e) {
                throw new TableConnectorException(scan.catalogTable().name(), e);
            }
            WatermarkStrategy watermarks = sourceWatermarks.get(scan);
            if (watermarks != null) {
                source = new WatermarkedSource(source, watermarks);
            }
            VertexBuilder vertex = newVertex(source, null, sourceParallelism, sourceFollowsJob);
            if (scanCounts.getOrDefault(key, 0) > 1) {
                vertex.shared = true;
                sharedSources.put(key, vertex);
            }
            return List.of(vertex);
        }
        if (rel instanceof WatermarkAssignerPhysicalRel assigner) {
            return WatermarkTranslation.translate(assigner, this);
        }
        if (rel instanceof ValuesPhysicalRel values) {
            // Literal rows are few: one subtask emits them in order.
            return List.of(newVertex(new ValuesSourceFactory(ValuesRows.of(values)), null, 1, false));
        }
        if (rel instanceof CalcPhysicalRel calc) {
            return CalcTranslation.translate(calc, this);
        }
        if (rel instanceof ReplicateRowsPhysicalRel replicate) {
            return ReplicateRowsTranslation.translate(replicate, this);
        }
        if (rel instanceof GroupAggregatePhysicalRel aggregate) {
            return GroupAggregateTranslation.translate(this, aggregate);
        }
        if (WindowRankTranslation.handles(rel)) {
            return WindowRankTranslation.translate(this, rel);
        }
        if (rel instanceof ExpandPhysicalRel expand) {
            return ExpandTranslation.translate(this, expand);
        }
        if (rel instanceof TemporalSortPhysicalRel sort) {
            return SortTranslation.translate(this, sort);
        }
        if (RankTranslation.handles(rel)) {
            return RankTranslation.translate(this, rel);
        }
        if (rel instanceof OverAggregatePhysicalRel over) {
            return OverAggregateTranslation.translate(this, over);
        }
        if (rel instanceof WindowJoinPhysicalRel windowJoin) {
            return WindowJoinTranslation.translate(this, windowJoin);
        }
        if (rel instanceof LookupJoinPhysicalRel lookupJoin) {
            return LookupJoinTranslation.translate(this, lookupJoin);
        }
        if (rel instanceof CorrelatePhysicalRel correlate) {
            return CorrelateTranslation.translate(this, correlate);
        }
        if (JoinTranslation.handles(rel)) {
            return JoinTranslation.translate(this, rel);
        }
        if (rel instanceof UnionPhysicalRel union) {
            List<VertexBuilder> ends = new ArrayList<>();
            for (RelNode input : union.getInputs()) {
                ends.addAll(visit(input));
            }
            return ends;
        }
        if (rel instanceof SinkPhysicalRel sink) {
            List<VertexBuilder> input = visit(sink.getInput());
            CatalogTable table = sink.table();
            TableContext context = MetadataColumns.sinkContext(table);
            OperatorFactory operator;
            OptionalInt sinkParallelism;
            try {
                ConnectorFactory factory = ConnectorFactories.factoryFor(context);
                operator = factory.createSink(context);
                factory.validateSinkJob(context, configuration);
                sinkParallelism = factory.sinkParallelism(context);
            } catch (ConfigException e) {
                throw new TableConnectorException(table.name(), e);
            }
            // A NOT NULL column that the query may fill with NULL is checked on every row.
            List<Integer> notNull = new ArrayList<>();
            var inputFields = sink.getInput().getRowType().getFieldList();
            for (int i = 0; i < table.schema().arity(); i++) {
                if (!table.schema().type(i).nullable() && inputFields.get(i).getType().isNullable()) {
                    notNull.add(i);
                }
            }
            if (!notNull.isEmpty()) {
                List<String> names = table.schema().names();
                String checked = notNull.stream().map(names::get).reduce((a, b) -> a + ", " + b).orElseThrow();
                input = attach(input, new CalcOperatorFactory("NotNullEnforcer(fields=[" + checked + "])",
                        NotNullEnforcerGenerator.generate(table.qualifiedName(), names, notNull)),
                        OptionalInt.empty(), new Partitioning.Rebalance());
                RowType checkedType = edgeType(sink.getInput()); // the same rows, checked
                input.forEach(vertex -> vertex.outputType = checkedType);
            }
            return attach(input, operator, sinkParallelism, new Partitioning.Rebalance());
        }
        if (WindowTranslation.handles(rel)) {
            return WindowTranslation.translate(this, rel);
        }
        throw new IllegalStateException("No job graph translation for " + rel.getRelTypeName());
    }

    /**
     * Adds {@code operator} after {@code inputs}: chained into the single input vertex when
     * it runs with the {@code required} parallelism (or none is required), else as the head of
     * a new vertex (of the required parallelism, or the job's) with an edge from each input:
     * {@code FORWARD} where parallelism matches, else {@code exchange}.
     */
    List<VertexBuilder> attach(List<VertexBuilder> inputs, OperatorFactory operator, OptionalInt required,
                                       Partitioning exchange) {
        if (inputs.size() == 1 && !inputs.get(0).shared
                && (required.isEmpty() || required.getAsInt() == inputs.get(0).parallelism)) {
            inputs.get(0).operators.add(operator);
            return inputs;
        }
        // A branch of a shared source keeps the source's parallelism, so its edge is FORWARD.
        int newParallelism = required.orElse(inputs.size() == 1 ? inputs.get(0).parallelism : parallelism);
        boolean followsJob = required.isEmpty() && (inputs.size() != 1 || inputs.get(0).followsJob);
        VertexBuilder vertex = newVertex(null, operator, newParallelism, followsJob);
        for (VertexBuilder input : inputs) {
            Partitioning partitioning = input.parallelism == newParallelism && !(exchange instanceof Partitioning.Global)
                    ? new Partitioning.Forward() : exchange;
            edges.add(new JobEdge(input.id, vertex.id, 0, partitioning, input.outputType));
        }
        return List.of(vertex);
    }

    private VertexBuilder newVertex(SourceFactory source, OperatorFactory first, int vertexParallelism,
                                    boolean followsJob) {
        VertexBuilder vertex = new VertexBuilder(vertices.size() + 1, source, vertexParallelism, followsJob);
        if (first != null) {
            vertex.operators.add(first);
        }
        vertices.add(vertex);
        return vertex;
    }

    /** A vertex being assembled: its source (if any) and the operators chained so far. */
    static final class VertexBuilder {
        final int id;
        final SourceFactory source;
        final int parallelism;
        /** Whether {@link #parallelism} is the job's and changes when the job rescales ({@link JobVertex#followsJob}). */
        final boolean followsJob;
        final List<OperatorFactory> operators = new ArrayList<>();
        /** A source read by several branches: nothing chains to it, each branch gets an edge. */
        boolean shared;
        /** The schema of the rows its last operator emits, once known; {@code null} before, or if not serializable. */
        RowType outputType;

        VertexBuilder(int id, SourceFactory source, int parallelism, boolean followsJob) {
            this.id = id;
            this.source = source;
            this.parallelism = parallelism;
            this.followsJob = followsJob;
        }

        JobVertex build() {
            List<String> names = new ArrayList<>();
            if (source != null) {
                names.add(source.name());
            }
            operators.forEach(o -> names.add(o.name()));
            return new JobVertex(id, String.join(" -> ", names), parallelism, source, operators, followsJob);
        }
    }
}
