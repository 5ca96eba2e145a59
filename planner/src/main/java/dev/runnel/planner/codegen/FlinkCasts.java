package dev.runnel.planner.codegen;

import dev.runnel.planner.functions.FlinkCastRules;
import dev.runnel.planner.functions.RunnelOperatorTable;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Rewrites the casts whose Calcite implementation differs from Flink's before code
 * generation: those of {@link FlinkCastRules} (integer narrowing and TIMESTAMP/TIME text),
 * {@code CAST(ltz AS STRING)} is the local date-time in the session time zone
 * without the zone's name. Decimal division and {@code SIGN} of a decimal are rescaled to the
 * scale of their type (Calcite computes the value but keeps its natural scale). {@code MOD} of two
 * integers of different types is computed in the wider type, as Java would.
 */
final class FlinkCasts {
    private FlinkCasts() {
    }

    static RexProgram rewrite(RexProgram program, RexBuilder rexBuilder) {
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                RexCall visited = (RexCall) super.visitCall(call);
                RexNode flink = FlinkCastRules.rewrite(visited, rexBuilder);
                if (flink != null) {
                    return flink;
                }
                if (visited.isA(SqlKind.CAST)
                        && SqlTypeFamily.CHARACTER.contains(visited.getType())
                        && visited.getOperands().get(0).getType().getSqlTypeName()
                            == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
                    RexNode ltz = visited.getOperands().get(0);
                    return rexBuilder.makeCall(visited.getType(), RunnelOperatorTable.LTZ_TO_STRING,
                            List.of(ltz, rexBuilder.makeLiteral(ltz.getType().getPrecision(),
                                    typeOfInt(rexBuilder))));
                }
                if ((visited.isA(SqlKind.DIVIDE) || visited.isA(SqlKind.OTHER_FUNCTION)
                        && visited.getOperator().getName().equals("SIGN"))
                        && visited.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
                    return rexBuilder.makeCall(visited.getType(), RunnelOperatorTable.DECIMAL_RESCALE,
                            List.of(visited, rexBuilder.makeLiteral(visited.getType().getPrecision(),
                                    typeOfInt(rexBuilder)), rexBuilder.makeLiteral(visited.getType().getScale(),
                                    typeOfInt(rexBuilder))));
                }
                if (visited.isA(SqlKind.MOD) && mixedIntegers(visited)) {
                    // Calcite finds no mod(long, int) and falls back to mod(BigDecimal, BigDecimal): widen first
                    RelDataType wider = widest(visited);
                    return rexBuilder.makeCall(visited.getType(), visited.getOperator(), visited.getOperands().stream()
                            .map(o -> o.getType().getSqlTypeName() == wider.getSqlTypeName() ? o
                                    : rexBuilder.makeCast(rexBuilder.getTypeFactory().createTypeWithNullability(
                                            wider, o.getType().isNullable()), o))
                            .toList());
                }
                return visited;
            }
        };
        List<RexNode> projects = program.expandList(program.getProjectList()).stream()
                .map(p -> p.accept(shuttle)).toList();
        RexNode condition = program.getCondition() == null ? null
                : program.expandLocalRef(program.getCondition()).accept(shuttle);
        return RexProgram.create(program.getInputRowType(), projects, condition, program.getOutputRowType(),
                rexBuilder);
    }

    /** Whether the call's operands are integers (TINYINT to BIGINT) of different types. */
    private static boolean mixedIntegers(RexCall call) {
        return call.getOperands().stream().allMatch(o -> SqlTypeName.INT_TYPES.contains(o.getType().getSqlTypeName()))
                && call.getOperands().stream().map(o -> o.getType().getSqlTypeName()).distinct().count() > 1;
    }

    /** The widest operand type of an integer call (INT_TYPES lists them from narrowest to widest). */
    private static RelDataType widest(RexCall call) {
        return call.getOperands().stream().map(RexNode::getType)
                .max(Comparator.comparingInt(t -> SqlTypeName.INT_TYPES.indexOf(t.getSqlTypeName()))).orElseThrow();
    }

    private static org.apache.calcite.rel.type.RelDataType typeOfInt(RexBuilder rexBuilder) {
        return rexBuilder.getTypeFactory().createSqlType(SqlTypeName.INTEGER);
    }
}
