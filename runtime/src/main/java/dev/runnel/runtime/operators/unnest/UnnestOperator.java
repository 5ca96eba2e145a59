package dev.runnel.runtime.operators.unnest;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.stream.RowBatch;
import java.util.List;
import java.util.Map;

/**
 * Runs an {@link UnnestOperatorFactory} on the task's thread: for each input row, one output row
 * per element of its collection (a NULL collection has none, nor has a NULL element of an array
 * of rows), of the input row's kind, in the collection's order (a map's entry order, a
 * multiset's elements as often as they occur).
 */
final class UnnestOperator extends AbstractOperator {
    private final UnnestOperatorFactory spec;
    private final int prefix;
    private final int width;
    private CalcFunction condition;

    UnnestOperator(UnnestOperatorFactory spec) {
        this.spec = spec;
        this.prefix = spec.keepsInput() ? spec.inputArity() : 0;
        this.width = prefix + spec.elementColumns() + (spec.withOrdinality() ? 1 : 0);
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        if (spec.condition() != null) {
            condition = spec.condition().newInstance(context.userClassLoader());
        }
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            processRow(batch.get(i));
        }
    }

    private void processRow(Row row) {
        Object collection = row.getField(spec.collectionField());
        int joined = 0;
        if (collection instanceof Map<?, ?> map) {
            int ordinal = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                joined += emit(row, e.getKey(), e.getValue(), ++ordinal);
            }
        } else if (collection instanceof List<?> list) {
            int ordinal = 0;
            for (Object element : list) {
                ordinal++;
                // As Flink: a NULL element of an array of rows gives no row (a NULL scalar gives one).
                if (element != null || spec.elementShape() != UnnestOperatorFactory.ElementShape.ROW_FIELDS) {
                    joined += emit(row, element, null, ordinal);
                }
            }
        }
        if (joined == 0 && spec.leftOuter()) {
            output.collect(new Row(row.kind(), withInput(row)));
        }
    }

    /** Emits the row joined with one element (a map entry's key and value); 1 if it passed the condition. */
    private int emit(Row row, Object element, Object value, int ordinal) {
        Object[] fields = withInput(row);
        switch (spec.elementShape()) {
            case VALUE -> fields[prefix] = element;
            case MAP_ENTRY -> {
                fields[prefix] = element;
                fields[prefix + 1] = value;
            }
            case ROW_FIELDS -> System.arraycopy((Object[]) element, 0, fields, prefix, spec.elementColumns());
        }
        if (spec.withOrdinality()) {
            fields[width - 1] = ordinal;
        }
        Row joined = new Row(row.kind(), fields);
        if (condition != null && condition.apply(joined) == null) {
            return 0;
        }
        output.collect(joined);
        return 1;
    }

    /** A new row's fields, starting with the input row's when the output keeps them, the rest NULL. */
    private Object[] withInput(Row row) {
        Object[] fields = new Object[width];
        if (prefix > 0) {
            System.arraycopy(row.fields(), 0, fields, 0, prefix);
        }
        return fields;
    }
}
