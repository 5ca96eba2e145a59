package dev.runnel.shell.gateway;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.planner.session.QueryResult;
import dev.runnel.planner.session.SessionOptions;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.shell.gateway.security.GatewaySecurity;
import java.sql.Statement;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.TypedValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Avatica's {@code Meta} over Runnel sessions: what the JDBC driver's calls become on the gateway.
 * One {@link GatewaySession} per connection; statements run through the planner's
 * {@code Session} exactly as the shell runs them, metadata comes from its
 * {@code SessionMetadata} ({@link DatabaseMetadataRows}).
 *
 * <p>Avatica calls this from Jetty's request threads, several connections at once; each
 * connection's calls are serialized on its {@link GatewaySession}. Errors reach the driver as
 * {@link AvaticaRuntimeException}s whose message is the statement's error (with line and column)
 * and whose SQL state says its class ({@code 42000} a wrong statement, {@code 08003} a closed
 * connection, {@code HY000} a failed job).
 */
final class RunnelMeta extends MetaImpl {
    private static final Logger LOG = LoggerFactory.getLogger(RunnelMeta.class);
    /** How long a fetch waits for a query's first row before answering with an empty frame. */
    static final Duration FETCH_WAIT = Duration.ofMillis(500);
    /** Rows per frame when the driver leaves it to the server. */
    static final int DEFAULT_FRAME_ROWS = 1_000;
    /** The most rows one frame holds, whatever the driver asks: a frame is one HTTP response in memory. */
    static final int MAX_FRAME_ROWS = 20_000;

    private final SessionFactory sessions;
    private final List<String> initStatements;
    private final Map<String, GatewaySession> connections = new ConcurrentHashMap<>();

    /**
     * @param initStatements statements run at the start of every session ({@code runnel gateway --init})
     */
    RunnelMeta(SessionFactory sessions, List<String> initStatements) {
        super(null);
        this.sessions = sessions;
        this.initStatements = List.copyOf(initStatements);
    }

    // ------------------------------------------------------------------------------- connections

    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info) {
        // the user the gateway authenticated, when it does (--auth); else whom the client says it is
        String user = GatewaySecurity.currentUser().orElse(info == null ? null : info.get("user"));
        GatewaySession session = new GatewaySession(ch.id, user, sessions.open());
        try {
            for (String statement : initStatements) {
                session.session.execute(statement);
            }
            if (info != null) {
                // Session options given as connection properties (the driver forwards keys with a dot).
                for (Map.Entry<String, String> e : info.entrySet()) {
                    if (e.getKey().contains(".") && e.getValue() != null) {
                        session.session.execute("SET '" + e.getKey().replace("'", "''") + "' = '"
                                + e.getValue().replace("'", "''") + "'");
                    }
                }
            }
        } catch (RuntimeException e) {
            session.close();
            throw error("Cannot open a session: " + message(e), "08004", e);
        }
        if (connections.putIfAbsent(ch.id, session) != null) {
            session.close();
            throw error("Connection " + ch.id + " is already open", "08002", null);
        }
        LOG.info("Session {} opened for {}", ch.id, user == null ? "an anonymous user" : "user " + user);
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
        GatewaySession session = connections.remove(ch.id);
        if (session != null) {
            session.close();
            LOG.info("Session {} closed", ch.id);
        }
    }

    /** Closes the sessions unused for longer than {@code timeout}; returns how many. */
    int closeIdle(Duration timeout) {
        long now = System.nanoTime();
        int closed = 0;
        for (GatewaySession session : connections.values()) {
            if (session.idleNanos(now) > timeout.toNanos() && connections.remove(session.connectionId, session)) {
                session.close();
                LOG.info("Session {} closed after {} idle", session.connectionId, timeout);
                closed++;
            }
        }
        return closed;
    }

    /** Closes every session (the gateway stops). */
    void closeAll() {
        for (String id : List.copyOf(connections.keySet())) {
            closeConnection(new ConnectionHandle(id));
        }
    }

    int openSessions() {
        return connections.size();
    }

    private GatewaySession session(String connectionId) {
        GatewaySession session = connections.get(connectionId);
        if (session == null || session.isClosed()) {
            throw error("Connection " + connectionId + " is not open on this gateway (it was closed, idled out"
                    + " after sql-gateway.session.idle-timeout, or the gateway restarted); open a new connection",
                    "08003", null);
        }
        // connection ids are chosen by clients: a request of another authenticated user may not use this one
        GatewaySecurity.currentUser().ifPresent(user -> {
            if (!user.equals(session.user)) {
                throw error("Connection " + connectionId + " is not open for user " + user, "28000", null);
            }
        });
        session.touch();
        return session;
    }

    @Override
    public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties connProps) {
        GatewaySession session = session(ch.id);
        synchronized (session) {
            if (connProps.getCatalog() != null && !connProps.getCatalog().isEmpty()
                    && !connProps.getCatalog().equals(session.session.metadata().currentCatalog())) {
                run(session, "USE CATALOG `" + connProps.getCatalog().replace("`", "``") + "`");
            }
            if (connProps.getSchema() != null && !connProps.getSchema().isEmpty()
                    && !connProps.getSchema().equals(session.session.metadata().currentDatabase())) {
                run(session, "USE `" + connProps.getSchema().replace("`", "``") + "`");
            }
            // Streaming results are not transactions: every statement commits on its own.
            return connProps.merge(new org.apache.calcite.avatica.ConnectionPropertiesImpl(true, false, null,
                    session.session.metadata().currentCatalog(), session.session.metadata().currentDatabase()));
        }
    }

    @Override
    public void commit(ConnectionHandle ch) {
        session(ch.id);
    }

    @Override
    public void rollback(ConnectionHandle ch) {
        throw error("Runnel has no transactions: each statement takes effect as it runs", "0A000", null);
    }

    @Override
    public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
        return Map.of(
                DatabaseProperty.GET_DATABASE_PRODUCT_NAME, "Runnel",
                DatabaseProperty.GET_DATABASE_PRODUCT_VERSION, GatewayVersion.VERSION,
                DatabaseProperty.GET_DATABASE_MAJOR_VERSION, GatewayVersion.MAJOR,
                DatabaseProperty.GET_DATABASE_MINOR_VERSION, GatewayVersion.MINOR,
                DatabaseProperty.GET_S_Q_L_KEYWORDS, GatewayVersion.KEYWORDS,
                DatabaseProperty.GET_DEFAULT_TRANSACTION_ISOLATION, java.sql.Connection.TRANSACTION_NONE);
    }

    // -------------------------------------------------------------------------------- statements

    @Override
    public StatementHandle createStatement(ConnectionHandle ch) {
        GatewaySession session = session(ch.id);
        return new StatementHandle(ch.id, session.newStatement().id, null);
    }

    @Override
    public void closeStatement(StatementHandle h) {
        GatewaySession session = connections.get(h.connectionId);
        if (session != null && GatewaySecurity.currentUser().map(u -> u.equals(session.user)).orElse(true)) {
            synchronized (session) {
                session.closeStatement(h.id);
            }
        }
    }

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        GatewaySession session = session(ch.id);
        synchronized (session) {
            GatewayStatement statement = session.newStatement();
            statement.prepared = StatementParameters.of(sql);
            statement.maxRows = maxRowCount;
            StatementHandle h = new StatementHandle(ch.id, statement.id,
                    Signature.create(List.of(), sql, statement.prepared.describe(), CursorFactory.ARRAY,
                            StatementType.SELECT));
            return h;
        }
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
            throws NoSuchStatementException {
        return prepareAndExecute(h, sql, maxRowCount, -1, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
                                           PrepareCallback callback) throws NoSuchStatementException {
        GatewaySession session = session(h.connectionId);
        Optional<MetadataCallText> call = MetadataCallText.parse(sql);
        synchronized (session) {
            GatewayStatement statement = statement(session, h);
            if (call.isPresent()) {
                statement.output(null);
                return new ExecuteResult(List.of(metadataCall(session, statement, call.get())));
            }
            return new ExecuteResult(List.of(execute(session, statement, sql, List.of(), maxRowCount,
                    maxRowsInFirstFrame)));
        }
    }

    /** The answer to a metadata call the driver sent as a statement's text: as {@link #getPrimaryKeys} and the like. */
    private MetaResultSet metadataCall(GatewaySession session, GatewayStatement statement, MetadataCallText call) {
        List<String> a = call.arguments();
        if (a.size() != 3) {
            throw error("Metadata call " + call.method() + " needs 3 arguments, got " + a.size(), "07001", null);
        }
        DatabaseMetadataRows rows = new DatabaseMetadataRows(session.session.metadata());
        return switch (call.method()) {
            case "getPrimaryKeys" -> resultSet(session, statement.id, false, DatabaseMetadataRows.PrimaryKeyRow.class,
                    rows.primaryKeys(a.get(0), a.get(1), a.get(2)));
            case "getFunctions" -> resultSet(session, statement.id, false, DatabaseMetadataRows.FunctionRow.class,
                    rows.functions(a.get(0), a.get(1), a.get(2)));
            default -> throw error("Unknown metadata call " + call.method(), "0A000", null);
        };
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
            throws NoSuchStatementException {
        return execute(h, parameterValues, (int) Math.min(Integer.MAX_VALUE, maxRowCount));
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException {
        GatewaySession session = session(h.connectionId);
        synchronized (session) {
            GatewayStatement statement = statement(session, h);
            if (statement.prepared == null) {
                throw error("Statement " + h.id + " was not prepared", "HY010", null);
            }
            String sql = bind(statement, parameterValues);
            return new ExecuteResult(List.of(execute(session, statement, sql, statement.prepared.describe(),
                    statement.maxRows, maxRowsInFirstFrame)));
        }
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
            throws NoSuchStatementException {
        GatewaySession session = session(h.connectionId);
        synchronized (session) {
            GatewayStatement statement = statement(session, h);
            long[] counts = new long[sqlCommands.size()];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = executeForCount(session, statement, sqlCommands.get(i), i);
            }
            return new ExecuteBatchResult(counts);
        }
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
            throws NoSuchStatementException {
        GatewaySession session = session(h.connectionId);
        synchronized (session) {
            GatewayStatement statement = statement(session, h);
            if (statement.prepared == null) {
                throw error("Statement " + h.id + " was not prepared", "HY010", null);
            }
            long[] counts = new long[parameterValues.size()];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = executeForCount(session, statement, bind(statement, parameterValues.get(i)), i);
            }
            return new ExecuteBatchResult(counts);
        }
    }

    /** One statement of a batch: JDBC wants a count; a job (INSERT) has none yet, so SUCCESS_NO_INFO. */
    private long executeForCount(GatewaySession session, GatewayStatement statement, String sql, int index) {
        StatementResult result;
        try {
            result = session.session.execute(sql);
        } catch (RuntimeException e) {
            throw error("Statement " + (index + 1) + " of the batch failed: " + message(e), sqlState(e), e);
        }
        if (result instanceof QueryResult query) {
            query.cancel();
            throw error("Statement " + (index + 1) + " of the batch is a query; a batch runs only statements"
                    + " that change something (INSERT, DDL, SET)", "22000", null);
        }
        return result instanceof StatementResult.Message ? 0 : Statement.SUCCESS_NO_INFO;
    }

    private String bind(GatewayStatement statement, List<TypedValue> values) {
        try {
            return statement.prepared.bind(values);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), "07001", e);
        }
    }

    private MetaResultSet execute(GatewaySession session, GatewayStatement statement, String sql,
                                  List<AvaticaParameter> parameters, long maxRowCount, int maxRowsInFirstFrame) {
        StatementResult result = run(session, sql);
        ZoneId zone = SessionOptions.zone(session.session.configuration());
        StatementOutput output;
        if (result instanceof StatementResult.Message) {
            statement.output(null);
            return MetaResultSet.count(session.connectionId, statement.id, 0);
        } else if (result instanceof StatementResult.Table table) {
            output = table(table, zone);
        } else if (result instanceof StatementResult.JobSubmitted job) {
            output = StatementOutput.of(List.of(
                    JdbcTypes.column(0, "job_id", DataType.of(TypeRoot.VARCHAR).notNull()),
                    JdbcTypes.column(1, "job_name", DataType.of(TypeRoot.VARCHAR).notNull())),
                    List.<Object[]>of(new Object[] {job.jobId().value(), job.jobName()}));
        } else {
            QueryResult query = (QueryResult) result;
            try {
                output = query.isBounded() && !query.isInsertOnly()
                        ? QueryOutput.finalTable(query, maxRowCount, zone)
                        : QueryOutput.stream(query, maxRowCount, zone);
            } catch (RuntimeException e) {
                query.cancel();
                throw error(message(e), sqlState(e), e);
            }
        }
        statement.output(output);
        Frame first = next(statement, output, 0, maxRowsInFirstFrame);
        Signature signature = Signature.create(output.columns(), sql, parameters, CursorFactory.ARRAY,
                StatementType.SELECT);
        return MetaResultSet.create(session.connectionId, statement.id, false, signature, first);
    }

    private static StatementOutput table(StatementResult.Table table, ZoneId zone) {
        List<ColumnMetaData> columns = new ArrayList<>();
        for (ColumnInfo column : table.columns()) {
            columns.add(JdbcTypes.column(columns.size(), column.name(), column.type()));
        }
        List<Object[]> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            Object[] wire = new Object[row.arity()];
            for (int i = 0; i < wire.length; i++) {
                wire[i] = JdbcTypes.toWire(row.getField(i), table.columns().get(i).type(), zone);
            }
            rows.add(wire);
        }
        return StatementOutput.of(columns, rows);
    }

    private StatementResult run(GatewaySession session, String sql) {
        String statement = stripTerminator(sql);
        try {
            return session.session.execute(statement);
        } catch (RuntimeException e) {
            throw error(message(e), sqlState(e), e);
        }
    }

    /** Tools send statements with or without their {@code ;}; the session takes one statement without it. */
    private static String stripTerminator(String sql) {
        String trimmed = sql.stripTrailing();
        while (trimmed.endsWith(";")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1).stripTrailing();
        }
        return trimmed;
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
            throws NoSuchStatementException, MissingResultsException {
        GatewaySession session = session(h.connectionId);
        synchronized (session) {
            GatewayStatement statement = statement(session, h);
            StatementOutput output = statement.output();
            if (output == null) {
                throw new MissingResultsException(h);
            }
            return next(statement, output, offset, fetchMaxRowCount);
        }
    }

    private static Frame next(GatewayStatement statement, StatementOutput output, long offset, int maxRows) {
        int rows = maxRows <= 0 ? DEFAULT_FRAME_ROWS : Math.min(maxRows, MAX_FRAME_ROWS);
        try {
            Frame frame = output.next(offset, rows, FETCH_WAIT);
            if (frame.done) {
                statement.closeOutput();
            }
            return frame;
        } catch (RuntimeException e) {
            statement.closeOutput();
            throw error(message(e), sqlState(e), e);
        }
    }

    /**
     * The statement {@code h}; a closed (or cancelled) one is an error, not "no such statement":
     * Avatica's driver answers that by running the statement again.
     */
    private static GatewayStatement statement(GatewaySession session, StatementHandle h)
            throws NoSuchStatementException {
        GatewayStatement statement = session.statement(h.id);
        if (statement == null) {
            if (session.wasClosed(h.id)) {
                throw error("Statement " + h.id + " was closed or cancelled; its query's job was cancelled",
                        "HY008", null);
            }
            throw new NoSuchStatementException(h);
        }
        return statement;
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset) throws NoSuchStatementException {
        // Results are not rebuilt from a query state: there is nothing more to read.
        return false;
    }

    @Override
    public Iterable<Object> createIterable(StatementHandle h, QueryState state, Signature signature,
                                           List<TypedValue> parameters, Frame firstFrame) {
        throw new UnsupportedOperationException("A server-side Meta creates no client iterables");
    }

    // ---------------------------------------------------------------------------------- metadata

    private MetaResultSet metadata(ConnectionHandle ch, Class<?> rowClass,
                                   Function<DatabaseMetadataRows, List<Object>> rows) {
        GatewaySession session = session(ch.id);
        List<Object> list;
        synchronized (session) {
            list = rows.apply(new DatabaseMetadataRows(session.session.metadata()));
        }
        return resultSet(session, rowClass, list);
    }

    /** The rows of one metadata call, all in the first frame (no statement stays open on the gateway). */
    private MetaResultSet resultSet(GatewaySession session, Class<?> rowClass, List<Object> rows) {
        GatewayStatement statement;
        synchronized (session) {
            statement = session.newStatement();
        }
        return resultSet(session, statement.id, true, rowClass, rows);
    }

    /**
     * The rows of one metadata call as the result of statement {@code statementId} (created for
     * it when {@code ownStatement}), all in the first frame.
     */
    private static MetaResultSet resultSet(GatewaySession session, int statementId, boolean ownStatement,
                                           Class<?> rowClass, List<Object> rows) {
        List<ColumnMetaData> columns = fieldMetaData(rowClass).columns;
        List<Object> values = new ArrayList<>(rows.size());
        try {
            List<java.lang.reflect.Field> fields = new ArrayList<>();
            for (java.lang.reflect.Field f : rowClass.getFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    fields.add(f);
                }
            }
            for (Object row : rows) {
                Object[] value = new Object[fields.size()];
                for (int i = 0; i < value.length; i++) {
                    value[i] = fields.get(i).get(row);
                }
                values.add(value);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        Signature signature = Signature.create(columns, "", List.of(), CursorFactory.ARRAY, StatementType.SELECT);
        return MetaResultSet.create(session.connectionId, statementId, ownStatement, signature,
                new Frame(0, true, values));
    }

    private MetaResultSet empty(ConnectionHandle ch, Class<?> rowClass) {
        return metadata(ch, rowClass, rows -> List.of());
    }

    @Override
    public MetaResultSet getCatalogs(ConnectionHandle ch) {
        return metadata(ch, DatabaseMetadataRows.CatalogRow.class, DatabaseMetadataRows::catalogs);
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
        return metadata(ch, DatabaseMetadataRows.SchemaRow.class, rows -> rows.schemas(catalog, schemaPattern.s));
    }

    @Override
    public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                   List<String> typeList) {
        return metadata(ch, DatabaseMetadataRows.TableRow.class,
                rows -> rows.tables(catalog, schemaPattern.s, tableNamePattern.s, typeList));
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch) {
        return metadata(ch, DatabaseMetadataRows.TableTypeRow.class, rows -> List.of(
                new DatabaseMetadataRows.TableTypeRow(DatabaseMetadataRows.TABLE),
                new DatabaseMetadataRows.TableTypeRow(DatabaseMetadataRows.VIEW)));
    }

    @Override
    public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                    Pat columnNamePattern) {
        return metadata(ch, DatabaseMetadataRows.ColumnRow.class,
                rows -> rows.columns(catalog, schemaPattern.s, tableNamePattern.s, columnNamePattern.s));
    }

    @Override
    public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return metadata(ch, DatabaseMetadataRows.PrimaryKeyRow.class, rows -> rows.primaryKeys(catalog, schema, table));
    }

    @Override
    public MetaResultSet getTypeInfo(ConnectionHandle ch) {
        return metadata(ch, DatabaseMetadataRows.TypeInfoRow.class, rows -> DatabaseMetadataRows.typeInfo());
    }

    @Override
    public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                      Pat functionNamePattern) {
        return metadata(ch, DatabaseMetadataRows.FunctionRow.class,
                rows -> rows.functions(catalog, schemaPattern.s, functionNamePattern.s));
    }

    /* Runnel has no procedures, foreign keys, indexes, privileges or user-defined types: every such call answers
     * an empty result of JDBC's columns, never an error (BI tools ask for them all on connect). */

    @Override
    public MetaResultSet getProcedures(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                       Pat procedureNamePattern) {
        return empty(ch, MetaProcedure.class);
    }

    @Override
    public MetaResultSet getProcedureColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                             Pat procedureNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaProcedureColumn.class);
    }

    @Override
    public MetaResultSet getColumnPrivileges(ConnectionHandle ch, String catalog, String schema, String table,
                                             Pat columnNamePattern) {
        return empty(ch, MetaColumnPrivilege.class);
    }

    @Override
    public MetaResultSet getTablePrivileges(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                            Pat tableNamePattern) {
        return empty(ch, MetaTablePrivilege.class);
    }

    @Override
    public MetaResultSet getBestRowIdentifier(ConnectionHandle ch, String catalog, String schema, String table,
                                              int scope, boolean nullable) {
        return empty(ch, MetaBestRowIdentifier.class);
    }

    @Override
    public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaVersionColumn.class);
    }

    @Override
    public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaImportedKey.class);
    }

    @Override
    public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaExportedKey.class);
    }

    @Override
    public MetaResultSet getCrossReference(ConnectionHandle ch, String parentCatalog, String parentSchema,
                                           String parentTable, String foreignCatalog, String foreignSchema,
                                           String foreignTable) {
        return empty(ch, MetaCrossReference.class);
    }

    @Override
    public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema, String table,
                                      boolean unique, boolean approximate) {
        return empty(ch, MetaIndexInfo.class);
    }

    @Override
    public MetaResultSet getUDTs(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern,
                                 int[] types) {
        return empty(ch, MetaUdt.class);
    }

    @Override
    public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern) {
        return empty(ch, MetaSuperType.class);
    }

    @Override
    public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                        Pat tableNamePattern) {
        return empty(ch, MetaSuperTable.class);
    }

    @Override
    public MetaResultSet getAttributes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern,
                                       Pat attributeNamePattern) {
        return empty(ch, MetaAttribute.class);
    }

    @Override
    public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
        return empty(ch, MetaClientInfoProperty.class);
    }

    @Override
    public MetaResultSet getFunctionColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                            Pat functionNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaFunctionColumn.class);
    }

    @Override
    public MetaResultSet getPseudoColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                          Pat tableNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaPseudoColumn.class);
    }

    // ------------------------------------------------------------------------------------ errors

    private static String message(Throwable e) {
        if (e instanceof SqlExecutionException sql && sql.hasPosition()) {
            return "SQL error at line " + sql.line() + ", column " + sql.column() + ": " + sql.getMessage();
        }
        if (e instanceof AvaticaRuntimeException avatica) {
            return avatica.getErrorMessage();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    private static String sqlState(Throwable e) {
        if (e instanceof AvaticaRuntimeException avatica) {
            return avatica.getSqlState();
        }
        return e instanceof SqlExecutionException sql && sql.hasPosition() ? "42000" : "HY000";
    }

    private static AvaticaRuntimeException error(String message, String sqlState, Throwable cause) {
        if (cause != null && !(cause instanceof SqlExecutionException) && !(cause instanceof AvaticaRuntimeException)) {
            LOG.warn("{}", message, cause);
        }
        return new AvaticaRuntimeException(message, 0, sqlState, AvaticaSeverity.ERROR);
    }
}
