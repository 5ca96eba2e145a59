package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.connector.LookupTableSource;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcFunction;
import java.util.Objects;

/**
 * A processing-time temporal join, or lookup join ({@code FROM l JOIN t FOR SYSTEM_TIME AS OF
 * l.proctime ON f(l) = t.k}): each row of its one input is joined with the rows of the table
 * {@code t} whose key equals the row's key values at the time the row arrives. The table is
 * held whole in memory by each subtask ({@link LookupTableSource}).
 *
 * @param leftOuter whether a row that joins nothing is emitted padded with nulls ({@code LEFT JOIN})
 * @param lookupKeys the table's fields that the key values are compared with, in order
 * @param nullSafe per key, whether it is compared with {@code IS NOT DISTINCT FROM} (a null
 *        key value then finds the rows whose field is null) rather than {@code =}
 * @param keyValues computes from an input row the values compared with {@code lookupKeys}
 *        (a projection of as many fields, of the table fields' types)
 * @param leftArity the input's fields; {@code rightArity} the table's
 * @param condition the residual condition over {@code input ++ table row}; {@code null} if none
 */
public record LookupJoinOperatorFactory(String name, boolean leftOuter, LookupTableSource table, int[] lookupKeys,
                                        boolean[] nullSafe, GeneratedClass<CalcFunction> keyValues, int leftArity,
                                        int rightArity, GeneratedClass<CalcFunction> condition)
        implements OperatorFactory {
    public LookupJoinOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keyValues, "keyValues");
        if (lookupKeys.length == 0 || lookupKeys.length != nullSafe.length) {
            throw new IllegalArgumentException("A lookup join needs at least one key, with one null-safety flag each");
        }
    }

    @Override
    public Operator create() {
        return new LookupJoinOperator(this);
    }
}
