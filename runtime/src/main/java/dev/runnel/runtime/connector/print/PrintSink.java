package dev.runnel.runtime.connector.print;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.RowType;

/** Creates {@link PrintSinkOperator}s writing to {@link System#out} or {@link System#err} as they are at open. */
final class PrintSink implements OperatorFactory {
    private final String tableName;
    private final RowType rowType;
    private final String printIdentifier;
    private final boolean standardError;

    PrintSink(String tableName, RowType rowType, String printIdentifier, boolean standardError) {
        this.tableName = tableName;
        this.rowType = rowType;
        this.printIdentifier = printIdentifier;
        this.standardError = standardError;
    }

    @Override
    public String name() {
        return "Sink(table=[" + tableName + "], connector=[print])";
    }

    @Override
    public Operator create() {
        return new PrintSinkOperator(rowType, printIdentifier, () -> standardError ? System.err : System.out);
    }
}
