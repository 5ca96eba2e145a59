package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.ClusterOverview;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code SHOW CLUSTER} shows: a row per JobManager (the leader first, then the standbys of
 * a highly available cluster) and per TaskManager registered with the leader, with its slots.
 */
final class ClusterDescription {
    private static final DataType STRING_NOT_NULL = DataType.of(TypeRoot.VARCHAR).notNull();
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);

    private ClusterDescription() {
    }

    static StatementResult.Table of(ClusterOverview overview) {
        List<Row> rows = new ArrayList<>();
        overview.jobManagers().stream().sorted((a, b) -> Boolean.compare(b.leader(), a.leader())).forEach(jm ->
                rows.add(Row.of("jobmanager", jm.address() == null ? "-" : jm.address(),
                        jm.leader() ? "leader" : "standby", null, null)));
        for (TaskManagerInfo tm : overview.taskManagers()) {
            rows.add(Row.of("taskmanager", tm.id() + " at " + tm.location().path(), "registered", tm.slots(),
                    tm.freeSlots()));
        }
        return new StatementResult.Table(List.of(
                new ColumnInfo("process", STRING_NOT_NULL),
                new ColumnInfo("address", STRING_NOT_NULL),
                new ColumnInfo("role", STRING_NOT_NULL),
                new ColumnInfo("slots", INT),
                new ColumnInfo("free slots", INT)), rows);
    }
}
