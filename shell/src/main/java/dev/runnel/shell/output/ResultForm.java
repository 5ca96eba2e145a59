package dev.runnel.shell.output;

import dev.runnel.planner.session.QueryResult;

/**
 * What a query's result looks like in the formats for programs ({@code csv}, {@code tsv},
 * {@code json}), decided before its first row from what the plan says about it and from the
 * {@code sql-client.execution.result-mode} the session set.
 */
enum ResultForm {
    /** An insert-only result: its rows as they arrive, only the columns. */
    ROWS,
    /**
     * A bounded updating result (a {@code GROUP BY} over a file): the changes are applied as they
     * arrive and the table they leave is printed once the query ends, as Flink's {@code table}
     * result mode shows it.
     */
    FINAL_TABLE,
    /**
     * Every change with its kind in a first {@code op} column: what the {@code changelog} result
     * mode asks for, and the only form of an unbounded updating result, which has no final table.
     */
    CHANGELOG;

    static ResultForm of(QueryResult query, boolean changelogRequested) {
        return of(query.isInsertOnly(), query.isBounded(), changelogRequested);
    }

    static ResultForm of(boolean insertOnly, boolean bounded, boolean changelogRequested) {
        if (changelogRequested) {
            return CHANGELOG;
        }
        if (insertOnly) {
            return ROWS;
        }
        return bounded ? FINAL_TABLE : CHANGELOG;
    }

    /** Whether rows carry their kind in an {@code op} column. */
    boolean changelog() {
        return this == CHANGELOG;
    }
}
