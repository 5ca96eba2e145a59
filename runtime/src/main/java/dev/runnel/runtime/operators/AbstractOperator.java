package dev.runnel.runtime.operators;

import dev.runnel.runtime.stream.Watermark;

/** Keeps the context and output at hand and forwards watermarks unchanged. */
public abstract class AbstractOperator implements Operator {
    protected OperatorContext context;
    protected Output output;

    @Override
    public void open(OperatorContext context) throws Exception {
        this.context = context;
        this.output = context.output();
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        output.emitWatermark(watermark);
    }
}
