package dev.runnel.runtime.source.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.ReaderOutput;
import dev.runnel.runtime.stream.WatermarkStatus;
import dev.runnel.runtime.testing.CollectingOutput;
import org.junit.jupiter.api.Test;

/** Watermarks generated at a source: per split, minimum over splits, periodic, never back, idleness. */
class SourceWatermarksTest {
    private final CollectingOutput out = new CollectingOutput();

    /** Rows (ts) whose watermark expression is ts - 5. */
    private SourceWatermarks watermarks(long idleTimeout) {
        return new SourceWatermarks(out, row -> row.getField(0) == null ? Long.MIN_VALUE : (Long) row.getField(0) - 5,
                idleTimeout, 0);
    }

    @Test
    void emitsTheMaximumSoFarPeriodicallyAndNeverGoesBack() {
        SourceWatermarks w = watermarks(0);
        w.collect(Row.of(100L));
        w.collect(Row.of(90L));
        assertThat(out.watermarks()).as("only at the periodic emit").isEmpty();
        w.onPeriodicEmit(200);
        w.collect(Row.of(80L));
        w.collect(Row.of((Object) null));
        w.onPeriodicEmit(400);
        w.collect(Row.of(120L));
        w.onPeriodicEmit(600);
        assertThat(out.watermarks()).containsExactly(95L, 115L);
        assertThat(out.rows()).hasSize(5);
    }

    @Test
    void theSubtasksWatermarkIsTheMinimumOverItsSplitsAndAFinishedSplitStopsCounting() {
        SourceWatermarks w = watermarks(0);
        Output a = ReaderOutput.forSplit(w, "a");
        Output b = ReaderOutput.forSplit(w, "b");
        a.collect(Row.of(100L));
        b.collect(Row.of(50L));
        w.onPeriodicEmit(200);
        assertThat(out.watermarks()).containsExactly(45L);
        b.collect(Row.of(60L));
        w.onPeriodicEmit(400);
        ReaderOutput.release(w, "b");
        w.onPeriodicEmit(600);
        assertThat(out.watermarks()).as("the unused main output holds nothing back").containsExactly(45L, 55L, 95L);
    }

    @Test
    void aSplitWithoutRowsForTheTimeoutIsIdleAndTheSubtaskWhenAllAre() {
        SourceWatermarks w = watermarks(1000);
        Output a = ReaderOutput.forSplit(w, "a");
        Output b = ReaderOutput.forSplit(w, "b");
        a.collect(Row.of(100L));
        b.collect(Row.of(50L));
        w.onPeriodicEmit(200);
        a.collect(Row.of(200L));
        w.onPeriodicEmit(1100);
        assertThat(out.watermarks()).containsExactly(45L);
        a.collect(Row.of(300L));
        w.onPeriodicEmit(1300);
        assertThat(out.watermarks()).as("b is idle: a alone decides").containsExactly(45L, 295L);
        w.onPeriodicEmit(2400);
        assertThat(w.isIdle()).isTrue();
        assertThat(out.elements()).last().isEqualTo(WatermarkStatus.IDLE);

        b.collect(Row.of(400L));
        assertThat(out.elements().subList(out.elements().size() - 2, out.elements().size()))
                .as("active again before the row").containsExactly(WatermarkStatus.ACTIVE, Row.of(400L));
        w.onPeriodicEmit(2600);
        assertThat(out.watermarks()).last().isEqualTo(395L);
    }

    @Test
    void aSourceWithoutRowsBecomesIdle() {
        SourceWatermarks w = watermarks(500);
        w.onPeriodicEmit(200);
        assertThat(out.elements()).isEmpty();
        w.onPeriodicEmit(600);
        assertThat(out.elements()).containsExactly(WatermarkStatus.IDLE);
        w.onPeriodicEmit(800);
        assertThat(out.elements()).as("said once").containsExactly(WatermarkStatus.IDLE);
    }

    /** A Kafka subtask without partitions goes idle; the partition it gets later makes it active before its first row. */
    @Test
    void aSplitThatStartsWhileTheSubtaskIsIdleMakesItActive() {
        SourceWatermarks w = watermarks(500);
        w.onPeriodicEmit(600);
        assertThat(w.isIdle()).isTrue();

        w.createOutputForSplit("topic-3").collect(Row.of(700L));

        assertThat(w.isIdle()).isFalse();
        assertThat(out.elements()).containsExactly(WatermarkStatus.IDLE, WatermarkStatus.ACTIVE, Row.of(700L));
    }
}
