package dev.runnel.planner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Collection types between the runtime and Calcite: element nullability kept, Calcite's Java classes. */
class TypeConversionsTest {
    private final JavaTypeFactoryImpl factory = new JavaTypeFactoryImpl(RunnelTypeSystem.INSTANCE);

    @Test
    void collectionTypesRoundTripWithTheirElementsNullability() {
        List<DataType> types = List.of(
                DataType.array(DataType.of(TypeRoot.INTEGER).notNull()),
                DataType.array(DataType.of(TypeRoot.VARCHAR)).notNull(),
                DataType.multiset(DataType.of(TypeRoot.VARCHAR, 10)),
                DataType.map(DataType.of(TypeRoot.VARCHAR).notNull(), DataType.array(DataType.decimal(10, 2))),
                DataType.array(DataType.row(List.of(new RowType.Field("x", DataType.of(TypeRoot.BIGINT)),
                        new RowType.Field("m", DataType.map(DataType.of(TypeRoot.INTEGER), DataType.of(TypeRoot.DATE)))))),
                DataType.row(List.of(new RowType.Field("tags", DataType.multiset(DataType.of(TypeRoot.TIMESTAMP, 3))))));
        for (DataType type : types) {
            RelDataType calcite = TypeConversions.toRelDataType(type, factory);
            assertThat(TypeConversions.toDataType(calcite)).isEqualTo(type);
        }
    }

    @Test
    void collectionsAreCalcitesCollectionTypesAndJavaClasses() {
        RelDataType array = TypeConversions.toRelDataType(DataType.array(DataType.of(TypeRoot.INTEGER).notNull()), factory);
        assertThat(array.getSqlTypeName()).isEqualTo(SqlTypeName.ARRAY);
        assertThat(array.getFullTypeString()).isEqualTo("INTEGER NOT NULL ARRAY");
        RelDataType map = TypeConversions.toRelDataType(
                DataType.map(DataType.of(TypeRoot.VARCHAR), DataType.of(TypeRoot.INTEGER)), factory);
        assertThat(map.getFullTypeString()).isEqualTo("(VARCHAR(2147483647), INTEGER) MAP");
        RelDataType multiset = TypeConversions.toRelDataType(DataType.multiset(DataType.of(TypeRoot.VARCHAR)), factory);
        assertThat(multiset.getSqlTypeName()).isEqualTo(SqlTypeName.MULTISET);
        // what generated code reads and writes: TypeRoot's List and Map
        assertThat(factory.getJavaClass(array)).isEqualTo(List.class);
        assertThat(factory.getJavaClass(multiset)).isEqualTo(List.class);
        assertThat(factory.getJavaClass(map)).isEqualTo(java.util.Map.class);
    }
}
