package dev.runnel.planner.session;

import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.SinkPhysicalRel;
import dev.runnel.sql.parser.dml.SqlRichInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code INSERT OVERWRITE} replaces a table's contents, which only a bounded (batch) job can
 * do: Flink supports it for the filesystem connector in batch mode only. Runnel runs every
 * job in streaming mode, so no sink supports it yet; the statement is rejected at the table
 * it names, before anything runs.
 */
final class InsertOverwrite {
    private InsertOverwrite() {
    }

    /**
     * @param plan the statement's physical plan (which names the sink's connector)
     * @throws SqlExecutionException if {@code statement} is an {@code INSERT OVERWRITE}
     */
    static void check(SqlNode statement, PhysicalRel plan) {
        if (!(statement instanceof SqlRichInsert insert) || !insert.isOverwrite()
                || !(plan instanceof SinkPhysicalRel sink)) {
            return;
        }
        String connector = sink.table().options().getOrDefault("connector", "?");
        SqlParserPos pos = insert.getTargetTable().getParserPosition();
        throw new SqlExecutionException("INSERT OVERWRITE is not supported by table '"
                + sink.table().qualifiedName() + "': connector '" + connector + "' cannot overwrite in streaming "
                + "mode (the only execution.runtime-mode Runnel runs); use INSERT INTO",
                pos.getLineNum(), pos.getColumnNum(), null);
    }
}
