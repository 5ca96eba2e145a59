package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * Window Top-N and window deduplication, as Flink's WindowRank and WindowDeduplicate: the rows
 * of each partition key and window ordered by {@code comparator}, of which the first
 * {@code limit} are emitted (append-only, with the row number when {@code outputRankNumber})
 * when the watermark passes the window's end.
 *
 * @param name readable name, such as {@code WindowRank(rankRange=[1..3], …)}
 * @param keyFields the partition key fields (include {@code window_start} and {@code window_end})
 * @param windowEndField the input's {@code window_end} field (epoch millis)
 * @param inputTypes the input's field types, for state
 * @param comparator the {@code ORDER BY}
 * @param limit how many rows per window to emit (N of {@code rn <= N})
 * @param laterWinsTies whether, among rows that compare equal, a later arrival ranks first
 *     (keep-last deduplication) instead of an earlier one
 * @param outputRankNumber whether each output row ends with its row number ({@code BIGINT})
 */
public record WindowTopNOperatorFactory(String name, int[] keyFields, int windowEndField, List<DataType> inputTypes,
                                        SortKeyComparator comparator, int limit, boolean laterWinsTies,
                                        boolean outputRankNumber) implements OperatorFactory {
    public WindowTopNOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keyFields, "keyFields");
        Objects.requireNonNull(comparator, "comparator");
        inputTypes = List.copyOf(inputTypes);
        if (limit < 1) {
            throw new IllegalArgumentException("A window Top-N emits at least one row per window, not " + limit);
        }
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", inputTypes=" + inputTypes;
    }

    @Override
    public Operator create() {
        return new WindowTopNOperator(this);
    }
}
