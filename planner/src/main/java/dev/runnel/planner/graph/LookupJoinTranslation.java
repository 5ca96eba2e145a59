package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.LookupJoinPhysicalRel;
import dev.runnel.planner.plan.physical.LookupJoinSpec;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.LookupTableSource;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.operators.join.LookupJoinOperatorFactory;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rex.RexProgramBuilder;

/**
 * Translates a lookup join into an operator chained after its input: it needs no exchange, as
 * every subtask holds the whole looked-up table.
 */
final class LookupJoinTranslation {
    private LookupJoinTranslation() {
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, LookupJoinPhysicalRel join) {
        LookupJoinSpec spec = join.spec();
        CatalogTable table = spec.table();
        TableContext context = table.toContext();
        LookupTableSource source;
        try {
            source = ConnectorFactories.factoryFor(context).createLookupSource(context);
        } catch (ConfigException e) {
            throw new TableConnectorException(table.name(), e);
        }
        List<LookupJoinSpec.LookupKey> keys = spec.keys();
        var operator = new LookupJoinOperatorFactory(join.describe(), join.isLeftOuter(), source,
                keys.stream().mapToInt(LookupJoinSpec.LookupKey::rightField).toArray(), nullSafe(keys),
                keyValues(translator, join), join.getInput().getRowType().getFieldCount(),
                spec.rightType().getFieldCount(), JoinTranslation.predicate(translator, join.getCluster(),
                join.getInput().getRowType(), spec.rightType(), spec.residual()));
        return translator.attach(translator.visit(join.getInput()), operator, OptionalInt.empty(),
                new Partitioning.Rebalance());
    }

    private static boolean[] nullSafe(List<LookupJoinSpec.LookupKey> keys) {
        boolean[] nullSafe = new boolean[keys.size()];
        for (int i = 0; i < nullSafe.length; i++) {
            nullSafe[i] = keys.get(i).nullSafe();
        }
        return nullSafe;
    }

    /** The generated projection of an input row onto the values its lookup keys compare. */
    private static GeneratedClass<CalcFunction> keyValues(JobGraphTranslator translator, LookupJoinPhysicalRel join) {
        RexProgramBuilder program = new RexProgramBuilder(join.getInput().getRowType(),
                join.getCluster().getRexBuilder());
        List<LookupJoinSpec.LookupKey> keys = join.spec().keys();
        for (int i = 0; i < keys.size(); i++) {
            program.addProject(keys.get(i).value(), "key" + i);
        }
        return translator.codeGenerator().generate(program.getProgram(), translator.zone());
    }
}
