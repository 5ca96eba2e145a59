package dev.runnel.planner.session;

import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.sql.parser.dml.SqlBeginStatementSet;
import dev.runnel.sql.parser.dml.SqlEndStatementSet;
import dev.runnel.sql.parser.dml.SqlRichInsert;
import dev.runnel.sql.parser.dml.SqlStatementSet;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Statement sets: several {@code INSERT}s compiled into one job that reads common sources once.
 * Two forms, as in Flink: {@code EXECUTE STATEMENT SET BEGIN …; END} in one statement, and the
 * SQL client's {@code BEGIN STATEMENT SET;} … {@code END;}, between which the session collects
 * the inserts (planning each one as it arrives, so an error points at its own statement) and
 * submits them at {@code END}. Also runs a lone {@code INSERT OVERWRITE}, which it rejects.
 * Not thread-safe, like the session.
 */
final class StatementSets {
    static final String BEGIN_MESSAGE = "Begin a statement set.";
    static final String ADDED_MESSAGE = "Add SQL update statement to the statement set.";
    static final String EMPTY_MESSAGE = "No statement in the statement set, skip submit.";

    private final QueryPlanner planner;
    private final JobCompiler compiler;
    private final ClusterClient cluster;
    /** The inserts since BEGIN STATEMENT SET, or null when no set is open. */
    private List<Planned> open;

    private record Planned(SqlNode statement, PhysicalRel plan) {
    }

    StatementSets(QueryPlanner planner, JobCompiler compiler, ClusterClient cluster) {
        this.planner = planner;
        this.compiler = compiler;
        this.cluster = cluster;
    }

    /** Whether {@code BEGIN STATEMENT SET} was run and its {@code END} not yet. */
    boolean isOpen() {
        return open != null;
    }

    /**
     * The result of {@code node} if it is a statement set command, an insert into an open set
     * or an {@code INSERT OVERWRITE}; {@code null} for any other statement outside a set.
     */
    StatementResult execute(SqlNode node) {
        if (open != null) {
            return executeInOpenSet(node);
        }
        if (node instanceof SqlBeginStatementSet) {
            open = new ArrayList<>();
            return new StatementResult.Message(BEGIN_MESSAGE);
        }
        if (node instanceof SqlEndStatementSet) {
            throw error("No Statement Set to submit. 'END' statement should be used after 'BEGIN STATEMENT SET'.",
                    node.getParserPosition());
        }
        if (node instanceof SqlStatementSet set) {
            List<Planned> planned = new ArrayList<>();
            for (SqlInsert insert : set.inserts()) {
                planned.add(plan(insert));
            }
            return submit(planned);
        }
        if (node instanceof SqlRichInsert insert && insert.isOverwrite()) {
            plan(insert);
            throw new AssertionError("InsertOverwrite.check rejects every INSERT OVERWRITE");
        }
        return null;
    }

    private StatementResult executeInOpenSet(SqlNode node) {
        if (node instanceof SqlEndStatementSet) {
            List<Planned> planned = open;
            // Like Flink, END closes the set whether or not its job can be submitted.
            open = null;
            return planned.isEmpty() ? new StatementResult.Message(EMPTY_MESSAGE) : submit(planned);
        }
        if (node instanceof SqlInsert insert) {
            open.add(plan(insert));
            return new StatementResult.Message(ADDED_MESSAGE);
        }
        throw error("Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement "
                + "to submit Statement Set.", node.getParserPosition());
    }

    private Planned plan(SqlInsert insert) {
        PhysicalRel plan = planner.plan(insert).plan();
        InsertOverwrite.check(insert, plan);
        return new Planned(insert, plan);
    }

    private StatementResult submit(List<Planned> planned) {
        List<PhysicalRel> plans = planned.stream().map(Planned::plan).toList();
        JobGraph graph = compiler.compile(plans, planned.stream().map(Planned::statement).toList());
        JobId id;
        try {
            id = cluster.submitJob(graph);
        } catch (RuntimeException e) {
            throw new SqlExecutionException("Could not submit the job: " + JobQueryResult.rootMessage(e), e);
        }
        return new StatementResult.JobSubmitted(id, graph.name());
    }

    private static SqlExecutionException error(String message, SqlParserPos pos) {
        return new SqlExecutionException(message, pos.getLineNum(), pos.getColumnNum(), null);
    }
}
