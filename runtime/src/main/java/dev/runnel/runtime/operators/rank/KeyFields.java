package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;

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
}
