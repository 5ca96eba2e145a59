package dev.runnel.runtime.connector.blackhole;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorTestSupport;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlackholeSinkTest {
    private final TableContext table = ConnectorTestSupport.table(
            RowType.of(new RowType.Field("id", DataType.of(TypeRoot.INTEGER))), Map.of("connector", "blackhole"));

    @Test
    void swallowsAndCountsRows() throws Exception {
        CollectingOutput out = new CollectingOutput();
        BlackholeSinkOperator op = (BlackholeSinkOperator) ConnectorFactories.factoryFor(table).createSink(table).create();
        op.open(new FakeContext(0, 1, out));
        op.processBatch(RowBatch.of(Row.of(1), Row.of(2)), 0);
        op.processWatermark(new Watermark(5));
        op.processBatch(RowBatch.of(Row.of(3)), 0);
        op.close();
        assertThat(op.rowCount()).isEqualTo(3);
        assertThat(out.rows()).isEmpty();
        assertThat(out.watermarks()).isEmpty();
    }

    @Test
    void cannotBeReadFrom() {
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(table).createSource(table))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Connector 'blackhole' of table default.t can only be written to, not read from");
    }
}
