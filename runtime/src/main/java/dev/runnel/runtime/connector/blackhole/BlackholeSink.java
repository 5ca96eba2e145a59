package dev.runnel.runtime.connector.blackhole;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;

/** Creates {@link BlackholeSinkOperator}s. */
final class BlackholeSink implements OperatorFactory {
    private final String tableName;

    BlackholeSink(String tableName) {
        this.tableName = tableName;
    }

    @Override
    public String name() {
        return "Sink(table=[" + tableName + "], connector=[blackhole])";
    }

    @Override
    public Operator create() {
        return new BlackholeSinkOperator();
    }
}
