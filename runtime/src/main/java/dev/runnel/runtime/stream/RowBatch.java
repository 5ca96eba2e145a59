package dev.runnel.runtime.stream;

import dev.runnel.runtime.data.Row;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A batch of rows, the unit operators exchange: batching amortizes per-record costs of
 * dispatch, queues and serialization. A batch is owned by one thread at a time; whoever
 * receives it may keep or reuse it.
 */
public final class RowBatch implements StreamElement, Iterable<Row> {
    /** The batch size outputs flush at unless configured otherwise. */
    public static final int DEFAULT_CAPACITY = 1024;

    private Row[] rows;
    private int size;

    public RowBatch(int capacity) {
        this.rows = new Row[Math.max(1, capacity)];
    }

    public RowBatch() {
        this(DEFAULT_CAPACITY);
    }

    public static RowBatch of(Row... rows) {
        RowBatch batch = new RowBatch(rows.length);
        for (Row row : rows) {
            batch.add(row);
        }
        return batch;
    }

    public static RowBatch of(List<Row> rows) {
        return of(rows.toArray(new Row[0]));
    }

    public void add(Row row) {
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, rows.length * 2);
        }
        rows[size++] = row;
    }

    public Row get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " >= " + size);
        }
        return rows[i];
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int capacity() {
        return rows.length;
    }

    public boolean isFull() {
        return size >= rows.length;
    }

    /** Empties the batch, keeping its capacity. */
    public void clear() {
        Arrays.fill(rows, 0, size, null);
        size = 0;
    }

    public List<Row> toList() {
        return List.of(Arrays.copyOf(rows, size));
    }

    @Override
    public Iterator<Row> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public Row next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                return rows[next++];
            }
        };
    }

    @Override
    public String toString() {
        return "RowBatch" + toList();
    }
}
