package dev.runnel.shell.bench;

/** Runs one benchmark query and measures it. Not thread-safe; {@link #cancel()} may be called from any thread. */
interface QueryRunner {
    /** Runs query {@code name} with text {@code sql}; every failure becomes a result, none is thrown. */
    QueryResult run(String name, String sql);

    /** Stops the query running now, if any (Ctrl-C, a shutdown hook). */
    void cancel();
}
