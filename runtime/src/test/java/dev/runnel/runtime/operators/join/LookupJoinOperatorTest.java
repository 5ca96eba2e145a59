package dev.runnel.runtime.operators.join;

import static dev.runnel.runtime.operators.join.JoinTestSupport.BIGINT;
import static dev.runnel.runtime.operators.join.JoinTestSupport.STRING;
import static dev.runnel.runtime.operators.join.JoinTestSupport.feed;
import static dev.runnel.runtime.operators.join.JoinTestSupport.greaterThan;
import static dev.runnel.runtime.operators.join.JoinTestSupport.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.LookupTableSource;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lookup join {@code bids b JOIN side FOR SYSTEM_TIME AS OF b.p ON MOD(b.auction, 10) = side.key} over a real
 * CSV file read by the filesystem connector: bids {@code (id, auction)}, side rows {@code (key, value)}.
 */
class LookupJoinOperatorTest {
    private static final RowType SIDE = RowType.of(new Field("key", BIGINT), new Field("value", STRING));

    @TempDir
    Path dir;

    /** {@code MOD(row[1], 10)}, null for a null auction: the key values of a bid. */
    private static final GeneratedClass<CalcFunction> AUCTION_MOD_10 = new GeneratedClass<>("AuctionMod10",
            "public final class AuctionMod10 implements " + CalcFunction.class.getName() + " {\n"
                    + "  public dev.runnel.runtime.data.Row apply(dev.runnel.runtime.data.Row row) {\n"
                    + "    Object v = row.getField(1);\n"
                    + "    return dev.runnel.runtime.data.Row.ofKind(row.kind(),"
                    + " v == null ? null : Long.valueOf(((Long) v).longValue() % 10L));\n"
                    + "  }\n}\n");

    private LookupTableSource side(String ttl, String... lines) throws Exception {
        Path file = dir.resolve("side.csv");
        Files.write(file, List.of(lines));
        Map<String, String> options = new HashMap<>(Map.of("connector", "filesystem", "path", file.toString(),
                "format", "csv"));
        if (ttl != null) {
            options.put("lookup.join.cache.ttl", ttl);
        }
        TableContext table = new TableContext("default.side", SIDE, options);
        return ConnectorFactories.factoryFor(table).createLookupSource(table);
    }

    private static OperatorHarness harness(LookupTableSource side, boolean leftOuter, boolean nullSafe,
                                           GeneratedClass<CalcFunction> condition) throws Exception {
        return OperatorHarness.of(new LookupJoinOperatorFactory("LookupJoin", leftOuter, side, new int[] {0},
                new boolean[] {nullSafe}, AUCTION_MOD_10, 2, 2, condition)).open();
    }

    @Test
    void eachRowJoinsEveryTableRowWithItsKeyAndKeepsItsKind() throws Exception {
        try (var h = harness(side(null, "1,one", "2,two", "2,deux"), false, false, null)) {
            feed(h, 0, "+I 1 11", "+I 2 32", "+I 3 5", "-D 4 21");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 11, 1, one]", "+I[2, 32, 2, two]",
                    "+I[2, 32, 2, deux]", "-D[4, 21, 1, one]");
        }
    }

    @Test
    void leftJoinPadsRowsWithoutAMatchOrWithANullKey() throws Exception {
        try (var h = harness(side(null, "1,one", ",nothing"), true, false, null)) {
            feed(h, 0, "+I 1 11", "+I 2 12", "+I 3 null");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 11, 1, one]", "+I[2, 12, null, null]",
                    "+I[3, null, null, null]");
        }
    }

    @Test
    void aNullSafeKeyFindsTheRowsWithANullKey() throws Exception {
        try (var h = harness(side(null, "1,one", ",nothing"), false, true, null)) {
            feed(h, 0, "+I 1 null", "+I 2 11");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, null, null, nothing]", "+I[2, 11, 1, one]");
        }
    }

    @Test
    void theResidualConditionFiltersMatchesAndALeftJoinPadsWhatItRejects() throws Exception {
        // joined[0] > 1: only bids with id above 1 join
        try (var h = harness(side(null, "1,one"), true, false, greaterThan(0, 1))) {
            feed(h, 0, "+I 1 11", "+I 2 21");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 11, null, null]", "+I[2, 21, 1, one]");
        }
    }

    @Test
    void theTableIsReadAgainOnceTheTtlPassed() throws Exception {
        try (var h = harness(side("10 s", "1,one"), false, false, null)) {
            Files.write(dir.resolve("side.csv"), List.of("1,uno"));
            h.setProcessingTime(9_999);
            feed(h, 0, "+I 1 11");
            h.setProcessingTime(10_000);
            feed(h, 0, "+I 2 11");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 11, 1, one]", "+I[2, 11, 1, uno]");
        }
    }

    @Test
    void aTableThatCannotBeReadFailsNamingIt() throws Exception {
        LookupTableSource side = side(null, "1,one", "x,bad");
        assertThatThrownBy(() -> harness(side, false, false, null))
                .hasMessageContaining("lookup join cannot read table default.side")
                .hasMessageContaining("line 2");
    }
}
