package dev.runnel.runtime.format.json;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields a JSON object is read into (a table's row or a nested ROW), looked up by name.
 * Built once per deserializer so that a record costs no lookups beyond one comparison per field
 * when its fields come in the declared order, as files written by Flink or Runnel have them.
 */
final class ObjectShape {
    final String[] names;
    final DataType[] types;
    /** The shape of each ROW field; null for the others. */
    final ObjectShape[] children;
    /** How messages name this object's fields: {@code ""} for the table's row, {@code "bid."} for a ROW field {@code bid}. */
    final String prefix;
    private final Map<String, Integer> index = new HashMap<>();

    ObjectShape(RowType rowType) {
        this(rowType.fields(), "");
    }

    /** The shape of a ROW type nested in a collection, its fields named {@code prefix + name} in messages. */
    ObjectShape(DataType rowType, String prefix) {
        this(rowType.fields(), prefix);
    }

    private ObjectShape(List<RowType.Field> fields, String prefix) {
        this.prefix = prefix;
        names = new String[fields.size()];
        types = new DataType[fields.size()];
        children = new ObjectShape[fields.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = fields.get(i).name();
            types[i] = fields.get(i).type();
            if (types[i].root() == TypeRoot.ROW) {
                children[i] = new ObjectShape(types[i].fields(), prefix + names[i] + ".");
            }
            index.put(names[i], i);
        }
    }

    /** Field {@code i} as messages name it, under {@code path} (the debezium format reads rows under {@code after.}). */
    String fieldName(String path, int i) {
        return path + prefix + names[i];
    }

    /** The index of field {@code name}, trying {@code expected} first; -1 if there is no such field. */
    int indexOf(String name, int expected) {
        if (expected < names.length && names[expected].equals(name)) {
            return expected;
        }
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }
}
