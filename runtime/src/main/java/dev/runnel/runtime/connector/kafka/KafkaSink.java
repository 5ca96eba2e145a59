package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Map;

/**
 * Writes the rows of a table as records of one topic, their values in the table's format.
 *
 * @param transactionalIdPrefix the prefix of the transactional ids with exactly-once, else null
 * @param buffer how an upsert sink buffers rows by key before it sends them, or null to send each row
 */
record KafkaSink(String tableName, String topic, Map<String, String> properties, KafkaOptions.Partitioner partitioner,
                 KafkaOptions.DeliveryGuarantee guarantee, String transactionalIdPrefix, KafkaRecordLayout layout,
                 UpsertBuffer.Options buffer)
        implements OperatorFactory {
    KafkaSink {
        properties = Map.copyOf(properties);
    }

    @Override
    public String name() {
        return "Sink(table=[" + tableName + "], connector=[" + connector() + "], topic=[" + topic + "], "
                + (layout.hasKey() ? "key.format=[" + layout.keyFormat() + "], " : "")
                + "format=[" + layout.valueFormat() + "])";
    }

    /** The topic and format may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return "Sink(connector=[" + connector() + "])";
    }

    private String connector() {
        return layout.upsert() ? UpsertKafkaConnectorFactory.IDENTIFIER : KafkaConnectorFactory.IDENTIFIER;
    }

    @Override
    public Operator create() {
        return new KafkaSinkOperator(this);
    }
}
