package dev.runnel.runtime.operators.calc;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;

/** Applies a generated {@link CalcFunction} to each row: emits its result, or nothing when it filters the row out. */
public final class CalcOperator extends AbstractOperator {
    private final GeneratedClass<CalcFunction> generated;
    private CalcFunction function;

    public CalcOperator(GeneratedClass<CalcFunction> generated) {
        this.generated = generated;
    }

    /** Compiles the generated class here, in the task, with the job's class loader. */
    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        function = generated.newInstance(context);
    }

    /** Closes the user-defined functions the generated {@code function} calls. */
    @Override
    public void close() throws Exception {
        GeneratedClass.close(function);
        super.close();
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row result = function.apply(batch.get(i));
            if (result != null) {
                output.collect(result);
            }
        }
    }
}
