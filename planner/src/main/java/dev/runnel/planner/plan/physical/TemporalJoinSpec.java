package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.WatermarkAssignerLogicalRel;
import dev.runnel.planner.session.SqlExecutionException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Snapshot;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * What Calcite makes of {@code FROM l JOIN r FOR SYSTEM_TIME AS OF l.ts ON …}: a correlate whose
 * right side is a filter (the {@code ON} condition, referring to the left row through the
 * correlation variable) over a snapshot of the versioned table. This record is that join with
 * the condition rewritten over {@code left ++ right}, split into the versioned table's primary
 * key pairs and a residual condition.
 *
 * @param right the versioned table's rows (the snapshot's input)
 * @param condition the whole join condition over {@code left ++ right}
 * @param keys the primary-key pairs (the only keys: a version is stored under its key) and the rest
 * @param leftTime the left time attribute named in {@code AS OF}; {@code rightTime} the table's rowtime
 */
public record TemporalJoinSpec(RelNode left, RelNode right, JoinRelType joinType, RexNode condition, JoinKeys keys,
                               int leftTime, int rightTime) {

    /** Whether {@code correlate} is a temporal join (its right side reads a snapshot). */
    public static boolean matches(Correlate correlate) {
        return snapshot(correlate) != null;
    }

    /** Whether {@code correlate} is a temporal join AS OF a processing-time attribute of its left side: a lookup join. */
    static boolean isProcessingTime(Correlate correlate) {
        Snapshot snapshot = snapshot(correlate);
        return snapshot != null && snapshot.getPeriod() instanceof RexFieldAccess period
                && TimeAttributes.isProctime(correlate.getLeft(), period.getField().getIndex());
    }

    /** The snapshot the correlate's right side reads, under the filter of the ON condition; {@code null} if none. */
    static Snapshot snapshot(Correlate correlate) {
        RelNode right = unwrap(correlate.getRight());
        if (right instanceof Calc || right instanceof Project) {
            right = unwrap(right.getInput(0));
        }
        return right instanceof Snapshot snapshot ? snapshot : null;
    }

    /**
     * The ON condition of a temporal join, rewritten over {@code left ++ right}: the correlation
     * variable's fields become the left fields, the snapshot's fields follow them.
     *
     * @throws SqlExecutionException when the snapshot is projected
     */
    static RexNode joinCondition(Correlate correlate) {
        RelNode top = unwrap(correlate.getRight());
        RexNode onCondition = null;
        if (top instanceof Calc calc) {
            RexProgram program = calc.getProgram();
            if (!program.projectsIdentity(false)) {
                throw new SqlExecutionException(
                        "A temporal or lookup join whose table is projected before the join is not supported yet");
            }
            onCondition = program.getCondition() == null ? null : program.expandLocalRef(program.getCondition());
        }
        int leftCount = correlate.getLeft().getRowType().getFieldCount();
        RexBuilder rex = correlate.getCluster().getRexBuilder();
        return onCondition == null ? rex.makeLiteral(true) : onCondition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() + leftCount, ref.getType());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable) {
                    return new RexInputRef(access.getField().getIndex(), access.getType());
                }
                return super.visitFieldAccess(access);
            }
        });
    }

    /**
     * The event-time temporal join of {@code correlate}, which {@link #matches}.
     *
     * @throws SqlExecutionException when the table is not a versioned table, the time is not an
     *         event-time attribute, or the condition does not name the table's primary key
     */
    public static TemporalJoinSpec of(Correlate correlate) {
        RelNode left = correlate.getLeft();
        Snapshot snapshot = snapshot(correlate);
        RexNode condition = joinCondition(correlate);
        RelNode right = snapshot.getInput();
        CatalogTable table = catalogTable(right);
        String name = table == null ? "the right table" : "'" + table.name() + "'";
        if (table == null || table.primaryKey() == null) {
            throw new SqlExecutionException("A temporal join needs a versioned table: " + name
                    + " has no PRIMARY KEY");
        }
        OptionalInt rightTime = TimeAttributes.rowtimeField(right);
        if (table.watermark() == null || rightTime.isEmpty()) {
            throw new SqlExecutionException("An event-time temporal join needs a versioned table with a time"
                    + " attribute: " + name + " has no WATERMARK");
        }
        if (!(snapshot.getPeriod() instanceof RexFieldAccess period) || !TimeAttributes.isRowtime(left,
                period.getField().getIndex())) {
            throw new SqlExecutionException("FOR SYSTEM_TIME AS OF must name an event-time attribute (a temporal"
                    + " join) or a processing-time attribute (a lookup join) of the left table");
        }
        int leftCount = left.getRowType().getFieldCount();
        RexBuilder rex = correlate.getCluster().getRexBuilder();
        List<String> rightNames = right.getRowType().getFieldNames();
        JoinKeys all = JoinKeys.of(left, right, condition);
        List<Integer> pkFields = table.primaryKey().columns().stream().map(rightNames::indexOf).toList();
        List<int[]> pairs = new ArrayList<>();
        List<RexNode> residual = new ArrayList<>();
        if (all.residual() != null) {
            residual.add(all.residual());
        }
        for (int i = 0; i < all.leftKeys().length; i++) {
            int r = all.rightKeys()[i];
            if (pkFields.contains(r) && pairs.stream().noneMatch(p -> p[1] == r)) {
                pairs.add(new int[] {all.leftKeys()[i], r});
            } else {
                residual.add(rex.makeCall(all.nullSafe()[i] ? SqlStdOperatorTable.IS_NOT_DISTINCT_FROM
                                : SqlStdOperatorTable.EQUALS, rex.makeInputRef(left, all.leftKeys()[i]),
                        new RexInputRef(leftCount + r, right.getRowType().getFieldList().get(r).getType())));
            }
        }
        if (pairs.size() != pkFields.size()) {
            throw new SqlExecutionException("A temporal join's condition must compare every column of the"
                    + " PRIMARY KEY of " + name + " " + table.primaryKey().columns() + " with the left table");
        }
        JoinKeys keys = new JoinKeys(pairs.stream().mapToInt(p -> p[0]).toArray(),
                pairs.stream().mapToInt(p -> p[1]).toArray(), new boolean[pairs.size()],
                residual.isEmpty() ? null : RexUtil.composeConjunction(rex, residual));
        return new TemporalJoinSpec(left, right, correlate.getJoinType(), condition, keys,
                period.getField().getIndex(), rightTime.getAsInt());
    }

    /** The catalog table the snapshot reads, through the projection of computed columns; {@code null} if none. */
    static CatalogTable catalogTable(RelNode rel) {
        RelNode node = unwrap(rel);
        if (node instanceof WatermarkAssignerLogicalRel || node instanceof WatermarkAssignerPhysicalRel) {
            node = unwrap(node.getInput(0));
        }
        if (node instanceof Calc || node instanceof Project) {
            node = unwrap(node.getInput(0));
        }
        if (node instanceof TableScan scan) {
            CatalogSchema.TableAdapter adapter = scan.getTable().unwrap(CatalogSchema.TableAdapter.class);
            return adapter == null ? null : adapter.catalogTable();
        }
        return null;
    }

    /** The rel behind the planners' placeholders: the one Calcite started from, as the snapshot's shape is checked on it. */
    static RelNode unwrap(RelNode rel) {
        if (rel instanceof RelSubset subset) {
            return unwrap(subset.getOriginal());
        }
        if (rel instanceof HepRelVertex vertex) {
            return unwrap(vertex.getCurrentRel());
        }
        return rel;
    }
}
