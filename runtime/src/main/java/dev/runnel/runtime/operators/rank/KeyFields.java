package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import java.util.ArrayList;
import java.util.List;

/** The partition key of a row: a new row of the key fields, for {@code setCurrentKey}. */
public final class KeyFields {
    private KeyFields() {
    }

    public static Row of(Row row, int[] keyFields) {
        Object[] key = new Object[keyFields.length];
        for (int i = 0; i < keyFields.length; i++) {
            key[i] = row.getField(keyFields[i]);
        }
        return Row.of(key);
    }

    /** The types of the key fields, for the key serializer. */
    public static List<DataType> types(int[] keyFields, List<DataType> inputTypes) {
        List<DataType> types = new ArrayList<>();
        for (int field : keyFields) {
            types.add(inputTypes.get(field));
        }
        return types;
    }
}
