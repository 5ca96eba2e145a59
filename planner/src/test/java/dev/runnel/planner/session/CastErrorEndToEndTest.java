package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.data.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A CAST of a string that is not a number names the value, the type, the cast and TRY_CAST. */
class CastErrorEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @Test
    void aColumnThatIsNotANumberNamesTheValueTheTypeAndTheColumn() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            assertThatThrownBy(() -> query(session, "SELECT CAST(s AS INT) AS x FROM (VALUES ('1'), ('abc')) AS v(s)"))
                    .hasMessageStartingWith("Query failed: Cannot cast 'abc' to INT in CAST(s AS INT): it is not a"
                            + " valid INT. Use TRY_CAST(s AS INT) to get NULL instead (in Calc(");

            assertThat(query(session, "SELECT CAST(s AS INT) AS x FROM (VALUES ('1'), (' 2 ')) AS v(s)"))
                    .as("the session keeps running").containsExactly(Row.of(1), Row.of(2));
        }
    }

    @Test
    void aLiteralThatIsNotANumberIsNamed() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            assertThatThrownBy(() -> query(session, "SELECT CAST('abc' AS BIGINT) AS x"))
                    .hasMessageStartingWith("Query failed: Cannot cast 'abc' to BIGINT in CAST('abc' AS BIGINT)");
        }
    }

    @Test
    void severalCastsAreAllNamed() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            assertThatThrownBy(() -> query(session,
                    "SELECT CAST(a AS INT) AS x, CAST(b AS DOUBLE) AS y FROM (VALUES ('1', 'x')) AS v(a, b)"))
                    .hasMessageStartingWith("Query failed: Cannot cast 'x' to a number in one of CAST(a AS INT),"
                            + " CAST(b AS DOUBLE): it is not a valid number. Use TRY_CAST to get NULL instead");
        }
    }

    @Test
    void tryCastStillGivesNull() {
        try (Session session = GroupAggregateEndToEndTest.session(CLUSTER.cluster(), 1, "hashmap")) {
            assertThat(query(session, "SELECT TRY_CAST(s AS INT) AS x FROM (VALUES ('abc')) AS v(s)"))
                    .containsExactly(Row.of((Object) null));
        }
    }
}
