package dev.runnel.runtime.connector.nexmark;

import static dev.runnel.runtime.connector.nexmark.NexmarkConfig.AUCTION_PROPORTION;
import static dev.runnel.runtime.connector.nexmark.NexmarkConfig.PERSON_PROPORTION;
import static dev.runnel.runtime.connector.nexmark.NexmarkConfig.TOTAL_PROPORTION;

import java.nio.charset.StandardCharsets;

/**
 * The Nexmark event model: event number {@code n} is a person, an auction or a bid (1 : 3 : 46),
 * and everything about it follows from {@code n} and the seed alone, so that any split of the
 * numbers over subtasks yields the same events as serial generation. Bids and auctions refer to
 * persons and auctions generated earlier, with a share of "hot" sellers, bidders and auctions;
 * prices follow a log-uniform distribution from 1.00 to 1,000,000.00 (in cents).
 *
 * <p>An event is an array {@code [event_type, person, auction, bid]} with event_type 0, 1 or 2
 * and exactly one of the three nested rows set, each an {@code Object[]} in the column order of
 * the {@code nexmark} table (see {@link NexmarkSchema}).
 */
public final class NexmarkGenerator {
    static final long FIRST_PERSON_ID = 1000;
    static final long FIRST_AUCTION_ID = 1000;
    static final long FIRST_CATEGORY_ID = 10;
    private static final int NUM_CATEGORIES = 5;
    private static final int NUM_ACTIVE_PEOPLE = 1000;
    private static final int PERSON_ID_LEAD = 10;
    private static final int NUM_IN_FLIGHT_AUCTIONS = 100;
    private static final int AUCTION_ID_LEAD = 10;
    /** Hot auctions, bidders and sellers are the ids that are multiples of these. */
    private static final int HOT_AUCTION_RATIO = 100;
    private static final int HOT_BIDDER_RATIO = 100;
    private static final int HOT_SELLER_RATIO = 100;
    /** One in {@code n} picks of an auction / bidder / seller is not a hot one. */
    private static final int HOT_AUCTION_ODDS = 2;
    private static final int HOT_BIDDER_ODDS = 4;
    private static final int HOT_SELLER_ODDS = 4;
    private static final int AVG_PERSON_BYTES = 200;
    private static final int AVG_AUCTION_BYTES = 500;
    private static final int AVG_BID_BYTES = 100;
    private static final int CHANNELS = 10_000;
    /** The padding ({@code extra}) of every event is cut out of this many random letters. */
    private static final int PADDING_LETTERS = 1 << 16;
    /** The random stream the padding letters come from: not an event's (those are 0 and up) nor a hot URL's. */
    private static final long PADDING_STREAM = Long.MIN_VALUE;
    private static final String[] HOT_CHANNELS = {"Google", "Facebook", "Baidu", "Apple"};
    private static final String[] FIRST_NAMES = {"Peter", "Paul", "Luke", "John", "Saul", "Vicky", "Kate", "Julie",
        "Sarah", "Deiter", "Walter"};
    private static final String[] LAST_NAMES = {"Shultz", "Abrams", "Spencer", "White", "Bartels", "Walton", "Smith",
        "Jones", "Noris"};
    private static final String[] STATES = {"AZ", "CA", "ID", "OR", "WA", "WY"};
    private static final String[] CITIES = {"Phoenix", "Los Angeles", "San Francisco", "Boise", "Portland", "Bend",
        "Redmond", "Seattle", "Kent", "Cheyenne"};

    private final NexmarkConfig config;
    private final NexmarkRandom random = new NexmarkRandom();
    private final String[] hotUrls = new String[HOT_CHANNELS.length];
    /** Room for the longest string drawn letter by letter (a description, below 100 characters). */
    private final char[] chars = new char[100];
    private final byte[] padding;
    private final StringBuilder creditCard = new StringBuilder(19);

    public NexmarkGenerator(NexmarkConfig config) {
        this.config = config;
        for (int i = 0; i < hotUrls.length; i++) {
            random.reset(config.seed(), -1 - i);
            hotUrls[i] = baseUrl();
        }
        padding = paddingLetters(random, config.seed());
    }

    /** The event with number {@code eventNumber} (counted from 0; {@code first-event-id} is added here). */
    public Object[] event(long eventNumber) {
        long id = config.firstEventId() + eventNumber;
        random.reset(config.seed(), id);
        long timestamp = config.timestampOf(eventNumber);
        long rem = id % TOTAL_PROPORTION;
        if (rem < PERSON_PROPORTION) {
            return new Object[] {0, person(id, timestamp), null, null};
        }
        if (rem < PERSON_PROPORTION + AUCTION_PROPORTION) {
            return new Object[] {1, null, auction(eventNumber, id, timestamp), null};
        }
        return new Object[] {2, null, null, bid(id, timestamp)};
    }

    private Object[] person(long id, long timestamp) {
        long personId = lastBase0PersonId(id) + FIRST_PERSON_ID;
        String name = FIRST_NAMES[random.nextInt(FIRST_NAMES.length)] + ' ' + LAST_NAMES[random.nextInt(LAST_NAMES.length)];
        String email = string(7) + '@' + string(5) + ".com";
        String creditCard = creditCard();
        String city = CITIES[random.nextInt(CITIES.length)];
        String state = STATES[random.nextInt(STATES.length)];
        int size = 8 + name.length() + email.length() + creditCard.length() + city.length() + state.length();
        return new Object[] {personId, name, email, creditCard, city, state, timestamp, extra(size, AVG_PERSON_BYTES)};
    }

    private Object[] auction(long eventNumber, long id, long timestamp) {
        long auctionId = lastBase0AuctionId(id) + FIRST_AUCTION_ID;
        long seller = random.nextInt(HOT_SELLER_ODDS) > 0
                ? (lastBase0PersonId(id) / HOT_SELLER_RATIO) * HOT_SELLER_RATIO
                : nextBase0PersonId(id);
        seller += FIRST_PERSON_ID;
        long category = FIRST_CATEGORY_ID + random.nextInt(NUM_CATEGORIES);
        long initialBid = price();
        long expires = timestamp + auctionLengthMs(eventNumber, timestamp);
        String itemName = string(20);
        String description = string(100);
        long reserve = initialBid + price();
        int size = 8 + itemName.length() + description.length() + 8 + 8 + 8 + 8 + 8;
        return new Object[] {auctionId, itemName, description, initialBid, reserve, timestamp, expires, seller, category,
            extra(size, AVG_AUCTION_BYTES)};
    }

    private Object[] bid(long id, long timestamp) {
        long auction = random.nextInt(HOT_AUCTION_ODDS) > 0
                ? (lastBase0AuctionId(id) / HOT_AUCTION_RATIO) * HOT_AUCTION_RATIO
                : nextBase0AuctionId(id);
        auction += FIRST_AUCTION_ID;
        long bidder = random.nextInt(HOT_BIDDER_ODDS) > 0
                ? (lastBase0PersonId(id) / HOT_BIDDER_RATIO) * HOT_BIDDER_RATIO + 1
                : nextBase0PersonId(id);
        bidder += FIRST_PERSON_ID;
        long price = price();
        String channel;
        String url;
        if (random.nextInt(100) > 0) {
            int hot = random.nextInt(HOT_CHANNELS.length);
            channel = HOT_CHANNELS[hot];
            url = hotUrls[hot];
        } else {
            int channelNumber = random.nextInt(CHANNELS);
            channel = "channel-" + channelNumber;
            url = baseUrl();
            // Most channels carry their id in the URL (queries 21 and 22 extract it).
            if (random.nextInt(10) > 0) {
                url = url + "&channel_id=" + Math.abs(Integer.reverse(channelNumber));
            }
        }
        int size = 8 + 8 + 8 + 8 + channel.length() + url.length();
        return new Object[] {auction, bidder, price, channel, url, timestamp, extra(size, AVG_BID_BYTES)};
    }

    /** The base-0 id of the last person generated at or before event {@code id}. */
    static long lastBase0PersonId(long id) {
        long epoch = id / TOTAL_PROPORTION;
        long offset = id % TOTAL_PROPORTION;
        if (offset >= PERSON_PROPORTION) {
            offset = PERSON_PROPORTION - 1;
        }
        return epoch * PERSON_PROPORTION + offset;
    }

    /** The base-0 id of the last auction generated at or before event {@code id} (-1 before the first). */
    static long lastBase0AuctionId(long id) {
        long epoch = id / TOTAL_PROPORTION;
        long offset = id % TOTAL_PROPORTION;
        if (offset < PERSON_PROPORTION) {
            epoch--;
            offset = AUCTION_PROPORTION - 1;
        } else if (offset >= PERSON_PROPORTION + AUCTION_PROPORTION) {
            offset = AUCTION_PROPORTION - 1;
        } else {
            offset -= PERSON_PROPORTION;
        }
        return epoch * AUCTION_PROPORTION + offset;
    }

    /** A recently active person: one of the last thousand, or a few that are about to join. */
    private long nextBase0PersonId(long id) {
        long people = lastBase0PersonId(id) + 1;
        long active = Math.min(people, NUM_ACTIVE_PEOPLE);
        return people - active + random.nextLong(active + PERSON_ID_LEAD);
    }

    /** An auction that is probably still open: one of the last hundred, or a few that are about to open. */
    private long nextBase0AuctionId(long id) {
        long max = Math.max(lastBase0AuctionId(id), 0);
        long min = Math.max(max - NUM_IN_FLIGHT_AUCTIONS, 0);
        return min + random.nextLong(max - min + 1 + AUCTION_ID_LEAD);
    }

    /** Cents, log-uniform between 1.00 and 1,000,000.00. */
    private long price() {
        return Math.round(Math.pow(10.0, random.nextDouble() * 6.0) * 100.0);
    }

    /** An auction stays open for up to twice the time it takes until a hundred more auctions opened. */
    private long auctionLengthMs(long eventNumber, long timestamp) {
        long eventsForAuctions = (long) NUM_IN_FLIGHT_AUCTIONS * TOTAL_PROPORTION / AUCTION_PROPORTION;
        long horizon = config.timestampOf(eventNumber + eventsForAuctions) - timestamp;
        return 1 + random.nextLong(Math.max(horizon * 2, 1));
    }

    /** Four groups of four digits, such as {@code 0042 1337 0000 9999}. */
    private String creditCard() {
        creditCard.setLength(0);
        for (int group = 0; group < 4; group++) {
            if (group > 0) {
                creditCard.append(' ');
            }
            int digits = random.nextInt(10_000);
            for (int unit = 1000; unit > 0; unit /= 10) {
                creditCard.append((char) ('0' + digits / unit % 10));
            }
        }
        return creditCard.toString();
    }

    private String baseUrl() {
        return "https://www.nexmark.com/" + string(5, '_') + '/' + string(5, '_') + '/' + string(5, '_')
                + "/item.htm?query=1";
    }

    /** Lower-case letters with the odd space, 3 to {@code maxLength - 1} characters. */
    private String string(int maxLength) {
        return string(maxLength, ' ');
    }

    private String string(int maxLength, char special) {
        int length = 3 + random.nextInt(maxLength - 3);
        for (int i = 0; i < length; i++) {
            chars[i] = random.nextInt(13) == 0 ? special : (char) ('a' + random.nextInt(26));
        }
        return new String(chars, 0, length).trim();
    }

    /**
     * Padding that brings the event's size near {@code average} bytes, give or take a fifth:
     * lower-case letters, as in Beam's and Flink's Nexmark. Padding is most of an event's
     * characters but carries no meaning, so it is cut at a random place out of a block of
     * random letters made once per generator (from the seed) rather than drawn letter by letter.
     */
    private String extra(int currentSize, int average) {
        if (currentSize > average) {
            return "";
        }
        int desired = average - currentSize;
        int delta = (int) Math.round(desired * 0.2);
        int size = desired - delta + (delta == 0 ? 0 : random.nextInt(2 * delta));
        int offset = random.nextInt(PADDING_LETTERS - size + 1);
        return new String(padding, offset, size, StandardCharsets.ISO_8859_1);
    }

    /** {@link #PADDING_LETTERS} random lower-case letters from the seed; 11 per draw, as base-26 digits. */
    private static byte[] paddingLetters(NexmarkRandom random, long seed) {
        random.reset(seed, PADDING_STREAM);
        byte[] letters = new byte[PADDING_LETTERS];
        long digits = 0;
        for (int i = 0; i < letters.length; i++) {
            // 26^11 fits 2^63 some 2,500 times, so these digits are uniform enough.
            if (i % 11 == 0) {
                digits = random.nextLong() >>> 1;
            }
            letters[i] = (byte) ('a' + (int) (digits % 26));
            digits /= 26;
        }
        return letters;
    }
}
