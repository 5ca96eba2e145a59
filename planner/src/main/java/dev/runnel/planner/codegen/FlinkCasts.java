package dev.runnel.planner.codegen;

import dev.runnel.planner.functions.RunnelOperatorTable;
import java.util.List;
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
 * generation: {@code CAST(ltz AS STRING)} is the local date-time in the session time zone
 * without the zone's name. Decimal division and {@code SIGN} of a decimal are rescaled to the
 * scale of their type (Calcite computes the value but keeps its natural scale).
 */
final class FlinkCasts {
    private FlinkCasts() {
    }

    static RexProgram rewrite(RexProgram program, RexBuilder rexBuilder) {
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                RexCall visited = (RexCall) super.visitCall(call);
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

    private static org.apache.calcite.rel.type.RelDataType typeOfInt(RexBuilder rexBuilder) {
        return rexBuilder.getTypeFactory().createSqlType(SqlTypeName.INTEGER);
    }
}
