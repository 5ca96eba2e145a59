package dev.runnel.planner.plan.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;

/** A filter and a projection, compiled into one generated {@code CalcFunction}. */
public final class CalcPhysicalRel extends Calc implements PhysicalRel {

    public CalcPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RexProgram program) {
        super(cluster, traits, List.of(), input, program);
    }

    @Override
    public Calc copy(RelTraitSet traitSet, RelNode child, RexProgram program) {
        return new CalcPhysicalRel(getCluster(), traitSet, child, program);
    }

    /** {@code select=[id, UPPER(customer) AS c]}, {@code where=[>(amount, 100)]}, with input field names. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        pw.input("input", getInput()).item("select", selectText());
        String where = whereText();
        return pw.itemIf("where", where, where != null);
    }

    /** {@code Calc(select=[…], where=[…])}: the operator's name in job graphs and {@code SHOW JOBS}. */
    public String describe() {
        String where = whereText();
        return "Calc(select=[" + selectText() + "]" + (where == null ? "" : ", where=[" + where + "]") + ")";
    }

    private String selectText() {
        List<String> inputNames = getInput().getRowType().getFieldNames();
        List<String> outputNames = getRowType().getFieldNames();
        List<String> select = new ArrayList<>();
        for (int i = 0; i < program.getProjectList().size(); i++) {
            RexNode e = program.expandLocalRef(program.getProjectList().get(i));
            String text = RexFormatter.format(e, inputNames);
            select.add(text.equals(outputNames.get(i)) ? text : text + " AS " + outputNames.get(i));
        }
        return String.join(", ", select);
    }

    private String whereText() {
        RexLocalRef condition = program.getCondition();
        return condition == null ? null
                : RexFormatter.format(program.expandLocalRef(condition), getInput().getRowType().getFieldNames());
    }
}
