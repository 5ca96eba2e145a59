package dev.runnel.shell.gateway;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;

/**
 * The rows of a query's job, streamed to the driver as they arrive. An insert-only query serves
 * its rows; an updating one over unbounded input serves its changelog, each row led by a
 * {@code row_kind} column ({@code +I}, {@code -U}, {@code +U}, {@code -D}); an updating one over
 * bounded input is made a final table by {@link #finalTable} before the statement returns. After
 * {@code maxRows} rows (JDBC's {@code setMaxRows}) the output ends and the job is cancelled.
 *
 * <p>Only the rows of one frame are held here: the job's collect sink holds what the driver has
 * not fetched, and slows the job down when that is much.
 */
final class QueryOutput implements StatementOutput {
    static final String ROW_KIND = "row_kind";

    private final QueryResult query;
    private final List<DataType> types;
    private final List<ColumnMetaData> columns;
    private final boolean changelog;
    private final long maxRows;
    private final ZoneId zone;
    /** Rows fetched from the job and not yet sent. */
    private final Deque<Row> pending = new ArrayDeque<>();
    private long sent;
    private boolean ended;

    private QueryOutput(QueryResult query, boolean changelog, long maxRows, ZoneId zone) {
        this.query = query;
        this.types = query.columns().stream().map(ColumnInfo::type).toList();
        this.changelog = changelog;
        this.maxRows = maxRows;
        this.zone = zone;
        List<ColumnMetaData> list = new ArrayList<>();
        if (changelog) {
            list.add(JdbcTypes.column(0, ROW_KIND, DataType.of(TypeRoot.VARCHAR).notNull()));
        }
        for (ColumnInfo column : query.columns()) {
            list.add(JdbcTypes.column(list.size(), column.name(), column.type()));
        }
        this.columns = List.copyOf(list);
    }

    /**
     * The output of {@code query}: its rows, or its changelog when it is updating.
     *
     * @param maxRows the most rows to serve, 0 or less for all
     */
    static QueryOutput stream(QueryResult query, long maxRows, ZoneId zone) {
        return new QueryOutput(query, !query.isInsertOnly(), maxRows, zone);
    }

    /**
     * The final table of an updating query over bounded input: its changelog applied until the job
     * ends, each {@code -U}/{@code -D} taking back one equal row.
     */
    static StatementOutput finalTable(QueryResult query, long maxRows, ZoneId zone) {
        Map<RowKey, Integer> table = new LinkedHashMap<>();
        ResultChunk chunk;
        do {
            chunk = query.fetch(Duration.ofSeconds(1));
            for (Row row : chunk.rows()) {
                RowKey key = new RowKey(fields(row));
                if (row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER) {
                    table.merge(key, 1, Integer::sum);
                } else {
                    table.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
                }
            }
        } while (!chunk.endOfResult());
        QueryOutput shape = new QueryOutput(query, false, maxRows, zone);
        List<Object[]> rows = new ArrayList<>();
        table.forEach((key, count) -> {
            for (int i = 0; i < count && (maxRows <= 0 || rows.size() < maxRows); i++) {
                rows.add(shape.toWire(Row.of(key.fields())));
            }
        });
        return StatementOutput.of(shape.columns, rows);
    }

    private static Object[] fields(Row row) {
        Object[] fields = new Object[row.arity()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = row.getField(i);
        }
        return fields;
    }

    @Override
    public List<ColumnMetaData> columns() {
        return columns;
    }

    @Override
    public Meta.Frame next(long offset, int maxRows, Duration wait) {
        long start = sent;
        List<Object> frame = new ArrayList<>();
        int wanted = (int) Math.min(maxRows, remaining());
        if (!ended && pending.size() < wanted) {
            pull(wait);
            // more that came meanwhile go in the same frame, without waiting again
            while (!ended && pending.size() < wanted && pull(Duration.ZERO)) {
            }
        }
        while (frame.size() < wanted && !pending.isEmpty()) {
            frame.add(toWire(pending.poll()));
        }
        sent += frame.size();
        boolean done = remaining() == 0 || (ended && pending.isEmpty());
        if (done) {
            close();
        }
        return new EncodedFrame(start, done, frame);
    }

    private long remaining() {
        return maxRows > 0 ? maxRows - sent : Long.MAX_VALUE;
    }

    /** Fetches from the job; false when nothing came. */
    private boolean pull(Duration wait) {
        ResultChunk chunk = query.fetch(wait);
        pending.addAll(chunk.rows());
        ended = chunk.endOfResult();
        return !chunk.rows().isEmpty();
    }

    private Object[] toWire(Row row) {
        int shift = changelog ? 1 : 0;
        Object[] wire = new Object[row.arity() + shift];
        if (changelog) {
            wire[0] = row.kind().shortString();
        }
        for (int i = 0; i < row.arity(); i++) {
            wire[i + shift] = JdbcTypes.toWire(row.getField(i), types.get(i), zone);
        }
        return wire;
    }

    @Override
    public void close() {
        if (!ended) {
            ended = true;
            pending.clear();
            query.cancel();
        }
    }

    /** A row's fields compared by value (arrays and byte strings by content). */
    private record RowKey(Object[] fields) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RowKey other && Arrays.deepEquals(fields, other.fields);
        }

        @Override
        public int hashCode() {
            return Arrays.deepHashCode(fields);
        }
    }
}
