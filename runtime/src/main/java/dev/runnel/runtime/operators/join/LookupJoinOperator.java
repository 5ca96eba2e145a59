package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.stream.RowBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link LookupJoinOperatorFactory}: the looked-up table lives in a hash map from key
 * values to rows, loaded in {@link #open} and loaded again by the first batch that arrives once
 * the table's reload interval has passed on the task's clock (as Flink's
 * {@code FileSystemLookupFunction} does). Each input row keeps its kind: a retraction is joined
 * with the table as it is now, as in Flink. No state: the table is read again after a restore.
 */
final class LookupJoinOperator extends AbstractOperator {
    private static final Logger LOG = LoggerFactory.getLogger(LookupJoinOperator.class);

    private final LookupJoinOperatorFactory spec;
    private final JoinedRows joined;
    private final int[] keyPositions;
    private CalcFunction keyValues;
    private CalcFunction condition;
    private ProcessingTimeService clock;
    private Map<Row, List<Row>> rowsByKey;
    private long nextLoad;

    LookupJoinOperator(LookupJoinOperatorFactory spec) {
        this.spec = spec;
        this.joined = new JoinedRows(spec.leftArity(), spec.rightArity());
        this.keyPositions = new int[spec.lookupKeys().length];
        for (int i = 0; i < keyPositions.length; i++) {
            keyPositions[i] = i;
        }
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        keyValues = spec.keyValues().newInstance(context.userClassLoader());
        if (spec.condition() != null) {
            condition = spec.condition().newInstance(context.userClassLoader());
        }
        clock = context.processingTimeService();
        load(clock.currentTime());
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        long now = clock.currentTime();
        if (now >= nextLoad) {
            load(now);
        }
        for (int i = 0, n = batch.size(); i < n; i++) {
            processRow(batch.get(i));
        }
    }

    private void processRow(Row row) {
        Row key = keyValues.apply(row);
        boolean matched = false;
        if (!JoinedRows.hasNullKey(key, keyPositions, spec.nullSafe())) {
            for (Row other : rowsByKey.getOrDefault(JoinedRows.asInsert(key), List.of())) {
                Row result = joined.join(row.kind(), row, other);
                if (condition == null || condition.apply(result) != null) {
                    output.collect(result);
                    matched = true;
                }
            }
        }
        if (!matched && spec.leftOuter()) {
            output.collect(joined.join(row.kind(), row, null));
        }
    }

    /** Reads the whole table into a new map, which replaces the old one only once complete. */
    private void load(long now) throws Exception {
        long started = System.nanoTime();
        Map<Row, List<Row>> fresh = new HashMap<>();
        long[] count = {0};
        try {
            spec.table().readAll(context, row -> {
                fresh.computeIfAbsent(JoinedRows.project(row, spec.lookupKeys()), k -> new ArrayList<>(1))
                        .add(JoinedRows.asInsert(row));
                count[0]++;
            });
        } catch (Exception e) {
            throw new IllegalStateException("The lookup join cannot read table " + spec.table().tableName() + ": "
                    + e.getMessage(), e);
        }
        rowsByKey = fresh;
        long interval = spec.table().reloadInterval().toMillis();
        nextLoad = interval > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + interval;
        LOG.info("{}: loaded {} rows of lookup table {} in {} ms", context.operatorName(), count[0],
                spec.table().tableName(), (System.nanoTime() - started) / 1_000_000);
    }
}
