package dev.runnel.shell.engine;

import dev.runnel.planner.session.SessionMetadata;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.config.Configuration;
import java.util.List;

/**
 * What the shell needs from the engine: run one statement, and reach the cluster to wait for
 * or cancel the jobs statements started. {@link SessionEngine} adapts the planner's
 * {@code Session} on an embedded cluster; tests use small fakes.
 *
 * <p>Not thread-safe except {@link #close()}, which a shutdown hook may call while a statement
 * runs on another thread.
 */
public interface StatementExecutor extends AutoCloseable {

    /**
     * Runs one statement (without its terminating {@code ;}).
     *
     * @throws dev.runnel.planner.session.SqlExecutionException when the statement is wrong
     *         or fails, with a position relative to {@code statement} when known
     */
    StatementResult execute(String statement);

    /** The cluster the statements' jobs run on. */
    ClusterClient cluster();

    /** The session's current settings, as {@code SET} left them (read-only use). */
    Configuration configuration();

    /**
     * Whether {@code BEGIN STATEMENT SET} opened a statement set whose {@code END} has not run:
     * its inserts are collected and nothing is submitted yet. False by default.
     */
    default boolean inStatementSet() {
        return false;
    }

    /** The session's catalogs, tables, functions and options, for completion and {@code \d}. */
    SessionMetadata metadata();

    /** A few words for the banner, e.g. {@code embedded cluster with 2 slots, REST API at http://127.0.0.1:8081}. */
    String description();

    /** What went wrong at start without stopping the engine (a REST port in use); the shell prints each once. */
    default List<String> warnings() {
        return List.of();
    }

    /**
     * Starts loading the planner in the background while a person types, so that their first
     * statement does not wait for it. Returns at once; does nothing by default.
     */
    default void warmUpInBackground() {
    }

    /** Cancels jobs still running and stops the cluster; idempotent. */
    @Override
    void close();
}
