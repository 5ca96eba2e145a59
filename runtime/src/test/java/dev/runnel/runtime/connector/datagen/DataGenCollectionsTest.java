package dev.runnel.runtime.connector.datagen;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Like Flink's datagen: random collections of 'length' elements (3 by default), random elements. */
class DataGenCollectionsTest {
    private static final RowType SCHEMA = RowType.of(
            new Field("a", DataType.array(DataType.of(TypeRoot.INTEGER))),
            new Field("m", DataType.map(DataType.of(TypeRoot.VARCHAR), DataType.array(DataType.of(TypeRoot.DOUBLE)))),
            new Field("ms", DataType.multiset(DataType.of(TypeRoot.BOOLEAN))));

    private static SourceFactory source(Map<String, String> options) {
        Map<String, String> all = new HashMap<>(options);
        all.put("connector", "datagen");
        all.put("number-of-rows", "5");
        TableContext table = table(SCHEMA, all);
        return ConnectorFactories.factoryFor(table).createSource(table);
    }

    @Test
    void collectionsHoldLengthRandomElements() throws Exception {
        List<Row> rows = readAll(source(Map.of("fields.a.length", "5", "fields.ms.length", "0")), 1).get(0);
        assertThat(rows).hasSize(5).allSatisfy(row -> {
            assertThat((List<?>) row.getField(0)).hasSize(5).doesNotContainNull();
            // string keys of 100 random characters do not collide
            Map<?, ?> map = (Map<?, ?>) row.getField(1);
            assertThat(map).hasSize(3);
            assertThat(map.values()).allSatisfy(v -> assertThat((List<?>) v).hasSize(3));
            assertThat((List<?>) row.getField(2)).isEmpty();
        });
    }

    @Test
    void onlyLengthAndNullRateApplyToACollection() {
        assertThatThrownBy(() -> source(Map.of("fields.a.min", "1")))
                .hasMessageContaining("does not apply to a random ARRAY<INT> field ('a')");
        assertThatThrownBy(() -> source(Map.of("fields.a.length", "-1"))).hasMessageContaining("must not be negative");
    }
}
