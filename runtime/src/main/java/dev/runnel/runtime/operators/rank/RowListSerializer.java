package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.TypeSerializer;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A list of rows as one state value: the count, then each row with the row serializer. */
public record RowListSerializer(TypeSerializer<Row> rowSerializer) implements TypeSerializer<List<Row>> {
    @Override
    public void serialize(List<Row> rows, DataOutput out) throws IOException {
        out.writeInt(rows.size());
        for (Row row : rows) {
            rowSerializer.serialize(row, out);
        }
    }

    @Override
    public List<Row> deserialize(DataInput in) throws IOException {
        int n = in.readInt();
        List<Row> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            rows.add(rowSerializer.deserialize(in));
        }
        return rows;
    }

    @Override
    public List<Row> copy(List<Row> rows) {
        List<Row> copy = new ArrayList<>(rows.size());
        for (Row row : rows) {
            copy.add(rowSerializer.copy(row));
        }
        return copy;
    }
}
