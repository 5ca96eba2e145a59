package dev.runnel.planner.nexmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.Session;
import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.connector.nexmark.NexmarkConfig;
import dev.runnel.runtime.connector.nexmark.NexmarkGenerator;
import dev.runnel.runtime.connector.nexmark.NexmarkSideInput;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The SELECT of the shipped Nexmark queries with checkable results, run at parallelism 1 and 2
 * over a bounded nexmark source, against the same answer computed here from the generator's
 * events: both parallelisms give the same rows, and those are the expected ones.
 */
class NexmarkResultsTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static final int EVENTS = 20_000;
    /** 200 events per second of event time: 100 seconds, so many windows and sessions. */
    private static final long EVENT_TIME_RATE = 200;
    private static final long WINDOW_MS = 10_000;

    /** The bids of the first {@link #EVENTS} events, as the connector's defaults generate them. */
    private static List<Bid> bids;

    record Bid(long auction, long bidder, long price, String channel, String url, long dateTime, String extra) {
    }

    @BeforeAll
    static void generateBids() {
        long baseTime = LocalDateTime.of(2015, 7, 15, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
        NexmarkGenerator generator = new NexmarkGenerator(new NexmarkConfig(0, EVENTS, 0, 0, baseTime, EVENT_TIME_RATE, 4_000));
        bids = new ArrayList<>();
        for (long n = 0; n < EVENTS; n++) {
            Object[] event = generator.event(n);
            if (event[3] instanceof Object[] b) {
                bids.add(new Bid((Long) b[0], (Long) b[1], (Long) b[2], (String) b[3], (String) b[4], (Long) b[5], (String) b[6]));
            }
        }
        assertThat(bids).hasSize(EVENTS / 50 * 46);
    }

    @Test
    void q1ConvertsEveryPriceToEurosAtTheFixedRate() {
        List<String> expected = sorted(bids.stream().map(b -> line(b.auction, b.bidder,
                new BigDecimal(b.price).multiply(new BigDecimal("0.908")), b.dateTime)).toList());
        assertThat(run("q1", r -> line(r.getField(0), r.getField(1), r.getField(2), r.getField(3)))).isEqualTo(expected);
    }

    @Test
    void q2SelectsExactlyTheBidsOnAuctionsThatAreMultiplesOf123() {
        List<String> expected = sorted(bids.stream().filter(b -> b.auction % 123 == 0)
                .map(b -> line(b.auction, b.price)).toList());
        assertThat(expected).isNotEmpty();
        assertThat(run("q2", r -> line(r.getField(0), r.getField(1)))).isEqualTo(expected);
    }

    @Test
    void q7FindsTheBidsWithTheHighestPriceOfEachTenSecondWindow() {
        Map<Long, Long> maxPerWindowEnd = new HashMap<>();
        for (Bid b : bids) {
            maxPerWindowEnd.merge(b.dateTime - Math.floorMod(b.dateTime, WINDOW_MS) + WINDOW_MS, b.price, Math::max);
        }
        List<String> expected = new ArrayList<>();
        for (Map.Entry<Long, Long> window : maxPerWindowEnd.entrySet()) {
            long end = window.getKey();
            // BETWEEN end - 10 s AND end includes both bounds, as the query says
            bids.stream().filter(b -> b.price == window.getValue() && b.dateTime >= end - WINDOW_MS && b.dateTime <= end)
                    .forEach(b -> expected.add(line(b.auction, b.bidder, b.price, b.dateTime)));
        }
        assertThat(maxPerWindowEnd).hasSizeGreaterThan(1);
        assertThat(run("q7", r -> line(r.getField(0), r.getField(1), r.getField(2), r.getField(3))))
                .isEqualTo(sorted(expected));
    }

    @Test
    void q11CountsTheBidsOfEachBidderPerSessionWithATenSecondGap() {
        Map<Long, List<Long>> timesPerBidder = bids.stream().collect(Collectors.groupingBy(Bid::bidder,
                Collectors.mapping(Bid::dateTime, Collectors.toList())));
        List<String> expected = new ArrayList<>();
        timesPerBidder.forEach((bidder, times) -> {
            times.sort(null);
            int count = 0;
            long start = times.get(0);
            long last = start;
            for (long t : times) {
                // a row exactly one gap after the last one still joins the session, as in Flink
                if (t > last + WINDOW_MS) {
                    expected.add(line(bidder, count, start, last + WINDOW_MS));
                    count = 0;
                    start = t;
                }
                count++;
                last = t;
            }
            expected.add(line(bidder, count, start, last + WINDOW_MS));
        });
        assertThat(expected).hasSizeGreaterThan(timesPerBidder.size());
        assertThat(run("q11", r -> line(r.getField(0), r.getField(1), r.getField(2), r.getField(3))))
                .isEqualTo(sorted(expected));
    }

    @Test
    void q13EnrichesEveryBidWithTheSideInputRowOfItsAuctionModulo10000() throws Exception {
        List<String[]> side = Files.readAllLines(NexmarkQueries.sideInput()).stream().map(l -> l.split(",")).toList();
        assertThat(side).hasSize(NexmarkSideInput.ROWS);
        List<String> expected = new ArrayList<>();
        for (Bid b : bids) {
            for (String[] s : side) {
                if (b.auction % 10_000 == Long.parseLong(s[0])) {
                    expected.add(line(b.auction, b.bidder, b.price, b.dateTime, s[1]));
                }
            }
        }
        assertThat(expected).hasSameSizeAs(bids);
        assertThat(run("q13", r -> line(r.getField(0), r.getField(1), r.getField(2), r.getField(3), r.getField(4))))
                .isEqualTo(sorted(expected));
    }

    @Test
    void q18KeepsOneRowPerBidderAndAuctionWithItsLatestTime() {
        Map<String, Long> latest = new TreeMap<>();
        for (Bid b : bids) {
            latest.merge(line(b.bidder, b.auction), b.dateTime, Math::max);
        }
        List<String> expected = sorted(latest.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList());
        // which of two bids at the same latest time wins is up to arrival order, as in Flink
        assertThat(run("q18", r -> line(r.getField(1), r.getField(0), r.getField(5)))).isEqualTo(expected);
    }

    @Test
    void q19KeepsTheTenHighestPricesOfEachAuction() {
        Map<Long, List<Long>> pricesPerAuction = bids.stream().collect(Collectors.groupingBy(Bid::auction,
                TreeMap::new, Collectors.mapping(Bid::price, Collectors.toList())));
        List<String> expected = sorted(pricesPerAuction.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()
                .stream().sorted(Comparator.reverseOrder()).limit(10).toList()).toList());
        List<String> rows = run("q19", r -> line(r.getField(0), r.getField(2), r.getField(7)));
        Map<String, List<Long>> actual = new TreeMap<>();
        Map<String, Set<Long>> ranks = new TreeMap<>();
        for (String row : rows) {
            String[] f = row.split(" ");
            actual.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Long.parseLong(f[1]));
            ranks.computeIfAbsent(f[0], k -> new TreeSet<>()).add(Long.parseLong(f[2]));
        }
        assertThat(sorted(actual.entrySet().stream().map(e -> e.getKey() + " " + e.getValue().stream()
                .sorted(Comparator.reverseOrder()).toList()).toList())).isEqualTo(expected);
        ranks.forEach((auction, r) -> assertThat(r).as("ranks of auction %s", auction)
                .hasSize(actual.get(auction).size()).allMatch(n -> n >= 1 && n <= 10));
    }

    @Test
    void q14ClassifiesTheBidTimeAndCountsTheCsOfExtraWithTheUserDefinedFunction() {
        BigDecimal rate = new BigDecimal("0.908");
        List<String> expected = new ArrayList<>();
        for (Bid b : bids) {
            BigDecimal price = rate.multiply(new BigDecimal(b.price));
            if (price.compareTo(new BigDecimal(1_000_000)) > 0 && price.compareTo(new BigDecimal(50_000_000)) < 0) {
                long hour = Math.floorMod(b.dateTime, 86_400_000L) / 3_600_000L;
                String type = hour >= 8 && hour <= 18 ? "dayTime" : hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
                long cs = b.extra.chars().filter(c -> c == 'c').count();
                expected.add(line(b.auction, b.bidder, price, type, b.dateTime, cs));
            }
        }
        assertThat(expected).hasSizeGreaterThan(bids.size() / 10).hasSizeLessThan(bids.size());
        assertThat(expected.stream().filter(l -> !l.endsWith(" 0"))).isNotEmpty();
        assertThat(run("q14", r -> line(r.getField(0), r.getField(1), r.getField(2), r.getField(3), r.getField(4),
                r.getField(6)))).isEqualTo(sorted(expected));
    }

    @Test
    void q21AddsTheChannelIdFromTheChannelNameOrTheUrl() {
        Pattern channelId = Pattern.compile("(&|^)channel_id=([^&]*)");
        List<String> hot = List.of("apple", "google", "facebook", "baidu");
        List<String> expected = new ArrayList<>();
        for (Bid b : bids) {
            Matcher m = channelId.matcher(b.url);
            String fromUrl = m.find() ? m.group(2) : null;
            int hotIndex = hot.indexOf(b.channel.toLowerCase(Locale.ROOT));
            if (hotIndex >= 0 || fromUrl != null) {
                expected.add(line(b.auction, b.bidder, b.price, b.channel, hotIndex >= 0 ? hotIndex : fromUrl));
            }
        }
        assertThat(expected).hasSizeGreaterThan(bids.size() / 2).hasSizeLessThan(bids.size());
        assertThat(run("q21", r -> line(r.getField(0), r.getField(1), r.getField(2), r.getField(3), r.getField(4))))
                .isEqualTo(sorted(expected));
    }

    @Test
    void q22SplitsTheUrlIntoItsFirstThreeDirectories() {
        List<String> expected = sorted(bids.stream().map(b -> {
            String[] parts = b.url.split("/", -1);
            return line(b.auction, b.price, part(parts, 3), part(parts, 4), part(parts, 5));
        }).toList());
        assertThat(run("q22", r -> line(r.getField(0), r.getField(2), r.getField(4), r.getField(5), r.getField(6))))
                .isEqualTo(expected);
    }

    private static String part(String[] parts, int index) {
        return index < parts.length ? parts[index] : null;
    }

    /**
     * The SELECT of {@code query}'s INSERT run at parallelism 1 and 2, its changelog applied, each
     * row rendered by {@code render}, sorted; fails unless both parallelisms give the same rows.
     */
    private static List<String> run(String query, Function<Row, String> render) {
        List<String> serial = runAt(query, 1, render);
        assertThat(runAt(query, 2, render)).as("%s at parallelism 2 and 1", query).isEqualTo(serial);
        assertThat(serial).as(query).isNotEmpty();
        return serial;
    }

    private static List<String> runAt(String query, int parallelism, Function<Row, String> render) {
        List<String> statements = NexmarkQueries.statements(query);
        String insert = statements.get(statements.size() - 1);
        try (Session session = CLUSTER.session(parallelism, "hashmap")) {
            NexmarkQueries.createSource(session, EVENTS, EVENT_TIME_RATE);
            // The statements before the SELECT: the sink table, q13's side input, q14's CREATE FUNCTION.
            statements.subList(0, statements.size() - 1).forEach(session::execute);
            QueryResult result = (QueryResult) session.execute(insert.substring(insert.indexOf("SELECT")));
            Map<List<Object>, Integer> table = new HashMap<>();
            while (true) {
                ResultChunk chunk = result.fetch(Duration.ofSeconds(30));
                for (Row row : chunk.rows()) {
                    List<Object> fields = Arrays.asList(row.fields().clone());
                    boolean retract = row.kind() == RowKind.UPDATE_BEFORE || row.kind() == RowKind.DELETE;
                    table.merge(fields, retract ? -1 : 1, Integer::sum);
                }
                if (chunk.endOfResult()) {
                    break;
                }
            }
            List<String> rows = new ArrayList<>();
            table.forEach((fields, count) -> {
                assertThat(count).as("%s: multiplicity of %s", query, fields).isNotNegative();
                Row row = Row.of(fields.toArray());
                for (int i = 0; i < count; i++) {
                    rows.add(render.apply(row));
                }
            });
            return sorted(rows);
        }
    }

    private static String line(Object... fields) {
        return Arrays.stream(fields).map(f -> f instanceof BigDecimal d ? d.stripTrailingZeros().toPlainString()
                : String.valueOf(f)).collect(Collectors.joining(" "));
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }
}
