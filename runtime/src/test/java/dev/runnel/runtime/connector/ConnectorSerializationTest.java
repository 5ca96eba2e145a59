package dev.runnel.runtime.connector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sources and sinks travel inside job graphs, so they must survive Java serialization. */
class ConnectorSerializationTest {
    private static final RowType SCHEMA = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("amount", DataType.decimal(10, 2)));

    private static Object roundTrip(Serializable object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    private static TableContext table(Map<String, String> options) {
        return new TableContext("default.t", SCHEMA, options);
    }

    @Test
    void everySourceAndSinkSerializes() throws Exception {
        TableContext files = table(Map.of("connector", "filesystem", "path", "/tmp/x", "format", "csv",
                "csv.field-delimiter", ";"));
        TableContext datagen = table(Map.of("connector", "datagen", "fields.amount.min", "1"));
        ConnectorFactory fs = ConnectorFactories.factoryFor(files);
        assertThat(((SourceFactory) roundTrip(fs.createSource(files))).name())
                .isEqualTo("TableSourceScan(table=[default.t], connector=[filesystem], path=[/tmp/x], format=[csv])");
        assertThat(((OperatorFactory) roundTrip(fs.createSink(files))).name())
                .isEqualTo("Sink(table=[default.t], connector=[filesystem], path=[/tmp/x], format=[csv])");
        assertThat(((SourceFactory) roundTrip(
                ConnectorFactories.factoryFor(datagen).createSource(datagen))).isBounded()).isFalse();
        for (String sink : new String[] {"print", "blackhole"}) {
            TableContext t = table(Map.of("connector", sink));
            assertThat(((OperatorFactory) roundTrip(
                    ConnectorFactories.factoryFor(t).createSink(t))).name())
                    .isEqualTo("Sink(table=[default.t], connector=[" + sink + "])");
        }
    }
}
