package dev.runnel.runtime.types;

import java.io.Serializable;
import java.util.List;
import java.util.function.Function;

/** The schema of the rows on an edge or in a table: named, typed fields in order. */
public record RowType(List<Field> fields) implements Serializable {

    /** One named, typed field. */
    public record Field(String name, DataType type) implements Serializable {
    }

    public RowType {
        fields = List.copyOf(fields);
    }

    public static RowType of(Field... fields) {
        return new RowType(List.of(fields));
    }

    public int arity() {
        return fields.size();
    }

    public Field field(int i) {
        return fields.get(i);
    }

    public DataType type(int i) {
        return fields.get(i).type();
    }

    public String name(int i) {
        return fields.get(i).name();
    }

    /** The position of the field called {@code name} (exact match), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public List<String> names() {
        return fields.stream().map(Field::name).toList();
    }

    @Override
    public String toString() {
        return spell(f -> f.type().toString());
    }

    /** {@code ROW<`name` type, ...>} with each field's type spelled by {@code typeText}. */
    String spell(Function<Field, String> typeText) {
        StringBuilder sb = new StringBuilder("ROW<");
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append('`').append(fields.get(i).name().replace("`", "``")).append("` ")
                    .append(typeText.apply(fields.get(i)));
        }
        return sb.append('>').toString();
    }
}
