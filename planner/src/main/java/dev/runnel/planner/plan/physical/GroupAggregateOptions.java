package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.RelTrees;
import dev.runnel.planner.plan.logical.SplitDistinctAggregates;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.aggregate.MiniBatchSettings;
import java.time.Duration;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * The session options that shape group aggregation, with Flink's keys, and where the planner
 * applies them: split distinct aggregation on the logical plan ({@link #splitDistinct}),
 * mini-batch on the physical plan ({@link #applyMiniBatch}).
 */
public final class GroupAggregateOptions {
    private GroupAggregateOptions() {
    }

    public static final ConfigOption<Boolean> MINI_BATCH_ENABLED = ConfigOption.of("table.exec.mini-batch.enabled",
            Boolean.class, false, "Whether group aggregations buffer input rows per key and fold them into state "
                    + "at once (needs allow-latency and size).");
    public static final ConfigOption<Duration> MINI_BATCH_ALLOW_LATENCY = ConfigOption.of(
            "table.exec.mini-batch.allow-latency", Duration.class, Duration.ZERO,
            "How long a mini-batch may buffer rows before it is folded into state.");
    public static final ConfigOption<Long> MINI_BATCH_SIZE = ConfigOption.of("table.exec.mini-batch.size", Long.class,
            -1L, "How many rows a mini-batch buffers at most.");
    public static final ConfigOption<Boolean> DISTINCT_AGG_SPLIT_ENABLED = ConfigOption.of(
            "table.optimizer.distinct-agg.split.enabled", Boolean.class, false,
            "Whether COUNT(DISTINCT …) is split into a partial aggregate per hash bucket and a final one, for skewed groups.");
    public static final ConfigOption<Integer> DISTINCT_AGG_SPLIT_BUCKET_NUM = ConfigOption.of(
            "table.optimizer.distinct-agg.split.bucket-num", Integer.class, 1024,
            "The number of buckets of a split distinct aggregation.");

    /**
     * Flink's {@code table.optimizer.agg-phase-strategy}: whether an aggregation pre-aggregates
     * each subtask's rows before the shuffle (a local phase) and merges the partial results after it
     * (a global phase). Window aggregates over slices take two phases; group aggregates only with
     * mini-batch (as in Flink), where every call can be merged from partial rows.
     */
    public enum AggPhaseStrategy {
        /** Two phases wherever they are possible. */
        AUTO,
        /** Never a local phase. */
        ONE_PHASE,
        /** Two phases where they are possible, as {@link #AUTO}. */
        TWO_PHASE
    }

    public static final ConfigOption<AggPhaseStrategy> AGG_PHASE_STRATEGY = ConfigOption.of(
            "table.optimizer.agg-phase-strategy", AggPhaseStrategy.class, AggPhaseStrategy.AUTO,
            "Whether window aggregates over slices, and group aggregates with mini-batch, pre-aggregate each subtask's "
                    + "rows per key before the shuffle (a local phase) and merge them after it (a global phase): AUTO, "
                    + "ONE_PHASE or TWO_PHASE.");

    public static List<ConfigOption<?>> all() {
        return List.of(MINI_BATCH_ENABLED, MINI_BATCH_ALLOW_LATENCY, MINI_BATCH_SIZE, DISTINCT_AGG_SPLIT_ENABLED,
                DISTINCT_AGG_SPLIT_BUCKET_NUM, AGG_PHASE_STRATEGY);
    }

    /** Whether aggregates that can take two phases get them under {@code configuration}. */
    public static boolean twoPhase(Configuration configuration) {
        return configuration.get(AGG_PHASE_STRATEGY) != AggPhaseStrategy.ONE_PHASE;
    }

    /**
     * Checks a value given to {@code SET} for one of these options.
     *
     * @throws ConfigException when it is malformed or out of range
     */
    public static void validate(String key, String value) {
        String expected = switch (key) {
            case "table.exec.mini-batch.allow-latency" ->
                    Configuration.parse(key, value, Duration.class).isNegative() ? "a duration such as '1 s'" : null;
            // -1 is Flink's default: not set.
            case "table.exec.mini-batch.size" -> {
                long size = Configuration.parse(key, value, Long.class);
                yield size > 0 || size == -1 ? null : "a positive number (or -1: not set)";
            }
            case "table.optimizer.distinct-agg.split.bucket-num" ->
                    Configuration.parse(key, value, Integer.class) > 0 ? null : "a positive number";
            default -> null;
        };
        if (expected != null) {
            throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key + "': expected " + expected);
        }
    }

    /** {@code logical} with distinct aggregates split when {@code table.optimizer.distinct-agg.split.enabled}. */
    public static RelNode splitDistinct(RelNode logical, Configuration configuration) {
        if (!configuration.get(DISTINCT_AGG_SPLIT_ENABLED)) {
            return logical;
        }
        return SplitDistinctAggregates.rewrite(logical, configuration.get(DISTINCT_AGG_SPLIT_BUCKET_NUM));
    }

    /**
     * {@code plan} with every group aggregate buffering mini-batches when
     * {@code table.exec.mini-batch.enabled}.
     *
     * @throws SqlExecutionException when mini-batch is enabled without a positive latency and size
     */
    public static PhysicalRel applyMiniBatch(PhysicalRel plan, Configuration configuration) {
        if (!configuration.get(MINI_BATCH_ENABLED)) {
            return plan;
        }
        Duration latency = configuration.get(MINI_BATCH_ALLOW_LATENCY);
        long size = configuration.get(MINI_BATCH_SIZE);
        if (latency.isZero() || latency.isNegative() || size <= 0) {
            throw new SqlExecutionException("'" + MINI_BATCH_ENABLED.key() + "' needs a positive '"
                    + MINI_BATCH_ALLOW_LATENCY.key() + "' and '" + MINI_BATCH_SIZE.key() + "', as in Flink");
        }
        MiniBatchSettings settings = new MiniBatchSettings(latency, size);
        return (PhysicalRel) RelTrees.rewriteBottomUp(plan, node ->
                node instanceof GroupAggregatePhysicalRel aggregate ? aggregate.withMiniBatch(settings) : node);
    }
}
