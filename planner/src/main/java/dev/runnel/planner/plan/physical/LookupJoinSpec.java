package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.plan.PlanningException;
import dev.runnel.planner.plan.logical.WatermarkAssignerLogicalRel;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A processing-time temporal join, or lookup join: {@code FROM l JOIN t FOR SYSTEM_TIME AS OF
 * l.proctime ON …}, which Calcite makes a correlate over a snapshot of {@code t} (see
 * {@link TemporalJoinSpec}). Each conjunct {@code expr(l) = t.field} (or {@code IS NOT DISTINCT
 * FROM}) of the condition is a lookup key, whatever the left expression ({@code MOD(l.id, 10)},
 * a literal); the rest is a residual condition checked on each joined row, as Flink's
 * {@code CommonPhysicalLookupJoin} splits it.
 *
 * @param table the looked-up table, whose connector can look it up
 * @param rightType the table's row type (its physical columns)
 * @param condition the whole condition over {@code left ++ right}, for plans
 * @param keys the lookup keys, in the order of the table's fields they name
 * @param residual the rest of the condition over {@code left ++ right}; {@code null} if none
 * @param proctime the left field named in {@code AS OF}
 */
public record LookupJoinSpec(RelNode left, CatalogTable table, RelDataType rightType, JoinRelType joinType,
                             RexNode condition, List<LookupKey> keys, RexNode residual, int proctime) {

    /**
     * A table field compared with a value of the left row.
     *
     * @param value an expression over the left row's fields, of the field's type
     * @param nullSafe whether it is {@code IS NOT DISTINCT FROM} rather than {@code =}
     */
    public record LookupKey(int rightField, RexNode value, boolean nullSafe) {
    }

    /** Whether {@code correlate} is a temporal join AS OF a processing-time attribute, so a lookup join. */
    public static boolean matches(Correlate correlate) {
        return TemporalJoinSpec.isProcessingTime(correlate);
    }

    /**
     * The lookup join of {@code correlate}, which {@link #matches}.
     *
     * @throws SqlExecutionException when the table cannot be looked up (with Flink's errors for a
     *         processing-time temporal join, which Flink runs only as a lookup join), has columns
     *         that are not physical, or the condition compares none of its fields with the left row
     */
    public static LookupJoinSpec of(Correlate correlate) {
        RelNode left = correlate.getLeft();
        RexNode condition = TemporalJoinSpec.joinCondition(correlate);
        RelNode right = TemporalJoinSpec.snapshot(correlate).getInput();
        int leftCount = left.getRowType().getFieldCount();
        RelDataType rightType = right.getRowType();
        RexBuilder rex = correlate.getCluster().getRexBuilder();
        List<LookupKey> keys = new ArrayList<>();
        List<RexNode> residual = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            LookupKey key = lookupKey(conjunct, leftCount, rightType, rex);
            if (key != null && keys.stream().noneMatch(k -> k.rightField() == key.rightField())) {
                keys.add(key);
            } else if (!conjunct.isAlwaysTrue()) {
                residual.add(conjunct);
            }
        }
        CatalogTable table = lookupTable(right, keys);
        if (keys.isEmpty()) {
            throw new SqlExecutionException("A lookup join of '" + table.name() + "' needs an equality between a"
                    + " column of '" + table.name() + "' and the left table in its ON condition");
        }
        keys.sort((a, b) -> Integer.compare(a.rightField(), b.rightField()));
        var period = (RexFieldAccess) TemporalJoinSpec.snapshot(correlate).getPeriod();
        return new LookupJoinSpec(left, table, rightType, correlate.getJoinType(), condition, List.copyOf(keys),
                residual.isEmpty() ? null : RexUtil.composeConjunction(rex, residual), period.getField().getIndex());
    }

    /** {@code conjunct} as a lookup key, if it compares a table field with an expression of the left row only. */
    private static LookupKey lookupKey(RexNode conjunct, int leftCount, RelDataType rightType, RexBuilder rex) {
        if (conjunct instanceof RexCall expanded) {
            // Calcite writes a IS NOT DISTINCT FROM b as OR(AND(IS NULL(a), IS NULL(b)), =(a, b))
            conjunct = RelOptUtil.collapseExpandedIsNotDistinctFromExpr(expanded, rex);
        }
        if (!(conjunct instanceof RexCall call)
                || (call.getKind() != SqlKind.EQUALS && call.getKind() != SqlKind.IS_NOT_DISTINCT_FROM)) {
            return null;
        }
        for (int side = 0; side < 2; side++) {
            RexNode field = call.getOperands().get(side);
            RexNode value = call.getOperands().get(1 - side);
            if (field instanceof RexInputRef ref && ref.getIndex() >= leftCount && onlyLeft(value, leftCount)
                    && RexUtil.isDeterministic(value)) {
                int rightField = ref.getIndex() - leftCount;
                RelDataType type = rightType.getFieldList().get(rightField).getType();
                if (!JoinKeys.sameRepresentation(value.getType(), type)) {
                    // the values are looked up in a hash map of the table's values, so they must be of its type
                    value = rex.makeCast(rex.getTypeFactory().createTypeWithNullability(type,
                            value.getType().isNullable()), value, true, false);
                }
                return new LookupKey(rightField, value, call.getKind() == SqlKind.IS_NOT_DISTINCT_FROM);
            }
        }
        return null;
    }

    private static boolean onlyLeft(RexNode value, int leftCount) {
        ImmutableBitSet refs = RelOptUtil.InputFinder.bits(value);
        return refs.isEmpty() || refs.nth(refs.cardinality() - 1) < leftCount;
    }

    /**
     * The table the snapshot reads, which must be a scan of a table its connector can look up,
     * with physical columns only (the lookup reads rows as its connector gives them). Anything else
     * is a processing-time temporal join of a versioned table or view, which Flink refuses: with
     * its errors, in its order, at the table in the statement.
     */
    private static CatalogTable lookupTable(RelNode right, List<LookupKey> keys) {
        RelNode node = TemporalJoinSpec.unwrap(right);
        if (node instanceof WatermarkAssignerLogicalRel || node instanceof WatermarkAssignerPhysicalRel) {
            node = TemporalJoinSpec.unwrap(node.getInput(0));
        }
        CatalogTable table = TemporalJoinSpec.catalogTable(right);
        String cannotLookUp;
        if (table == null) {
            cannotLookUp = "Only tables whose connector can look them up ('filesystem', bounded 'datagen') can be"
                    + " joined FOR SYSTEM_TIME AS OF a processing-time attribute, not views or queries";
        } else {
            TableContext context = table.toContext();
            try {
                ConnectorFactories.factoryFor(context).createLookupSource(context);
                if (!(node instanceof TableScan) || table.hasNonPhysicalColumns()) {
                    throw new SqlExecutionException("A lookup join of '" + table.name() + "', which has computed or"
                            + " metadata columns, is not supported yet");
                }
                return table;
            } catch (ConfigException e) {
                cannotLookUp = e.getMessage();
            }
        }
        String name = table == null ? null : table.name();
        // Flink's join keys: the equalities between a column of the table and an expression of the left row.
        if (keys.isEmpty()) {
            throw PlanningException.atSnapshot("Currently the join key in Temporal Table Join can not be empty.", name);
        }
        if (table != null && !coversPrimaryKey(table, right, keys)) {
            throw PlanningException.atSnapshot("Temporal Table Join requires primary key in versioned table, but no"
                    + " primary key can be found.", name);
        }
        // Flink's message, then why Runnel's lookup join (an extension) cannot take this table either.
        throw PlanningException.atSnapshot("Processing-time temporal join is not supported yet. " + cannotLookUp, name);
    }

    /** Whether {@code table} has a primary key and {@code keys} compare all of its columns with the left row. */
    private static boolean coversPrimaryKey(CatalogTable table, RelNode right, List<LookupKey> keys) {
        if (table.primaryKey() == null) {
            return false;
        }
        List<String> names = right.getRowType().getFieldNames();
        return keys.stream().map(k -> names.get(k.rightField())).toList().containsAll(table.primaryKey().columns());
    }
}
