package dev.runnel.planner.plan.logical;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * {@code GROUP BY GROUPING SETS / ROLLUP / CUBE} as Flink plans it (its {@code DecomposeGroupingSetsRule}):
 *
 * <ol>
 *   <li>an {@link ExpandLogicalRel} turns each row into one row per grouping set: the keys outside
 *       the set NULL, copies of the keys that aggregate calls read (they must see the real values),
 *       and the set's id {@code $e} (bit {@code i} set when the {@code i}-th key, counted from the
 *       last, is not in the set: {@code GROUPING_ID} of all keys);</li>
 *   <li>a plain aggregate groups by all keys and {@code $e};</li>
 *   <li>a projection restores the aggregate's columns, with {@code GROUPING(…)},
 *       {@code GROUPING_ID(…)} and {@code GROUP_ID()} as {@code CASE $e WHEN id THEN value …}.</li>
 * </ol>
 *
 * Duplicate grouping sets (where {@code GROUP_ID()} is not 0) Calcite's SqlToRel already turns into
 * a UNION ALL of aggregates. Rows keep their kind through the Expand, so updating input retracts.
 */
@SuppressWarnings("deprecation") // RelOptRule's operand helpers: the rule is too small for Calcite's immutable configs
public final class GroupingSetsRules {
    private static final Set<SqlKind> GROUPING_CALLS = EnumSet.of(SqlKind.GROUPING, SqlKind.GROUPING_ID,
            SqlKind.GROUP_ID);

    private GroupingSetsRules() {
    }

    public static final RelOptRule DECOMPOSE = new DecomposeGroupingSetsRule();

    /** Whether {@code call} is {@code GROUPING}, {@code GROUPING_ID} or {@code GROUP_ID}, which the rule computes. */
    public static boolean isGroupingCall(AggregateCall call) {
        return GROUPING_CALLS.contains(call.getAggregation().getKind());
    }

    /** The {@code $e} of grouping set {@code set}: a bit per key of {@code all}, the first key highest, 1 when absent. */
    static long expandId(ImmutableBitSet all, ImmutableBitSet set) {
        long id = 0;
        for (int key : all) {
            id = id << 1 | (set.get(key) ? 0 : 1);
        }
        return id;
    }

    private static final class DecomposeGroupingSetsRule extends RelOptRule {
        DecomposeGroupingSetsRule() {
            super(operand(LogicalAggregate.class, any()), "DecomposeGroupingSetsRule");
        }

        @Override
        public boolean matches(RelOptRuleCall call) {
            Aggregate aggregate = call.rel(0);
            return aggregate.getGroupType() != Aggregate.Group.SIMPLE
                    || aggregate.getAggCallList().stream().anyMatch(GroupingSetsRules::isGroupingCall);
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            Aggregate aggregate = call.rel(0);
            RexBuilder rex = aggregate.getCluster().getRexBuilder();
            RelNode input = aggregate.getInput();
            List<RelDataTypeField> inputFields = input.getRowType().getFieldList();
            ImmutableBitSet keys = aggregate.getGroupSet();

            // Keys that calls read get an untouched copy after the input's fields.
            Map<Integer, Integer> copies = new LinkedHashMap<>();
            for (AggregateCall c : aggregate.getAggCallList()) {
                if (isGroupingCall(c)) {
                    continue;
                }
                List<Integer> read = new ArrayList<>(c.getArgList());
                if (c.filterArg >= 0) {
                    read.add(c.filterArg);
                }
                for (int field : read) {
                    if (keys.get(field) && !copies.containsKey(field)) {
                        copies.put(field, inputFields.size() + copies.size());
                    }
                }
            }
            int idField = inputFields.size() + copies.size();
            List<String> names = new ArrayList<>(input.getRowType().getFieldNames());
            copies.keySet().forEach(f -> names.add(inputFields.get(f).getName() + "_0"));
            names.add("$e");

            RelDataType idType = aggregate.getCluster().getTypeFactory().createSqlType(SqlTypeName.BIGINT);
            List<List<RexNode>> projects = new ArrayList<>();
            List<Long> ids = new ArrayList<>();
            for (ImmutableBitSet set : aggregate.getGroupSets()) {
                List<RexNode> project = new ArrayList<>();
                for (int i = 0; i < inputFields.size(); i++) {
                    project.add(keys.get(i) && !set.get(i)
                            ? rex.makeNullLiteral(aggregate.getCluster().getTypeFactory()
                                    .createTypeWithNullability(inputFields.get(i).getType(), true))
                            : rex.makeInputRef(input, i));
                }
                copies.keySet().forEach(f -> project.add(rex.makeInputRef(input, f)));
                long id = expandId(keys, set);
                ids.add(id);
                project.add(rex.makeExactLiteral(BigDecimal.valueOf(id), idType));
                projects.add(project);
            }
            ExpandLogicalRel expand = new ExpandLogicalRel(aggregate.getCluster(), aggregate.getTraitSet(), input,
                    projects, names);

            List<AggregateCall> calls = new ArrayList<>();
            for (AggregateCall c : aggregate.getAggCallList()) {
                if (!isGroupingCall(c)) {
                    List<Integer> args = c.getArgList().stream().map(a -> copies.getOrDefault(a, a)).toList();
                    int filter = c.filterArg < 0 ? -1 : copies.getOrDefault(c.filterArg, c.filterArg);
                    calls.add(c.copy(args, filter, c.distinctKeys, c.getCollation()));
                }
            }
            LogicalAggregate grouped = LogicalAggregate.create(expand, List.of(), keys.union(ImmutableBitSet.of(idField)),
                    null, calls);

            List<RexNode> out = new ArrayList<>();
            int keyCount = keys.cardinality();
            for (int i = 0; i < keyCount; i++) {
                out.add(rex.makeInputRef(grouped, i));
            }
            RexNode id = rex.makeInputRef(grouped, keyCount);
            int next = keyCount + 1;
            for (AggregateCall c : aggregate.getAggCallList()) {
                out.add(isGroupingCall(c) ? groupingValue(rex, c, aggregate.getGroupSets(), ids, id)
                        : rex.makeInputRef(grouped, next++));
            }
            call.transformTo(LogicalProject.create(grouped, List.of(), out, aggregate.getRowType().getFieldNames(),
                    Set.of()));
        }

        /** {@code CASE WHEN $e = id1 THEN v1 … ELSE vn END}: the call's value in each grouping set. */
        private static RexNode groupingValue(RexBuilder rex, AggregateCall c, List<ImmutableBitSet> sets,
                                             List<Long> ids, RexNode id) {
            List<RexNode> operands = new ArrayList<>();
            for (int s = 0; s < sets.size(); s++) {
                long value = 0;
                if (c.getAggregation().getKind() != SqlKind.GROUP_ID) {
                    for (int arg : c.getArgList()) {
                        value = value << 1 | (sets.get(s).get(arg) ? 0 : 1);
                    }
                }
                RexNode literal = rex.makeExactLiteral(BigDecimal.valueOf(value), c.getType());
                if (s == sets.size() - 1) {
                    operands.add(literal);
                } else {
                    operands.add(rex.makeCall(SqlStdOperatorTable.EQUALS, id,
                            rex.makeExactLiteral(BigDecimal.valueOf(ids.get(s)), id.getType())));
                    operands.add(literal);
                }
            }
            return operands.size() == 1 ? operands.get(0) : rex.makeCall(SqlStdOperatorTable.CASE, operands);
        }
    }
}
