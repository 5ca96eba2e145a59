package dev.runnel.runtime.connector.nexmark;

import java.io.Serializable;

/**
 * The parameters of the Nexmark event model (as in the Nexmark benchmark of Beam and Flink).
 *
 * @param eventsPerSecond how fast a reader emits events in total; 0 for as fast as possible
 * @param maxEvents how many events to generate in total; 0 for no end
 * @param firstEventId the number of the first event; event numbers decide everything about an event
 * @param seed the seed of the per-event random streams
 * @param baseTime the event time of event 0, epoch milliseconds
 * @param eventTimeRate events per second of event time: the spacing of event timestamps
 * @param watermarkDelayMs how far events may be out of order: events come in groups whose
 *        timestamps are shuffled, each group spanning at most this long
 */
public record NexmarkConfig(long eventsPerSecond, long maxEvents, long firstEventId, long seed, long baseTime,
                            long eventTimeRate, long watermarkDelayMs) implements Serializable {
    /** Proportions of persons, auctions and bids among the events: 1 : 3 : 46. */
    static final int PERSON_PROPORTION = 1;
    static final int AUCTION_PROPORTION = 3;
    static final int BID_PROPORTION = 46;
    static final int TOTAL_PROPORTION = PERSON_PROPORTION + AUCTION_PROPORTION + BID_PROPORTION;

    public NexmarkConfig {
        if (eventTimeRate <= 0) {
            throw new IllegalArgumentException("eventTimeRate must be positive, was " + eventTimeRate);
        }
    }

    /** Microseconds of event time between two consecutive events. */
    double interEventDelayUs() {
        return 1_000_000.0 / eventTimeRate;
    }

    /**
     * The number of events whose timestamps are shuffled among each other: as many as fit into
     * the watermark delay, so an event is never later than that behind the newest one.
     */
    long outOfOrderGroupSize() {
        return Math.max(1, (long) (watermarkDelayMs * 1000 / interEventDelayUs()));
    }

    /** The event time of event number {@code eventNumber} (counted from 0), after shuffling. */
    long timestampOf(long eventNumber) {
        long group = outOfOrderGroupSize();
        long adjusted = eventNumber;
        if (group > 1) {
            long base = (eventNumber / group) * group;
            // 953 is prime, so the offsets of a group are a permutation of 0..group-1 (unless group is a multiple of 953).
            long offset = Math.floorMod(eventNumber * 953, group);
            adjusted = base + offset;
        }
        return baseTime + (long) (adjusted * interEventDelayUs() / 1000);
    }
}
