package dev.runnel.planner.plan.physical;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.Set;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalJoin;

/** The rules that turn logical joins into streaming joins: regular, interval, temporal and lookup joins. */
public final class JoinPhysicalRules {
    private JoinPhysicalRules() {
    }

    private static final Set<JoinRelType> REGULAR_TYPES =
            Set.of(JoinRelType.INNER, JoinRelType.LEFT, JoinRelType.RIGHT, JoinRelType.FULL);

    /** A regular join: any inner or outer join that is neither an interval join nor a window join; any semi or anti join. */
    public static final ConverterRule JOIN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalJoin.class, JoinPhysicalRules::isRegularJoin, Convention.NONE,
                    RunnelConvention.INSTANCE, "JoinPhysicalRule")
            .withRuleFactory(JoinRule::new)
            .toRule(ConverterRule.class);

    /** An event-time interval join: time bounds between two rowtime attributes ({@link IntervalJoinSpec}). */
    public static final ConverterRule INTERVAL_JOIN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalJoin.class, JoinPhysicalRules::isIntervalJoin, Convention.NONE,
                    RunnelConvention.INSTANCE, "IntervalJoinPhysicalRule")
            .withRuleFactory(IntervalJoinRule::new)
            .toRule(ConverterRule.class);

    /** An event-time temporal join: a correlate over a snapshot of a versioned table ({@link TemporalJoinSpec}). */
    public static final ConverterRule TEMPORAL_JOIN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalCorrelate.class, (LogicalCorrelate c) -> TemporalJoinSpec.matches(c)
                            && !LookupJoinSpec.matches(c), Convention.NONE, RunnelConvention.INSTANCE,
                    "TemporalJoinPhysicalRule")
            .withRuleFactory(TemporalJoinRule::new)
            .toRule(ConverterRule.class);

    /** A processing-time temporal join: a correlate over a snapshot AS OF a PROCTIME() attribute ({@link LookupJoinSpec}). */
    public static final ConverterRule LOOKUP_JOIN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalCorrelate.class, LookupJoinSpec::matches, Convention.NONE,
                    RunnelConvention.INSTANCE, "LookupJoinPhysicalRule")
            .withRuleFactory(LookupJoinRule::new)
            .toRule(ConverterRule.class);

    private static boolean isIntervalJoin(LogicalJoin join) {
        return REGULAR_TYPES.contains(join.getJoinType()) && !isWindowJoin(join) && IntervalJoinSpec.of(join).isPresent();
    }

    private static boolean isRegularJoin(LogicalJoin join) {
        return REGULAR_TYPES.contains(join.getJoinType()) && !isWindowJoin(join)
                && IntervalJoinSpec.of(join).isEmpty()
                || !join.getJoinType().projectsRight(); // semi and anti joins, from IN/EXISTS and set operations
    }

    /** A join of two windowed inputs on both window bounds: {@link WindowJoinPhysicalRules} plans it. */
    static boolean isWindowJoin(LogicalJoin join) {
        return REGULAR_TYPES.contains(join.getJoinType()) && WindowJoinSpec.of(join).isPresent();
    }

    static RelNode physical(RelNode input) {
        return ConverterRule.convert(input, input.getTraitSet().replace(RunnelConvention.INSTANCE));
    }

    static final class IntervalJoinRule extends ConverterRule {
        IntervalJoinRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalJoin join = (LogicalJoin) rel;
            return new IntervalJoinPhysicalRel(join.getCluster(), join.getTraitSet().replace(RunnelConvention.INSTANCE),
                    physical(join.getLeft()), physical(join.getRight()), join.getCondition(), join.getJoinType(),
                    IntervalJoinSpec.of(join).orElseThrow());
        }
    }

    static final class TemporalJoinRule extends ConverterRule {
        TemporalJoinRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalCorrelate correlate = (LogicalCorrelate) rel;
            if (correlate.getJoinType() != JoinRelType.INNER && correlate.getJoinType() != JoinRelType.LEFT) {
                throw new SqlExecutionException("A temporal join must be an inner or a LEFT join");
            }
            TemporalJoinSpec spec = TemporalJoinSpec.of(correlate);
            return new TemporalJoinPhysicalRel(correlate.getCluster(),
                    correlate.getTraitSet().replace(RunnelConvention.INSTANCE), physical(spec.left()),
                    physical(spec.right()), spec);
        }
    }

    static final class LookupJoinRule extends ConverterRule {
        LookupJoinRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalCorrelate correlate = (LogicalCorrelate) rel;
            if (correlate.getJoinType() != JoinRelType.INNER && correlate.getJoinType() != JoinRelType.LEFT) {
                throw new SqlExecutionException("A lookup join must be an inner or a LEFT join");
            }
            LookupJoinSpec spec = LookupJoinSpec.of(correlate);
            return new LookupJoinPhysicalRel(correlate.getCluster(),
                    correlate.getTraitSet().replace(RunnelConvention.INSTANCE), physical(spec.left()),
                    correlate.getRowType(), spec);
        }
    }

    static final class JoinRule extends ConverterRule {
        JoinRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalJoin join = (LogicalJoin) rel;
            return new JoinPhysicalRel(join.getCluster(), join.getTraitSet().replace(RunnelConvention.INSTANCE),
                    physical(join.getLeft()), physical(join.getRight()), join.getCondition(), join.getJoinType(),
                    JoinKeys.of(join.getLeft(), join.getRight(), join.getCondition()));
        }
    }
}
