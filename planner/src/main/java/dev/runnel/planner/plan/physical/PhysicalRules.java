package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.SinkLogicalRel;
import dev.runnel.planner.plan.logical.WatermarkAssignerLogicalRel;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.logical.LogicalValues;

/** The rules that convert the optimized logical plan into {@link RunnelConvention}, one per physical rel. */
public final class PhysicalRules {
    private PhysicalRules() {
    }

    public static final ConverterRule TABLE_SOURCE_SCAN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalTableScan.class, Convention.NONE, RunnelConvention.INSTANCE, "TableSourceScanPhysicalRule")
            .withRuleFactory(TableSourceScanPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final ConverterRule CALC = ConverterRule.Config.INSTANCE
            .withConversion(LogicalCalc.class, Convention.NONE, RunnelConvention.INSTANCE, "CalcPhysicalRule")
            .withRuleFactory(CalcPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final ConverterRule VALUES = ConverterRule.Config.INSTANCE
            .withConversion(LogicalValues.class, Convention.NONE, RunnelConvention.INSTANCE, "ValuesPhysicalRule")
            .withRuleFactory(ValuesPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final ConverterRule UNION = ConverterRule.Config.INSTANCE
            .withConversion(LogicalUnion.class, (LogicalUnion u) -> u.all, Convention.NONE, RunnelConvention.INSTANCE,
                    "UnionPhysicalRule")
            .withRuleFactory(UnionPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final ConverterRule SINK = ConverterRule.Config.INSTANCE
            .withConversion(SinkLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE, "SinkPhysicalRule")
            .withRuleFactory(SinkPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final ConverterRule WATERMARK_ASSIGNER = ConverterRule.Config.INSTANCE
            .withConversion(WatermarkAssignerLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE,
                    "WatermarkAssignerPhysicalRule")
            .withRuleFactory(WatermarkAssignerPhysicalRule::new)
            .toRule(ConverterRule.class);

    /** Every physical conversion rule. */
    public static final List<RelOptRule> ALL = Stream.of(WindowPhysicalRules.ALL.stream(), SortPhysicalRules.ALL.stream(),
            ExpandPhysicalRules.ALL.stream(),
            Stream.<RelOptRule>of(TABLE_SOURCE_SCAN, CALC, VALUES, UNION, SINK, WATERMARK_ASSIGNER,
                    GroupAggregatePhysicalRule.INSTANCE, RankPhysicalRules.RANK, WindowRankPhysicalRules.WINDOW_RANK,
                    OverAggregatePhysicalRules.OVER_AGGREGATE,
                    JoinPhysicalRules.JOIN, JoinPhysicalRules.INTERVAL_JOIN, JoinPhysicalRules.TEMPORAL_JOIN,
                    JoinPhysicalRules.LOOKUP_JOIN,
                    WindowJoinPhysicalRules.WINDOW_JOIN, CorrelatePhysicalRules.CORRELATE,
                    SetOpPhysicalRules.REPLICATE_ROWS)).flatMap(s -> s).toList();

    private static RelNode physical(RelNode input) {
        return ConverterRule.convert(input, input.getTraitSet().replace(RunnelConvention.INSTANCE));
    }

    static final class TableSourceScanPhysicalRule extends ConverterRule {
        TableSourceScanPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalTableScan scan = (LogicalTableScan) rel;
            return new TableSourceScanPhysicalRel(scan.getCluster(), scan.getTraitSet().replace(RunnelConvention.INSTANCE),
                    scan.getTable());
        }
    }

    static final class CalcPhysicalRule extends ConverterRule {
        CalcPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalCalc calc = (LogicalCalc) rel;
            return new CalcPhysicalRel(calc.getCluster(), calc.getTraitSet().replace(RunnelConvention.INSTANCE),
                    physical(calc.getInput()), calc.getProgram());
        }
    }

    static final class ValuesPhysicalRule extends ConverterRule {
        ValuesPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalValues values = (LogicalValues) rel;
            return new ValuesPhysicalRel(values.getCluster(), values.getRowType(), values.getTuples(),
                    values.getTraitSet().replace(RunnelConvention.INSTANCE));
        }
    }

    static final class UnionPhysicalRule extends ConverterRule {
        UnionPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalUnion union = (LogicalUnion) rel;
            return new UnionPhysicalRel(union.getCluster(), union.getTraitSet().replace(RunnelConvention.INSTANCE),
                    union.getInputs().stream().map(PhysicalRules::physical).toList());
        }
    }

    static final class SinkPhysicalRule extends ConverterRule {
        SinkPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            SinkLogicalRel sink = (SinkLogicalRel) rel;
            return new SinkPhysicalRel(sink.getCluster(), sink.getTraitSet().replace(RunnelConvention.INSTANCE),
                    physical(sink.getInput()), sink.table());
        }
    }

    static final class WatermarkAssignerPhysicalRule extends ConverterRule {
        WatermarkAssignerPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            WatermarkAssignerLogicalRel assigner = (WatermarkAssignerLogicalRel) rel;
            return new WatermarkAssignerPhysicalRel(assigner.getCluster(),
                    assigner.getTraitSet().replace(RunnelConvention.INSTANCE), physical(assigner.getInput()),
                    assigner.rowtimeField(), assigner.watermark());
        }
    }
}
