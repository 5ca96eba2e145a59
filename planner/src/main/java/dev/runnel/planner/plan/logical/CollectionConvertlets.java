package dev.runnel.planner.plan.logical;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.functions.CollectionOperatorTable;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Calcite's convertlets, except that {@code CAST(collection AS STRING)} becomes a call of
 * {@link CollectionOperatorTable#TO_STRING} (Flink's text, {@code [1, NULL]}, {@code {a=1}}) with the
 * collection's type as its second operand: Calcite can neither type nor run that cast.
 */
final class CollectionConvertlets implements SqlRexConvertletTable {
    private final SqlRexConvertletTable calcite;

    CollectionConvertlets(SqlRexConvertletTable calcite) {
        this.calcite = calcite;
    }

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        if (call.getKind() == SqlKind.CAST) {
            return (cx, cast) -> {
                // IfKnown: a computed column's expression is converted without its own validation.
                RelDataType valueType = cx.getValidator().getValidatedNodeTypeIfKnown(cast.operand(0));
                RelDataType target = cx.getValidator().getValidatedNodeTypeIfKnown(cast);
                if (valueType != null && target != null && SqlTypeUtil.isCharacter(target)
                        && (SqlTypeUtil.isCollection(valueType) || SqlTypeUtil.isMap(valueType))) {
                    RexBuilder rex = cx.getRexBuilder();
                    RexNode value = cx.convertExpression(cast.operand(0));
                    String type = TypeConversions.toDataType(value.getType()).toString();
                    return rex.makeCall(target, CollectionOperatorTable.TO_STRING, List.of(value, rex.makeLiteral(type)));
                }
                return calcite.get(cast).convertCall(cx, cast);
            };
        }
        return calcite.get(call);
    }
}
