package dev.runnel.shell.gateway;

import dev.runnel.planner.session.Session;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One JDBC connection's session on the gateway: its planner {@link Session} (its own current
 * catalog and database, {@code SET} options, temporary objects) and its open statements. Every
 * call for the connection runs under this object's lock: a session runs one statement at a time.
 */
final class GatewaySession implements AutoCloseable {
    final String connectionId;
    final String user;
    final Session session;
    private final Map<Integer, GatewayStatement> statements = new HashMap<>();
    /** Statements closed or cancelled: a fetch on one says so instead of making the driver run it again. */
    private final Set<Integer> closedStatements = new HashSet<>();
    private int nextStatementId = 1;
    private volatile long lastUsedNanos = System.nanoTime();
    private boolean closed;

    GatewaySession(String connectionId, String user, Session session) {
        this.connectionId = connectionId;
        this.user = user;
        this.session = session;
    }

    /** Marks the session used now: an idle session is closed after {@code sql-gateway.session.idle-timeout}. */
    void touch() {
        lastUsedNanos = System.nanoTime();
    }

    long idleNanos(long now) {
        return now - lastUsedNanos;
    }

    synchronized GatewayStatement newStatement() {
        GatewayStatement statement = new GatewayStatement(nextStatementId++);
        statements.put(statement.id, statement);
        return statement;
    }

    /** The open statement {@code id}, or null when it was never opened or was closed. */
    synchronized GatewayStatement statement(int id) {
        return statements.get(id);
    }

    synchronized boolean wasClosed(int id) {
        return closedStatements.contains(id);
    }

    /** Closes statement {@code id} (cancelling its query's job); closing an unknown one does nothing. */
    synchronized void closeStatement(int id) {
        GatewayStatement statement = statements.remove(id);
        if (statement != null) {
            closedStatements.add(id);
            statement.closeOutput();
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }

    /** Closes every statement (their queries' jobs end) and the session; INSERT jobs run on. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (GatewayStatement statement : statements.values()) {
            statement.closeOutput();
        }
        statements.clear();
        session.close();
    }
}
