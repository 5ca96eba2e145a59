package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.RowType;
import java.util.Map;

/**
 * Writes the rows of a table as records of one topic, their values in the table's format.
 *
 * @param transactionalIdPrefix the prefix of the transactional ids with exactly-once, else null
 */
record KafkaSink(String tableName, String topic, Map<String, String> properties, KafkaOptions.Partitioner partitioner,
                 KafkaOptions.DeliveryGuarantee guarantee, String transactionalIdPrefix, String format,
                 Configuration formatOptions, RowType rowType)
        implements OperatorFactory {
    KafkaSink {
        properties = Map.copyOf(properties);
    }

    @Override
    public String name() {
        return "Sink(table=[" + tableName + "], connector=[kafka], topic=[" + topic + "], format=[" + format + "])";
    }

    /** The topic and format may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return "Sink(connector=[kafka])";
    }

    @Override
    public Operator create() {
        return new KafkaSinkOperator(this);
    }
}
