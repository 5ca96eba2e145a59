package org.apache.calcite.avatica;

import dev.runnel.jdbc.MetadataCall;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Avatica's JDBC 4.1 objects, with the things its remote protocol leaves to the client done
 * for Runnel: {@code Statement.cancel()} closes the statement on the gateway, which cancels its
 * query's job at once (Avatica's own cancel only stops reading), {@code setQueryTimeout}
 * cancels it so when the time is up before the result is read to its end, and
 * {@code DatabaseMetaData.getPrimaryKeys} and {@code getFunctions}, which Avatica's client
 * answers empty without asking, ask the gateway ({@link MetadataCall}).
 *
 * <p>In Avatica's package because its factory and statements are package-private there; the
 * shaded jar relocates it with Avatica, so it never meets a tool's own Avatica.
 */
public final class RunnelJdbcFactory extends AvaticaJdbc41Factory {
    private static final ScheduledExecutorService TIMEOUTS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "runnel-jdbc-query-timeout");
        t.setDaemon(true);
        return t;
    });

    public RunnelJdbcFactory() {
    }

    @Override
    public AvaticaStatement newStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
                                         int resultSetConcurrency, int resultSetHoldability) {
        return new RunnelStatement(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public AvaticaPreparedStatement newPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h,
            Meta.Signature signature, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        return new RunnelPreparedStatement(connection, h, signature, resultSetType, resultSetConcurrency,
                resultSetHoldability);
    }

    @Override
    public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
        return new RunnelDatabaseMetaData(connection);
    }

    /** Asks the gateway for the metadata Avatica's protocol has no request for. */
    private static final class RunnelDatabaseMetaData extends AvaticaDatabaseMetaData {
        private final AvaticaConnection connection;

        RunnelDatabaseMetaData(AvaticaConnection connection) {
            super(connection);
            this.connection = connection;
        }

        @Override
        public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
            return ask(MetadataCall.of("getPrimaryKeys", catalog, schema, table));
        }

        @Override
        public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
                throws SQLException {
            return ask(MetadataCall.of("getFunctions", catalog, schemaPattern, functionNamePattern));
        }

        /** The call's rows, from a statement of its own that closes with the result set. */
        private ResultSet ask(MetadataCall call) throws SQLException {
            Statement statement = connection.createStatement();
            try {
                statement.closeOnCompletion();
                return statement.executeQuery(call.toSql());
            } catch (SQLException | RuntimeException e) {
                statement.close();
                throw e;
            }
        }
    }

    /** Cancels on the gateway, and arms the query timeout when a statement executes. */
    private static final class Cancellation {
        private ScheduledFuture<?> timeout;

        void arm(AvaticaStatement statement) {
            disarm();
            int millis = statement.getQueryTimeoutMillis();
            if (millis > 0) {
                timeout = TIMEOUTS.schedule(() -> {
                    try {
                        statement.cancel();
                    } catch (SQLException e) {
                        // closed meanwhile: nothing left to cancel
                    }
                }, millis, TimeUnit.MILLISECONDS);
            }
        }

        void disarm() {
            if (timeout != null) {
                timeout.cancel(false);
                timeout = null;
            }
        }

        /** Ends the statement's work on the gateway: its query's job is cancelled there. */
        static void onGateway(AvaticaStatement statement) throws SQLException {
            if (!statement.isClosed()) {
                statement.connection.meta.closeStatement(statement.handle);
            }
        }
    }

    private static final class RunnelStatement extends AvaticaStatement {
        private final Cancellation cancellation = new Cancellation();

        RunnelStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
                        int resultSetConcurrency, int resultSetHoldability) {
            super(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
        }

        @Override
        protected void executeInternal(String sql) throws SQLException {
            cancellation.arm(this);
            super.executeInternal(sql);
        }

        @Override
        public void cancel() throws SQLException {
            super.cancel();
            Cancellation.onGateway(this);
        }

        @Override
        protected void close_() {
            cancellation.disarm();
            super.close_();
        }
    }

    private static final class RunnelPreparedStatement extends AvaticaPreparedStatement {
        private final Cancellation cancellation = new Cancellation();

        RunnelPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h, Meta.Signature signature,
                                int resultSetType, int resultSetConcurrency, int resultSetHoldability)
                throws SQLException {
            super(connection, h, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
        }

        @Override
        public ResultSet executeQuery() throws SQLException {
            cancellation.arm(this);
            return super.executeQuery();
        }

        @Override
        public boolean execute() throws SQLException {
            cancellation.arm(this);
            return super.execute();
        }

        @Override
        public long executeLargeUpdate() throws SQLException {
            cancellation.arm(this);
            return super.executeLargeUpdate();
        }

        @Override
        public void cancel() throws SQLException {
            super.cancel();
            Cancellation.onGateway(this);
        }

        @Override
        protected void close_() {
            cancellation.disarm();
            super.close_();
        }
    }
}
