package dev.runnel.planner.session;

import dev.runnel.planner.graph.JobGraphJson;
import dev.runnel.planner.graph.SourceReuse;
import dev.runnel.planner.plan.PlanTreeWriter;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.TableSourceScanPhysicalRel;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.sql.parser.dml.SqlStatementSet;
import dev.runnel.sql.parser.dql.SqlExplainDetail;
import dev.runnel.sql.parser.dql.SqlRichExplain;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlExplainFormat;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code EXPLAIN [PLAN FOR | detail, …] statement}, with Flink's sections: the abstract syntax
 * tree (the logical plan as converted from SQL), the optimized physical plan (with
 * {@code CHANGELOG_MODE} and {@code ESTIMATED_COST} details per operator), the optimized
 * execution plan (sources that several inserts share printed once, as Flink prints reuse), and
 * with {@code JSON_EXECUTION_PLAN} the job graph the statement would submit. The result is one
 * row with one column {@code result}, as Flink's. Not thread-safe, like the session.
 */
final class ExplainCommand {
    /** The single column of an {@code EXPLAIN} result; fronts print its text as it is. */
    static final String RESULT_COLUMN = "result";

    private final QueryPlanner planner;
    private final JobCompiler compiler;

    ExplainCommand(QueryPlanner planner, JobCompiler compiler) {
        this.planner = planner;
        this.compiler = compiler;
    }

    /**
     * The explanation if {@code node} is an {@code EXPLAIN}, else {@code null}.
     *
     * @param start where the statement's first word is (Calcite's {@code SqlExplain} knows only its end)
     */
    StatementResult execute(SqlNode node, SqlParserPos start) {
        if (node instanceof SqlRichExplain explain) {
            return table(explain(explain.statement(), explain.details()));
        }
        if (node instanceof SqlExplain explain) {
            if (explain.getFormat() != SqlExplainFormat.TEXT || explain.getDepth() != SqlExplain.Depth.PHYSICAL
                    || explain.getDetailLevel() != SqlExplainLevel.EXPPLAN_ATTRIBUTES) {
                throw new SqlExecutionException("EXPLAIN PLAN with Calcite's options (WITH TYPE, AS JSON, ...) is not "
                        + "supported; use EXPLAIN [ESTIMATED_COST, CHANGELOG_MODE, JSON_EXECUTION_PLAN] statement",
                        start.getLineNum(), start.getColumnNum(), null);
            }
            return table(explain(explain.getExplicandum(), Set.of()));
        }
        return null;
    }

    /** The text {@code EXPLAIN details statement} shows. */
    String explain(SqlNode statement, Set<SqlExplainDetail> details) {
        List<SqlNode> statements = statement instanceof SqlStatementSet set
                ? List.copyOf(set.inserts()) : List.of(statement);
        List<String> asts = new ArrayList<>();
        List<String> physical = new ArrayList<>();
        List<PhysicalRel> plans = new ArrayList<>();
        boolean changelog = details.contains(SqlExplainDetail.CHANGELOG_MODE);
        boolean cost = details.contains(SqlExplainDetail.ESTIMATED_COST);
        for (SqlNode s : statements) {
            QueryPlanner.ExplainedQuery explained = planner.planWithAst(s);
            PhysicalRel plan = explained.planned().plan();
            InsertOverwrite.check(s, plan);
            asts.add(PlanTreeWriter.explain(explained.ast(), false, false));
            physical.add(PlanTreeWriter.explain(plan, changelog, cost));
            plans.add(plan);
        }
        StringBuilder text = new StringBuilder();
        section(text, "Abstract Syntax Tree", PlanTreeWriter.join(asts));
        section(text, "Optimized Physical Plan", PlanTreeWriter.join(physical));
        section(text, "Optimized Execution Plan", executionPlan(plans));
        if (details.contains(SqlExplainDetail.JSON_EXECUTION_PLAN)) {
            section(text, "Physical Execution Plan", JobGraphJson.toJson(compiler.compile(plans, statements)));
        }
        return text.toString();
    }

    private static void section(StringBuilder text, String title, String body) {
        if (!text.isEmpty()) {
            text.append('\n');
        }
        text.append("== ").append(title).append(" ==\n").append(body).append('\n');
    }

    /**
     * The plans as the job graph runs them: a source that several plans read is printed once,
     * first, with {@code (reuse_id=[n])}, and as {@code Reused(reference_id=[n])} where it is read.
     */
    private static String executionPlan(List<PhysicalRel> plans) {
        Map<String, List<RelNode>> scansByKey = new LinkedHashMap<>();
        for (PhysicalRel plan : plans) {
            collectScans(plan, scansByKey);
        }
        List<String> blocks = new ArrayList<>();
        Map<RelNode, Integer> references = new IdentityHashMap<>();
        int nextId = 1;
        for (List<RelNode> scans : scansByKey.values()) {
            if (scans.size() > 1) {
                int id = nextId++;
                blocks.add(PlanTreeWriter.explain(scans.get(0), false, false).stripTrailing()
                        + "(reuse_id=[" + id + "])");
                scans.forEach(scan -> references.put(scan, id));
            }
        }
        for (PhysicalRel plan : plans) {
            blocks.add(PlanTreeWriter.explain(plan, false, false, references));
        }
        return PlanTreeWriter.join(blocks);
    }

    private static void collectScans(RelNode rel, Map<String, List<RelNode>> scansByKey) {
        if (rel instanceof TableSourceScanPhysicalRel scan) {
            scansByKey.computeIfAbsent(SourceReuse.key(scan), k -> new ArrayList<>()).add(scan);
        }
        rel.getInputs().forEach(input -> collectScans(input, scansByKey));
    }

    private static StatementResult table(String text) {
        return new StatementResult.Table(List.of(new ColumnInfo(RESULT_COLUMN, DataType.of(TypeRoot.VARCHAR).notNull())),
                List.of(Row.of(text)));
    }
}
