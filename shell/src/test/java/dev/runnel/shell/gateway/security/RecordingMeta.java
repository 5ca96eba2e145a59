package dev.runnel.shell.gateway.security;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A Meta that only opens and closes connections, recording who opened each
 * ({@link GatewaySecurity#currentUser()}): enough for the remote driver to connect.
 */
final class RecordingMeta extends MetaImpl {
    /** The user each openConnection ran for ("" without one), in order. */
    final List<String> openedBy = new CopyOnWriteArrayList<>();

    RecordingMeta() {
        super(null);
    }

    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info) {
        openedBy.add(GatewaySecurity.currentUser().orElse(""));
    }

    @Override
    public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties connProps) {
        return connProps;
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
    }

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        throw unsupported();
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback) {
        throw unsupported();
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
                                          PrepareCallback callback) {
        throw unsupported();
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) {
        throw unsupported();
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues) {
        throw unsupported();
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
        throw unsupported();
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
        throw unsupported();
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame) {
        throw unsupported();
    }

    @Override
    public void closeStatement(StatementHandle h) {
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
        throw unsupported();
    }

    @Override
    public void commit(ConnectionHandle ch) {
    }

    @Override
    public void rollback(ConnectionHandle ch) {
    }

    private static UnsupportedOperationException unsupported() {
        return new UnsupportedOperationException("RecordingMeta only opens connections");
    }
}
