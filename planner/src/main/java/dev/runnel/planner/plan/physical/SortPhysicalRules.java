package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.Sorts;
import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.type.RelDataType;

/**
 * Converts {@code ORDER BY} / {@code LIMIT} / {@code OFFSET} as Flink's stream planner does: a
 * sort with a fetch and keys is a {@link SortLimitPhysicalRel} (a global Top-N), one with a fetch
 * and no keys a {@link LimitPhysicalRel}, one without fetch a {@link TemporalSortPhysicalRel}
 * (only on a time attribute: {@link Sorts#check} refuses the rest before planning); LIMIT 0 is an
 * empty {@code Values}.
 */
public final class SortPhysicalRules {
    private SortPhysicalRules() {
    }

    public static final ConverterRule SORT = ConverterRule.Config.INSTANCE
            .withConversion(LogicalSort.class, Convention.NONE, RunnelConvention.INSTANCE, "SortPhysicalRule")
            .withRuleFactory(SortPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final List<RelOptRule> ALL = List.of(SORT);

    static final class SortPhysicalRule extends ConverterRule {
        SortPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalSort sort = (LogicalSort) rel;
            var traits = sort.getTraitSet().replace(RunnelConvention.INSTANCE);
            RelNode input = ConverterRule.convert(sort.getInput(),
                    sort.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
            if (sort.fetch == null) {
                Optional<TimeAttributes.Kind> time = Sorts.temporalSort(sort);
                return time.map(kind -> new TemporalSortPhysicalRel(sort.getCluster(), traits, input,
                        sort.getCollation(), kind == TimeAttributes.Kind.ROWTIME)).orElse(null);
            }
            long offset = Sorts.value(sort.offset, 0);
            long fetch = Sorts.value(sort.fetch, 0);
            if (fetch == 0) {
                RelDataType type = sort.getRowType();
                return new ValuesPhysicalRel(sort.getCluster(), type, ImmutableList.of(),
                        traits);
            }
            if (sort.getCollation().getFieldCollations().isEmpty()) {
                return new LimitPhysicalRel(sort.getCluster(), traits, input, offset, fetch);
            }
            return new SortLimitPhysicalRel(sort.getCluster(), traits, input, sort.getCollation(), offset, fetch);
        }
    }
}
