package dev.runnel.planner.plan.logical;

import dev.runnel.planner.plan.PlanningException;
import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.validate.UnsupportedSyntax;
import java.util.Optional;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Which {@code ORDER BY}, {@code LIMIT} and {@code OFFSET} a streaming query can run, as in Flink:
 * a sort with a fetch is a (Top-N) limit; without one, only a temporal sort, whose first key is
 * a time attribute in ascending order. Checked once the time attributes are known.
 */
public final class Sorts {
    /** Flink's error for a sort without LIMIT that is not on a time attribute. */
    public static final String NON_TIME_SORT = "Sort on a non-time-attribute field is not supported.";

    private Sorts() {
    }

    /**
     * @throws SqlExecutionException at the first sort in {@code rel} that a stream cannot run (a
     *     {@link PlanningException} that the session places at the statement's ORDER BY)
     */
    public static void check(RelNode rel) {
        if (rel instanceof Sort sort) {
            if (sort.fetch == null && sort.offset != null) {
                throw new SqlExecutionException(UnsupportedSyntax.FETCH_MISSING);
            }
            if (sort.fetch == null && !sort.getCollation().getFieldCollations().isEmpty() && temporalSort(sort).isEmpty()) {
                throw PlanningException.atOrderBy(NON_TIME_SORT);
            }
            if (sort.fetch != null && !(sort.fetch instanceof RexLiteral)
                    || sort.offset != null && !(sort.offset instanceof RexLiteral)) {
                throw new SqlExecutionException("LIMIT and OFFSET with a parameter are not supported yet");
            }
        }
        rel.getInputs().forEach(Sorts::check);
    }

    /**
     * The kind of time attribute a sort without fetch sorts on first, ascending; empty when it
     * is not a temporal sort.
     */
    public static Optional<TimeAttributes.Kind> temporalSort(Sort sort) {
        if (sort.fetch != null || sort.offset != null || sort.getCollation().getFieldCollations().isEmpty()) {
            return Optional.empty();
        }
        RelFieldCollation first = sort.getCollation().getFieldCollations().get(0);
        if (first.direction != RelFieldCollation.Direction.ASCENDING) {
            return Optional.empty();
        }
        return TimeAttributes.of(sort.getInput(), first.getFieldIndex());
    }

    /** The value of a LIMIT or OFFSET literal, or {@code orElse} when there is none. */
    public static long value(RexNode literal, long orElse) {
        return literal == null ? orElse : ((RexLiteral) literal).getValueAs(Long.class);
    }
}
