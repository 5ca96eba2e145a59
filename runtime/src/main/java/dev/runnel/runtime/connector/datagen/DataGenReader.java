package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.types.RowType;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * Generates the rows of one datagen subtask at its share of {@code rows-per-second}. Split
 * {@code i} of {@code p} holds part {@code i} of {@code number-of-rows} and of every sequence
 * (as many rows as the shortest of them); its row {@code n} has the {@code n}-th value of each
 * sequence part, so a split restored at a position continues each sequence after its last
 * emitted value. Random fields are random, also after a restore.
 */
final class DataGenReader extends PacedGeneratorReader {
    private final RowType rowType;
    private final List<FieldSpec> specs;
    private final Long numberOfRows;
    private final double rowsPerSecond;
    private final SplittableRandom random = new SplittableRandom();

    DataGenReader(RowType rowType, List<FieldSpec> specs, Long numberOfRows, double rowsPerSecond, int subtaskIndex,
                  int parallelism, LongSupplier nanoClock, int batchSize) {
        super(rowsPerSecond, subtaskIndex, parallelism, batchSize, nanoClock);
        this.rowType = rowType;
        this.specs = specs;
        this.numberOfRows = numberOfRows;
        this.rowsPerSecond = rowsPerSecond;
    }

    @Override
    protected long splitSize(int index, int count) {
        long rows = Long.MAX_VALUE;
        if (numberOfRows != null) {
            rows = numberOfRows / count + (index < numberOfRows % count ? 1 : 0);
        }
        for (FieldSpec spec : specs) {
            if (spec.isSequence()) {
                rows = Math.min(rows, DataGenGenerators.sequenceShare(spec, index, count));
            }
        }
        return rows;
    }

    @Override
    protected LongFunction<Row> splitRows(int index, int count) {
        int arity = specs.size();
        long[] firsts = new long[arity];
        DataGenGenerators.Generator[] generators = new DataGenGenerators.Generator[arity];
        double[] nullRates = new double[arity];
        for (int i = 0; i < arity; i++) {
            FieldSpec spec = specs.get(i);
            if (spec.isSequence()) {
                firsts[i] = DataGenGenerators.sequenceFirst(spec, index, count);
            } else {
                generators[i] = DataGenGenerators.random(spec, rowType.type(i));
            }
            nullRates[i] = spec.nullRate();
        }
        return n -> {
            Object[] fields = new Object[arity];
            for (int i = 0; i < arity; i++) {
                Object value = generators[i] == null
                        ? DataGenGenerators.sequenceValue(firsts[i] + n, rowType.type(i))
                        : generators[i].next(random);
                fields[i] = nullRates[i] > 0 && random.nextDouble() < nullRates[i] ? null : value;
            }
            return Row.of(fields);
        };
    }

    /** This subtask's share of {@code rows-per-second}. */
    double rowsPerSecond() {
        return rowsPerSecond;
    }
}
