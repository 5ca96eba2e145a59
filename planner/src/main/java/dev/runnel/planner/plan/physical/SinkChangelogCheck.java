package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.PlanTreeWriter;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.calcite.rel.RelNode;

/**
 * Refuses, at planning time, an {@code INSERT} whose query produces changes the sink cannot
 * take (an updating query into a filesystem table with the {@code json} format), with Flink's
 * message: {@code Table sink 'cat.db.t' doesn't support consuming update and delete changes
 * which is produced by node GroupAggregate(...)}. The node named is the one that produces the
 * changes: the check looks through operators that only pass changes on (calc, union), as
 * Flink's changelog inference does.
 */
public final class SinkChangelogCheck {
    /** Operators (by {@link PlanTreeWriter#operatorName}) whose output changes are exactly their inputs'. */
    private static final Set<String> FORWARDING = Set.of("Calc", "Union", "Exchange", "WatermarkAssigner",
            "MiniBatchAssigner");

    private SinkChangelogCheck() {
    }

    /**
     * Checks {@code plan} if it is an {@code INSERT}. A sink whose connector options are wrong is
     * not checked here: translating it reports the options with the statement's position.
     *
     * @throws SqlExecutionException when the sink does not accept what its input produces
     */
    public static void check(PhysicalRel plan) {
        if (!(plan instanceof SinkPhysicalRel sink)) {
            return;
        }
        TableContext table = sink.table().toContext();
        Set<RowKind> accepted;
        try {
            accepted = ConnectorFactories.factoryFor(table).sinkChangelogMode(table);
        } catch (ConfigException e) {
            return;
        }
        PhysicalRel input = (PhysicalRel) sink.getInput();
        Set<RowKind> refused = refused(input.changelogMode(), accepted);
        if (refused.isEmpty()) {
            return;
        }
        RelNode producer = producer(input, accepted);
        throw new SqlExecutionException("Table sink '" + table.tableName() + "' doesn't support consuming "
                + changes(refused) + " changes which is produced by node " + describe(producer));
    }

    private static Set<RowKind> refused(ChangelogMode mode, Set<RowKind> accepted) {
        Set<RowKind> refused = EnumSet.noneOf(RowKind.class);
        refused.addAll(mode.kinds());
        refused.removeAll(accepted);
        return refused;
    }

    private static RelNode producer(PhysicalRel node, Set<RowKind> accepted) {
        if (FORWARDING.contains(PlanTreeWriter.operatorName(node))) {
            for (RelNode input : node.getInputs()) {
                PhysicalRel physical = (PhysicalRel) input;
                if (!refused(physical.changelogMode(), accepted).isEmpty()) {
                    return producer(physical, accepted);
                }
            }
        }
        return node;
    }

    /** Flink's words for the kinds: {@code update}, {@code delete}, in that order, joined by {@code and}. */
    private static String changes(Set<RowKind> kinds) {
        Set<String> words = new LinkedHashSet<>();
        for (RowKind kind : kinds) {
            words.add(switch (kind) {
                case INSERT -> "insert";
                case UPDATE_BEFORE, UPDATE_AFTER -> "update";
                case DELETE -> "delete";
            });
        }
        return String.join(" and ", words);
    }

    /** The node as its line in {@code EXPLAIN}, without its inputs. */
    private static String describe(RelNode node) {
        String text = PlanTreeWriter.explain(node, false, false);
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}
