package dev.runnel.runtime.operators.unnest;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcFunction;
import java.util.Objects;

/**
 * {@code UNNEST}: each input row joined with each element of one of its collection fields, as
 * Flink's correlate with {@code $UNNEST_ROWS}. Stateless; rows keep their kind.
 *
 * @param collectionField the input field holding the ARRAY, MULTISET (a List) or MAP
 * @param elementShape    how an element becomes columns
 * @param elementColumns  the number of columns an element gives (without the ordinality)
 * @param withOrdinality  whether the element's 1-based position follows its columns
 * @param leftOuter       whether an input row that no element joins is emitted padded with NULLs
 * @param keepsInput      whether an output row starts with the input row's fields
 * @param inputArity      the input's fields
 * @param condition       a filter over {@code input fields ++ element columns (++ ordinality)}
 *                        that a joined row must pass; {@code null} for none
 */
public record UnnestOperatorFactory(String name, int collectionField, ElementShape elementShape, int elementColumns,
                                    boolean withOrdinality, boolean leftOuter, boolean keepsInput, int inputArity,
                                    GeneratedClass<CalcFunction> condition) implements OperatorFactory {

    /** How one element of the collection becomes columns. */
    public enum ElementShape {
        /** An array or multiset element as one column. */
        VALUE,
        /** The fields of a ROW element ({@code Object[]}), one column each; a NULL row gives no row. */
        ROW_FIELDS,
        /** A map entry as its key and its value. */
        MAP_ENTRY
    }

    public UnnestOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(elementShape, "elementShape");
    }

    @Override
    public Operator create() {
        return new UnnestOperator(this);
    }
}
