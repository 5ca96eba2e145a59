package dev.runnel.planner.session;

import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.graph.JobGraphTranslator;
import dev.runnel.planner.graph.TableConnectorException;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.SinkPhysicalRel;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Turns physical plans into the job graph the cluster runs, with the session's parallelism,
 * time zone and job name. Used for statement sets and {@code EXPLAIN JSON_EXECUTION_PLAN}.
 * Not thread-safe, like the session.
 */
final class JobCompiler {
    private final QueryPlanner planner;
    private final Configuration configuration;

    JobCompiler(QueryPlanner planner, Configuration configuration) {
        this.planner = planner;
        this.configuration = configuration;
    }

    /**
     * The job graph of {@code plans}: one query or {@code INSERT}, or several {@code INSERT}s
     * (every plan a {@link SinkPhysicalRel}) that share their common sources.
     *
     * @param statements the statements the plans came from, to place connector errors
     * @throws SqlExecutionException when a table's connector cannot read or write it
     */
    JobGraph compile(List<PhysicalRel> plans, List<? extends SqlNode> statements) {
        String jobName = jobName(plans);
        JobGraphTranslator translator = new JobGraphTranslator(new CalcCodeGenerator(planner.typeFactory()),
                configuration.get(SessionOptions.PARALLELISM), SessionOptions.zone(configuration));
        try {
            if (plans.size() == 1) {
                return translator.translate(plans.get(0), jobName, configuration);
            }
            return translator.translate(plans.stream().map(SinkPhysicalRel.class::cast).toList(), jobName,
                    configuration);
        } catch (TableConnectorException e) {
            SqlParserPos pos = SqlParserPos.ZERO;
            for (SqlNode statement : statements) {
                pos = TablePositions.find(statement, e.tableName());
                if (pos != SqlParserPos.ZERO) {
                    break;
                }
            }
            throw new SqlExecutionException(e.getMessage(), pos.getLineNum(), pos.getColumnNum(), e);
        }
    }

    /**
     * {@code pipeline.name} if set, else Flink's default: {@code insert-into_} and the sink
     * tables' qualified names joined by commas, or {@code collect} for a query.
     */
    String jobName(List<PhysicalRel> plans) {
        String configured = configuration.get(SessionOptions.PIPELINE_NAME);
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        if (plans.stream().allMatch(p -> p instanceof SinkPhysicalRel)) {
            return "insert-into_" + plans.stream().map(p -> ((SinkPhysicalRel) p).table().qualifiedName())
                    .collect(Collectors.joining(","));
        }
        return "collect";
    }
}
