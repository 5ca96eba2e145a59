package dev.runnel.runtime.connector.nexmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NexmarkGeneratorTest {
    private static final NexmarkConfig CONFIG = new NexmarkConfig(0, 0, 0, 42, 1_700_000_000_000L, 10_000, 4_000);

    @Test
    void eventsComeInTheProportionsOfPersonsAuctionsAndBids() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        int[] counts = new int[3];
        for (long n = 0; n < 50_000; n++) {
            counts[(Integer) generator.event(n)[0]]++;
        }
        assertThat(counts).containsExactly(1_000, 3_000, 46_000);
    }

    @Test
    void theSameNumberAndSeedGiveTheSameEventAndAnotherSeedAnother() {
        NexmarkGenerator a = new NexmarkGenerator(CONFIG);
        NexmarkGenerator b = new NexmarkGenerator(CONFIG);
        NexmarkGenerator other = new NexmarkGenerator(new NexmarkConfig(0, 0, 0, 7, 1_700_000_000_000L, 10_000, 4_000));
        for (long n : new long[] {0, 1, 2, 49, 12_345, 9_999_999}) {
            assertThat(a.event(n)).isEqualTo(b.event(n));
        }
        assertThat(Arrays.deepEquals(a.event(4), other.event(4))).isFalse();
    }

    @Test
    void generatingInAnyOrderGivesTheSameEvents() {
        NexmarkGenerator serial = new NexmarkGenerator(CONFIG);
        NexmarkGenerator strided = new NexmarkGenerator(CONFIG);
        List<Object[]> inOrder = new ArrayList<>();
        for (long n = 0; n < 1_000; n++) {
            inOrder.add(serial.event(n));
        }
        // Two subtasks taking every other event, as parallel readers do.
        for (int subtask = 1; subtask >= 0; subtask--) {
            for (long n = subtask; n < 1_000; n += 2) {
                assertThat(strided.event(n)).isEqualTo(inOrder.get((int) n));
            }
        }
    }

    @Test
    void bidsAndAuctionsReferToPersonsAndAuctionsThatExistOrAreAboutToStart() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        long maxPerson = NexmarkGenerator.FIRST_PERSON_ID - 1;
        long maxAuction = NexmarkGenerator.FIRST_AUCTION_ID - 1;
        int hotBids = 0;
        for (long n = 0; n < 100_000; n++) {
            Object[] event = generator.event(n);
            switch ((Integer) event[0]) {
                case 0 -> maxPerson = Math.max(maxPerson, (Long) ((Object[]) event[1])[0]);
                case 1 -> {
                    Object[] auction = (Object[]) event[2];
                    maxAuction = Math.max(maxAuction, (Long) auction[0]);
                    assertThat((Long) auction[7]).as("seller").isBetween(NexmarkGenerator.FIRST_PERSON_ID, maxPerson + 10);
                    assertThat((Long) auction[8]).as("category").isBetween(10L, 14L);
                    assertThat((Long) auction[6]).as("expires").isGreaterThan((Long) auction[5]);
                    assertThat((Long) auction[4]).as("reserve").isGreaterThanOrEqualTo((Long) auction[3]);
                }
                default -> {
                    Object[] bid = (Object[]) event[3];
                    assertThat((Long) bid[0]).as("auction").isBetween(NexmarkGenerator.FIRST_AUCTION_ID, maxAuction + 10);
                    assertThat((Long) bid[1]).as("bidder").isBetween(NexmarkGenerator.FIRST_PERSON_ID, maxPerson + 10);
                    assertThat((Long) bid[2]).as("price").isBetween(100L, 100_000_000L);
                    if ((Long) bid[0] % 100 == 0) {
                        hotBids++;
                    }
                }
            }
        }
        // Half of the bids go to a hot auction (a multiple of 100 plus the first id, itself a multiple).
        assertThat(hotBids).isBetween(45_000, 48_000);
    }

    @Test
    void eventTimeAdvancesAtTheConfiguredRateAndStaysWithinTheWatermarkDelay() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        long newest = Long.MIN_VALUE;
        boolean outOfOrder = false;
        // Three whole groups of shuffled timestamps (a group spans the 4 s watermark delay: 40,000 events).
        for (long n = 0; n < 120_000; n++) {
            Object[] event = generator.event(n);
            Object[] row = (Object[]) event[1 + (Integer) event[0]];
            long ts = (Long) row[(Integer) event[0] == 2 ? 5 : (Integer) event[0] == 0 ? 6 : 5];
            if (ts < newest) {
                outOfOrder = true;
                assertThat(newest - ts).isLessThanOrEqualTo(4_000);
            }
            newest = Math.max(newest, ts);
        }
        assertThat(outOfOrder).isTrue();
        // 120,000 events at 10,000 events per second of event time span 12 seconds.
        assertThat(newest - CONFIG.baseTime()).isBetween(11_000L, 12_000L);
    }

    @Test
    void someBidUrlsCarryTheirChannelId() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        int withId = 0;
        int otherChannels = 0;
        for (long n = 0; n < 200_000; n++) {
            Object[] event = generator.event(n);
            if ((Integer) event[0] == 2) {
                Object[] bid = (Object[]) event[3];
                String channel = (String) bid[3];
                if (channel.startsWith("channel-")) {
                    otherChannels++;
                    if (((String) bid[4]).contains("&channel_id=")) {
                        withId++;
                    }
                } else {
                    assertThat(channel).isIn("Google", "Facebook", "Baidu", "Apple");
                }
            }
        }
        assertThat(otherChannels).isBetween(1_500, 2_200);
        assertThat(withId).isGreaterThan(otherChannels * 8 / 10);
    }

    @Test
    void paddingOfLettersBringsAuctionsNearFiveHundredCharacters() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        long characters = 0;
        int auctions = 0;
        Set<String> paddings = new HashSet<>();
        for (long n = 0; n < 50_000; n++) {
            Object[] event = generator.event(n);
            if ((Integer) event[0] == 1) {
                Object[] auction = (Object[]) event[2];
                String extra = (String) auction[9];
                assertThat(extra).matches("[a-z]+");
                paddings.add(extra);
                characters += ((String) auction[1]).length() + ((String) auction[2]).length() + 5 * 8 + 8 + extra.length();
                auctions++;
            }
        }
        assertThat(characters / auctions).isBetween(480L, 520L);
        assertThat(paddings).as("distinct paddings").hasSizeGreaterThan(auctions * 99 / 100);
    }
}
