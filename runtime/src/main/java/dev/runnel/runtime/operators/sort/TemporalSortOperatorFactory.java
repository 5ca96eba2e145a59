package dev.runnel.runtime.operators.sort;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.rank.SortKeyComparator;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * Flink's streaming sort on a time attribute ({@code ORDER BY ts [, x DESC …]}, ascending time
 * first), over an insert-only input on one subtask:
 *
 * <ul>
 *   <li>event time ({@code rowtimeField >= 0}, Flink's {@code RowTimeSortOperator}): rows wait in
 *       keyed state by time with an event-time timer; when the watermark passes a time, its rows
 *       are emitted, ordered by {@code secondary} (ties in arrival order). A row whose time is not
 *       after the last time emitted (or NULL) is late: dropped and counted in
 *       {@code numLateRecordsDropped};</li>
 *   <li>processing time ({@code rowtimeField < 0}, Flink's {@code ProcTimeSortOperator}): rows wait
 *       until the next millisecond of the task's clock, then what arrived is emitted ordered by
 *       {@code secondary}. At the end of a bounded input the rows still waiting are emitted.</li>
 * </ul>
 *
 * @param name         readable name, such as {@code TemporalSort(orderBy=[ts ASC, id DESC])}
 * @param inputTypes   the input's field types, for state
 * @param rowtimeField the event-time field, or -1 to sort on processing time
 * @param secondary    the sort keys after the time (no fields: arrival order)
 */
public record TemporalSortOperatorFactory(String name, List<DataType> inputTypes, int rowtimeField,
                                          SortKeyComparator secondary) implements OperatorFactory {
    public TemporalSortOperatorFactory {
        Objects.requireNonNull(name, "name");
        inputTypes = List.copyOf(inputTypes);
        Objects.requireNonNull(secondary, "secondary");
    }

    boolean eventTime() {
        return rowtimeField >= 0;
    }

    @Override
    public String stateSignature() {
        return name + ", inputTypes=" + inputTypes;
    }

    @Override
    public Operator create() {
        return eventTime() ? new RowTimeSortOperator(this) : new ProcTimeSortOperator(this);
    }
}
