package dev.runnel.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.checkpoint.CheckpointLocation;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.InputGate;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalInputGate;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.stream.EndOfInput;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Barrier alignment on a real input gate of three channels, driven the way a task drives it:
 * poll an element, tell the aligner about barriers and ends, record what the task processed.
 */
class BarrierAlignerTest {
    private final JobId job = JobId.generate();
    private final List<LocalChannel> channels = List.of(channel(0), channel(1), channel(2));
    private final LocalInputGate gate = new LocalInputGate(channels);
    /** What the "task" saw, in order: rows as "ch:n", snapshots as "snapshot n", aborts as "abort n". */
    private final List<String> events = new ArrayList<>();

    private LocalChannel channel(int producer) {
        return new LocalChannel(new ChannelId(job, 0, producer, 0), 100);
    }

    private BarrierAligner aligner(boolean exactlyOnce) {
        return new BarrierAligner(gate, exactlyOnce, new BarrierAligner.Actions() {
            @Override
            public void aligned(CheckpointBarrier barrier) {
                events.add("snapshot " + barrier.id());
            }

            @Override
            public void abort(long checkpointId, String reason) {
                events.add("abort " + checkpointId);
            }
        });
    }

    private static CheckpointBarrier barrier(long id) {
        return new CheckpointBarrier(id, 0, new CheckpointLocation(URI.create("file:///tmp/chk-" + id + "/"),
                URI.create("file:///tmp/shared/"), false));
    }

    private void put(int channel, StreamElement... elements) throws InterruptedException {
        for (StreamElement e : elements) {
            channels.get(channel).put(e);
        }
    }

    private static RowBatch row(long n) {
        return RowBatch.of(Row.of(n));
    }

    /** Polls until the gate has nothing more to give. */
    private void drain(BarrierAligner aligner) {
        InputGate.InputElement next;
        while ((next = gate.pollNext()) != null) {
            StreamElement element = next.element();
            if (element instanceof RowBatch batch) {
                events.add(next.channelIndex() + ":" + batch.get(0).getField(0));
            } else if (element instanceof CheckpointBarrier b) {
                aligner.barrierReceived(next.channelIndex(), b);
            } else if (element instanceof EndOfInput) {
                aligner.channelEnded(next.channelIndex());
            }
        }
    }

    @Test
    void exactlyOnceHoldsBackTheRowsAfterABarrierUntilEveryChannelDeliveredIt() throws InterruptedException {
        BarrierAligner aligner = aligner(true);
        put(0, row(1), barrier(7), row(2), row(3));
        put(1, row(10), row(11));
        put(2, row(20), barrier(7), row(21));

        drain(aligner);
        // Channels 0 and 2 are blocked after their barriers; only channel 1 went on.
        assertThat(events).containsExactlyInAnyOrder("0:1", "1:10", "1:11", "2:20");
        assertThat(aligner.pendingCheckpointId()).isEqualTo(7);

        events.clear();
        put(1, barrier(7));
        drain(aligner);
        assertThat(events.get(0)).isEqualTo("snapshot 7");
        assertThat(events.subList(1, events.size())).containsExactlyInAnyOrder("0:2", "0:3", "2:21");
    }

    @Test
    void atLeastOnceBlocksNothingAndSnapshotsOnTheLastBarrier() throws InterruptedException {
        BarrierAligner aligner = aligner(false);
        put(0, row(1), barrier(3), row(2));
        put(1, row(10), barrier(3));
        put(2, row(20));

        drain(aligner);
        assertThat(events).containsExactlyInAnyOrder("0:1", "0:2", "1:10", "2:20");

        put(2, barrier(3), row(21));
        drain(aligner);
        assertThat(events).endsWith("snapshot 3", "2:21");
    }

    @Test
    void anEndedChannelCountsAsAligned() throws InterruptedException {
        BarrierAligner aligner = aligner(true);
        put(0, barrier(4), row(1));
        put(1, row(10), EndOfInput.INSTANCE);
        put(2, barrier(4));

        drain(aligner);

        assertThat(events).containsSubsequence("1:10", "snapshot 4", "0:1");
    }

    @Test
    void aNewerBarrierAbortsTheUnfinishedAlignmentOfAnOlderOne() throws InterruptedException {
        BarrierAligner aligner = aligner(true);
        put(0, barrier(1), barrier(2));
        put(1, barrier(2));
        put(2, row(20), barrier(2), barrier(1));

        drain(aligner);

        // Checkpoint 1 is given up when 2 arrives; the late barrier 1 on channel 2 is ignored.
        assertThat(events).containsExactlyInAnyOrder("2:20", "abort 1", "snapshot 2")
                .containsSubsequence("abort 1", "snapshot 2");
        assertThat(aligner.pendingCheckpointId()).isEqualTo(-1);
    }

    @Test
    void aTriggeredTaskSnapshotsOnceItsInputsDeliveredWhatTheyHoldAndEnded() throws InterruptedException {
        BarrierAligner aligner = aligner(true);
        put(0, row(1), EndOfInput.INSTANCE);
        put(1, EndOfInput.INSTANCE);
        put(2, row(20), row(21));

        aligner.triggered(barrier(5));
        drain(aligner);
        assertThat(events).doesNotContain("snapshot 5");

        put(2, EndOfInput.INSTANCE);
        drain(aligner);
        assertThat(events).endsWith("snapshot 5");
        assertThat(events).containsSubsequence("2:21", "snapshot 5");
    }
}
