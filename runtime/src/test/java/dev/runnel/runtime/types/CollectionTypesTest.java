package dev.runnel.runtime.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ARRAY, MULTISET and MAP types: their spelling, their values' text, SQL equality. */
class CollectionTypesTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);

    @Test
    void typesAreSpelledAsFlinkPrintsThem() {
        DataType nested = DataType.map(STRING, DataType.array(DataType.row(List.of(
                new RowType.Field("x", INT.notNull()), new RowType.Field("y", DataType.multiset(STRING))))));
        assertThat(nested).hasToString("MAP<STRING, ARRAY<ROW<`x` INT NOT NULL, `y` MULTISET<STRING>>>>");
        assertThat(nested.toDdlString())
                .isEqualTo("MAP<VARCHAR(2147483647), ARRAY<ROW<`x` INT NOT NULL, `y` MULTISET<VARCHAR(2147483647)>>>>");
        assertThat(DataType.array(INT.notNull()).notNull()).hasToString("ARRAY<INT NOT NULL> NOT NULL");
        assertThat(DataType.row(List.of(new RowType.Field("s", STRING))).toDdlString())
                .isEqualTo("ROW<`s` VARCHAR(2147483647)>");
        assertThat(STRING.toDdlString()).isEqualTo("STRING");
    }

    @Test
    void theParserReadsBackEveryTypeItsTextSpells() {
        List<DataType> types = List.of(
                DataType.map(STRING.notNull(), DataType.array(DataType.decimal(10, 2))).notNull(),
                DataType.multiset(DataType.row(List.of(new RowType.Field("a`b", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3)),
                        new RowType.Field("c", DataType.of(TypeRoot.CHAR, 4).notNull())))),
                DataType.array(DataType.array(DataType.of(TypeRoot.VARBINARY))),
                DataType.of(TypeRoot.TIMESTAMP, 9), DataType.of(TypeRoot.VARCHAR, 5), DataType.of(TypeRoot.BOOLEAN));
        for (DataType type : types) {
            assertThat(DataTypeParser.parse(type.toString())).isEqualTo(type);
        }
        assertThatThrownBy(() -> DataTypeParser.parse("ARRAY<INT"))
                .hasMessageContaining("Expected '>' at position 9");
    }

    @Test
    void valuesPrintAsFlinkPrintsThem() {
        DataType arrayOfRows = DataType.array(DataType.row(List.of(new RowType.Field("i", INT),
                new RowType.Field("b", DataType.of(TypeRoot.BOOLEAN)), new RowType.Field("d", DataType.of(TypeRoot.DATE)))));
        assertThat(Values.toText(Arrays.asList(new Object[] {1, true, 0}, null, new Object[] {null, false, 1}),
                arrayOfRows)).isEqualTo("[(1, TRUE, 1970-01-01), NULL, (NULL, FALSE, 1970-01-02)]");
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("b", List.of(new BigDecimal("1.50")));
        map.put("a", null);
        assertThat(Values.toText(map, DataType.map(STRING, DataType.array(DataType.decimal(3, 2)))))
                .isEqualTo("{b=[1.50], a=NULL}");
        assertThat(Values.toText(List.of("x", "y", "x"), DataType.multiset(STRING))).isEqualTo("{x=2, y=1}");
        assertThat(Values.toText(List.of(new byte[] {1, 2}), DataType.array(DataType.of(TypeRoot.VARBINARY))))
                .isEqualTo("[x'0102']");
        assertThat(Values.toText(new ArrayList<>(), DataType.array(INT))).isEqualTo("[]");
    }

    @Test
    void equalityAndHashFollowSqlValues() {
        assertThat(CollectionValues.equal(List.of(new BigDecimal("1.0"), 2), List.of(new BigDecimal("1.00"), 2L))).isTrue();
        assertThat(CollectionValues.equal(List.of(1, 2), List.of(2, 1))).isFalse();
        Map<Object, Object> xy = new LinkedHashMap<>(Map.of("x", 1));
        xy.put("y", 2);
        Map<Object, Object> yx = new LinkedHashMap<>(Map.of("y", 2));
        yx.put("x", 1);
        assertThat(CollectionValues.equal(xy, yx)).isTrue();
        assertThat(CollectionValues.hash(xy)).isEqualTo(CollectionValues.hash(yx));
        assertThat(CollectionValues.equal(Arrays.asList(new byte[] {1}, null), Arrays.asList(new byte[] {1}, null)))
                .isTrue();
        assertThat(CollectionValues.hash(List.of(new BigDecimal("1.0")))).isEqualTo(CollectionValues.hash(
                List.of(new BigDecimal("1.00"))));
        assertThat(CollectionValues.distinct(Arrays.asList(3, 1, null, 3, null))).containsExactly(3, 1, null);
        assertThat(CollectionValues.counts(List.of("b", "a", "b"))).containsExactly(Map.entry("b", 2), Map.entry("a", 1));
    }
}
