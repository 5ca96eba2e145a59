package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DESCRIBE and SHOW CREATE TABLE of metadata columns, which no connector accepts yet (Kafka
 * will), so the catalog table is built by hand.
 */
class TableDescriptionsTest {
    private static final CatalogTable TABLE = CatalogTable.of("events", List.of(
            new TableColumn.Physical("id", DataType.of(TypeRoot.BIGINT), null),
            new TableColumn.Metadata("ts", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3), "timestamp", false, null),
            new TableColumn.Metadata("part", DataType.of(TypeRoot.INTEGER), "partition", true, "which partition"),
            new TableColumn.Metadata("headers", DataType.of(TypeRoot.VARCHAR), null, true, null),
            new TableColumn.Metadata("offset", DataType.of(TypeRoot.BIGINT), null, false, null)),
            Map.of("connector", "kafka", "topic", "it's"), null, null, null, List.of());

    @Test
    void describeShowsMetadataExtras() {
        assertThat(TableDescriptions.describeRows(TABLE)).containsExactly(
                Row.of("id", "BIGINT", true, "", "", ""),
                Row.of("ts", "TIMESTAMP_LTZ(3)", true, "", "METADATA FROM 'timestamp'", ""),
                Row.of("part", "INT", true, "", "METADATA FROM 'partition' VIRTUAL", ""),
                Row.of("headers", "STRING", true, "", "METADATA VIRTUAL", ""),
                Row.of("offset", "BIGINT", true, "", "METADATA", ""));
    }

    @Test
    void showCreateTableWritesMetadataColumnsAndQuotes() {
        assertThat(TableDescriptions.showCreateTable(TABLE, false)).isEqualTo("""
                CREATE TABLE `default_catalog`.`default_database`.`events` (
                  `id` BIGINT,
                  `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
                  `part` INT METADATA FROM 'partition' VIRTUAL COMMENT 'which partition',
                  `headers` STRING METADATA VIRTUAL,
                  `offset` BIGINT METADATA
                )
                WITH (
                  'connector' = 'kafka',
                  'topic' = 'it''s'
                )""");
    }

    @Test
    void onlyPhysicalAndNonVirtualMetadataColumnsArePersisted() {
        assertThat(TABLE.columns().stream().filter(TableColumn::persisted).map(TableColumn::name))
                .containsExactly("id", "ts", "offset");
        assertThat(TABLE.schema().names()).containsExactly("id");
    }
}
