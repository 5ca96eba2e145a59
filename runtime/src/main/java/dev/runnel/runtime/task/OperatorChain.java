package dev.runnel.runtime.task;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * The operators of one subtask, each one's output feeding the next one's
 * {@code processBatch}, the last one's feeding {@code tailOutput}. Task thread only.
 */
final class OperatorChain {
    private final List<Operator> operators = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<Output> outputs = new ArrayList<>();
    private final List<OperatorContext> contexts = new ArrayList<>();
    private final Output tailOutput;
    private final CountingOperator countedSink;
    private final Output input;
    private boolean closed;

    /** Makes the context of the operator at {@code chainIndex}. */
    @FunctionalInterface
    interface ContextFactory {
        OperatorContext create(int chainIndex, String name, Output output);
    }

    /**
     * @param countSink whether the last operator is a sink whose received rows are counted
     * @param contextFactory the context of an operator, given its position, name and output
     */
    OperatorChain(List<OperatorFactory> factories, Output tailOutput, boolean countSink, int batchSize,
                  ContextFactory contextFactory) {
        this.tailOutput = tailOutput;
        CountingOperator counted = null;
        for (int i = 0; i < factories.size(); i++) {
            Operator operator = factories.get(i).create();
            if (countSink && i == factories.size() - 1) {
                counted = new CountingOperator(operator);
                operator = counted;
            }
            operators.add(operator);
            names.add(factories.get(i).name());
        }
        this.countedSink = counted;
        // Built from the tail backwards: each output needs the operator after it.
        Output next = tailOutput;
        Output[] built = new Output[operators.size()];
        for (int i = operators.size() - 1; i >= 0; i--) {
            built[i] = next;
            next = new ChainedOutput(operators.get(i), names.get(i), next, batchSize);
        }
        this.input = next;
        for (int i = 0; i < operators.size(); i++) {
            outputs.add(built[i]);
            contexts.add(contextFactory.create(i, names.get(i), built[i]));
        }
    }

    /** Where a source's rows go: buffered into batches for the first operator (or the tail). */
    Output input() {
        return input;
    }

    boolean isEmpty() {
        return operators.isEmpty();
    }

    /** Opens the operators from the last to the first, so each one's receivers are ready. */
    void open() {
        for (int i = operators.size() - 1; i >= 0; i--) {
            int index = i;
            OperatorException.invoke(names.get(i), () -> operators.get(index).open(contexts.get(index)));
        }
    }

    /** Passes a batch that arrived from the network to the first operator, then flushes. */
    void processBatch(RowBatch batch, int inputNumber) {
        if (operators.isEmpty()) {
            batch.forEach(tailOutput::collect);
        } else {
            OperatorException.invoke(names.get(0), () -> operators.get(0).processBatch(batch, inputNumber));
        }
        flush();
    }

    void processWatermark(Watermark watermark) {
        if (operators.isEmpty()) {
            tailOutput.emitWatermark(watermark);
        } else {
            OperatorException.invoke(names.get(0), () -> operators.get(0).processWatermark(watermark));
        }
        flush();
    }

    /** Sends the task's new status to its consumers, past the operators (they only see watermarks). */
    void emitWatermarkStatus(WatermarkStatus status) {
        input.emitWatermarkStatus(status);
        flush();
    }

    void endInput(int inputNumber) {
        if (!operators.isEmpty()) {
            OperatorException.invoke(names.get(0), () -> operators.get(0).endInput(inputNumber));
        }
    }

    /**
     * All inputs ended: finishes the operators in chain order, each one's remaining rows
     * reaching the next before that one's input ends.
     */
    void finish() {
        for (int i = 0; i < operators.size(); i++) {
            Operator operator = operators.get(i);
            if (i > 0) {
                OperatorException.invoke(names.get(i), () -> operator.endInput(0));
            }
            OperatorException.invoke(names.get(i), operator::finish);
            outputs.get(i).flush();
        }
        input.flush();
    }

    void flush() {
        input.flush();
    }

    /**
     * A checkpoint's barrier is here: each operator, head first, emits what it holds back for
     * efficiency, and its rows reach the next operator before that one prepares; then every
     * operator writes its operator state.
     */
    void snapshotState(long checkpointId) {
        input.flush();
        for (int i = 0; i < operators.size(); i++) {
            Operator operator = operators.get(i);
            OperatorException.invoke(names.get(i), () -> operator.prepareSnapshotPreBarrier(checkpointId));
            outputs.get(i).flush();
        }
        for (int i = 0; i < operators.size(); i++) {
            Operator operator = operators.get(i);
            OperatorException.invoke(names.get(i), () -> operator.snapshotState(checkpointId));
        }
    }

    void notifyCheckpointComplete(long checkpointId) {
        for (int i = 0; i < operators.size(); i++) {
            Operator operator = operators.get(i);
            OperatorException.invoke(names.get(i), () -> operator.notifyCheckpointComplete(checkpointId));
        }
        flush();
    }

    void notifyCheckpointAborted(long checkpointId) {
        for (int i = 0; i < operators.size(); i++) {
            Operator operator = operators.get(i);
            OperatorException.invoke(names.get(i), () -> operator.notifyCheckpointAborted(checkpointId));
        }
        flush();
    }

    /** Closes every operator, head first; the first exception is rethrown after all closed. */
    void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        Exception first = null;
        for (int i = 0; i < operators.size(); i++) {
            try {
                operators.get(i).close();
            } catch (Exception e) {
                if (first == null) {
                    first = new OperatorException(names.get(i), e);
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    long recordsOut() {
        return countedSink == null ? 0 : countedSink.count();
    }
}
