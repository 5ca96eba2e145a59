package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Strings outside Latin-1 (emoji, CJK, the euro sign) in literals, functions, LIKE, comparisons
 * and group-by state: Calcite would type such a literal as ISO-8859-1 and fail with "Failed to
 * encode … in character set 'ISO-8859-1'".
 */
class UnicodeEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @Test
    void literalsOutsideLatin1AreSelected() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            assertThat(query(session, "SELECT '🚀' AS e, '東京' AS c, 'naïve €' AS n"))
                    .containsExactly(Row.of("🚀", "東京", "naïve €"));
        }
    }

    @Test
    void functionsLikeAndComparisonsSeeTheUnicodeCharacters() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            List<Row> rows = query(session, "SELECT s, UPPER(s) AS u, LOWER(s) AS l, CHAR_LENGTH(s) AS n,"
                    + " s LIKE '%€%' AS euro, s = '東京' AS tokyo, s < '東' AS before_east"
                    + " FROM (VALUES ('Preis 5 €'), ('東京'), ('ÄÖÜ')) AS t(s)");

            assertThat(rows).containsExactly(
                    Row.of("Preis 5 €", "PREIS 5 €", "preis 5 €", 9, true, false, true),
                    Row.of("東京", "東京", "東京", 2, false, true, false),
                    Row.of("ÄÖÜ", "ÄÖÜ", "äöü", 3, false, false, true));
        }
    }

    @Test
    void aFilterWithANonLatin1PatternKeepsTheMatchingRows() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            assertThat(query(session, "SELECT s FROM (VALUES ('5 €'), ('5 $'), ('🚀 launch')) AS t(s)"
                    + " WHERE s LIKE '%€%' OR s LIKE '🚀%'"))
                    .containsExactly(Row.of("5 €"), Row.of("🚀 launch"));
        }
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @MethodSource("dev.runnel.planner.session.GroupAggregateEndToEndTest#setups")
    void groupByKeysOutsideLatin1KeepTheirState(int parallelism, String backend) {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), parallelism, backend)) {
            List<Row> rows = query(session, "SELECT city, COUNT(*) AS c, MAX(tag) AS t FROM (VALUES"
                    + " ('東京', '🚀'), ('München', 'ä'), ('東京', '🎉'), ('東京', '€')) AS v(city, tag) GROUP BY city");

            assertThat(GroupAggregateEndToEndTest.materialize(rows)).containsExactlyInAnyOrder(
                    Row.of("東京", 3L, "🚀"), Row.of("München", 1L, "ä"));
        }
    }
}
