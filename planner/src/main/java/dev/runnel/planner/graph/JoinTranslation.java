package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.ChangelogMode;
import dev.runnel.planner.plan.physical.IntervalJoinPhysicalRel;
import dev.runnel.planner.plan.physical.IntervalJoinSpec;
import dev.runnel.planner.plan.physical.JoinKeys;
import dev.runnel.planner.plan.physical.JoinPhysicalRel;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.TemporalJoinPhysicalRel;
import dev.runnel.planner.plan.physical.TemporalJoinSpec;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.operators.join.IntervalJoinOperatorFactory;
import dev.runnel.runtime.operators.join.JoinType;
import dev.runnel.runtime.operators.join.StreamingJoinOperatorFactory;
import dev.runnel.runtime.operators.join.TemporalJoinOperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgramBuilder;

/**
 * Translates the streaming joins into two-input keyed operators: input 0 is the left side,
 * input 1 the right, each hash-partitioned on its join keys (one subtask behind GLOBAL edges
 * when the join has no equi-keys). Interval joins take only append-only inputs, temporal joins an append-only left input.
 */
final class JoinTranslation {
    private JoinTranslation() {
    }

    /** Whether {@code rel} is a join this class translates. */
    static boolean handles(RelNode rel) {
        return rel instanceof JoinPhysicalRel || rel instanceof IntervalJoinPhysicalRel
                || rel instanceof TemporalJoinPhysicalRel;
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, RelNode rel) {
        if (rel instanceof IntervalJoinPhysicalRel interval) {
            return translate(translator, interval);
        }
        if (rel instanceof TemporalJoinPhysicalRel temporal) {
            return translate(translator, temporal);
        }
        return translate(translator, (JoinPhysicalRel) rel);
    }

    private static List<VertexBuilder> translate(JobGraphTranslator translator, JoinPhysicalRel join) {
        JoinKeys keys = join.keys();
        var operator = new StreamingJoinOperatorFactory(join.describe(), joinType(join.getJoinType()),
                keys.leftKeys(), keys.rightKeys(), keys.nullSafe(), fieldTypes(join.getLeft()),
                fieldTypes(join.getRight()), predicate(translator, join, keys.residual()),
                new boolean[] {insertOnly(join.getLeft()), insertOnly(join.getRight())});
        return translator.attachKeyed(List.of(translator.visit(join.getLeft()), translator.visit(join.getRight())),
                operator, List.of(keys.leftKeys(), keys.rightKeys()));
    }

    private static List<VertexBuilder> translate(JobGraphTranslator translator, IntervalJoinPhysicalRel join) {
        requireAppendOnly(join.getLeft(), "An interval join's left input");
        requireAppendOnly(join.getRight(), "An interval join's right input");
        IntervalJoinSpec spec = join.spec();
        JoinKeys keys = spec.keys();
        var operator = IntervalJoinOperatorFactory.of(join.describe(), joinType(join.getJoinType()),
                keys.leftKeys(), keys.rightKeys(), keys.nullSafe(), fieldTypes(join.getLeft()),
                fieldTypes(join.getRight()), predicate(translator, join, keys.residual()),
                spec.processingTime() ? IntervalJoinOperatorFactory.PROCESSING_TIME : spec.leftTime(),
                spec.processingTime() ? IntervalJoinOperatorFactory.PROCESSING_TIME : spec.rightTime(),
                spec.lowerBound(), spec.upperBound());
        return translator.attachKeyed(List.of(translator.visit(join.getLeft()), translator.visit(join.getRight())),
                operator, List.of(keys.leftKeys(), keys.rightKeys()));
    }

    private static List<VertexBuilder> translate(JobGraphTranslator translator, TemporalJoinPhysicalRel join) {
        requireAppendOnly(join.getLeft(), "The left input of a temporal join");
        TemporalJoinSpec spec = join.spec();
        JoinKeys keys = spec.keys();
        var operator = new TemporalJoinOperatorFactory(join.describe(), join.getJoinType() == JoinRelType.LEFT,
                keys.leftKeys(), keys.rightKeys(), fieldTypes(join.getLeft()), fieldTypes(join.getRight()),
                spec.leftTime(), spec.rightTime(), predicate(translator, join, keys.residual()));
        return translator.attachKeyed(List.of(translator.visit(join.getLeft()), translator.visit(join.getRight())),
                operator, List.of(keys.leftKeys(), keys.rightKeys()));
    }

    private static boolean insertOnly(RelNode input) {
        return ((PhysicalRel) input).changelogMode().isInsertOnly();
    }

    private static void requireAppendOnly(RelNode input, String what) {
        ChangelogMode mode = ((PhysicalRel) input).changelogMode();
        if (!mode.isInsertOnly()) {
            throw new SqlExecutionException(what + " must be append-only, but it updates earlier rows (" + mode + ")");
        }
    }

    static JoinType joinType(JoinRelType type) {
        return switch (type) {
            case INNER -> JoinType.INNER;
            case LEFT -> JoinType.LEFT;
            case RIGHT -> JoinType.RIGHT;
            case FULL -> JoinType.FULL;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw new IllegalArgumentException("No streaming join of type " + type);
        };
    }

    static List<DataType> fieldTypes(RelNode rel) {
        return TypeConversions.toRowType(rel.getRowType()).fields().stream().map(f -> f.type()).toList();
    }

    /**
     * The generated filter of {@code condition} over the concatenated row {@code left ++ right}
     * (its projection is empty: only whether it passes matters); {@code null} for no condition.
     */
    static GeneratedClass<CalcFunction> predicate(JobGraphTranslator translator, Join join, RexNode condition) {
        return predicate(translator, join.getCluster(), join.getLeft().getRowType(), join.getRight().getRowType(),
                condition);
    }

    /** The generated filter of {@code condition} over rows {@code left ++ right}; {@code null} for no condition. */
    static GeneratedClass<CalcFunction> predicate(JobGraphTranslator translator, RelOptCluster cluster, RelDataType left,
                                                  RelDataType right, RexNode condition) {
        if (condition == null) {
            return null;
        }
        RelDataType joined = cluster.getTypeFactory().builder()
                .addAll(left.getFieldList())
                .addAll(right.getFieldList())
                .uniquify()
                .build();
        RexProgramBuilder program = new RexProgramBuilder(joined, cluster.getRexBuilder());
        program.addCondition(condition);
        return translator.codeGenerator().generate(program.getProgram(), translator.zone());
    }
}
