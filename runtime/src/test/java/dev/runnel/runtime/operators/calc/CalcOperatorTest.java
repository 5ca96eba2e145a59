package dev.runnel.runtime.operators.calc;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.testing.OperatorHarness;
import org.junit.jupiter.api.Test;

class CalcOperatorTest {
    // What the planner would generate for: SELECT id, UPPER(name) FROM t WHERE id % 2 = 1
    private static final GeneratedClass<CalcFunction> ODD_IDS_UPPER = new GeneratedClass<>("OddIdsUpper", """
            public class OddIdsUpper implements dev.runnel.runtime.operators.calc.CalcFunction {
                public dev.runnel.runtime.data.Row apply(dev.runnel.runtime.data.Row in) {
                    long id = ((Long) in.getField(0)).longValue();
                    if (id % 2 == 0) {
                        return null;
                    }
                    String name = (String) in.getField(1);
                    return new dev.runnel.runtime.data.Row(in.kind(),
                            new Object[] {in.getField(0), name == null ? null : name.toUpperCase()});
                }
            }
            """);

    @Test
    void compilesTheGeneratedClassAtOpenAndFiltersAndProjectsEachRow() throws Exception {
        try (var harness = OperatorHarness.of(new CalcOperatorFactory("Calc(odd ids)", ODD_IDS_UPPER)).open()) {
            harness.processRows("+I 1 alice", "+I 2 bob", "-U 3 carol", "+U 5 null")
                    .processWatermark(42)
                    .endInput();

            assertThat(harness.output()).containsExactlyElementsOf(rows("+I 1 ALICE", "-U 3 CAROL", "+U 5 null"));
            assertThat(harness.watermarks()).containsExactly(42L);
        }
    }

    @Test
    void codeThatDoesNotCompileFailsAtOpenNamingTheClass() {
        var broken = new GeneratedClass<CalcFunction>("Broken", "public class Broken { int x = ; }");
        assertThatThrownBy(() -> OperatorHarness.of(new CalcOperatorFactory("Calc(broken)", broken)).open())
                .hasMessageContaining("Generated class Broken does not compile");
    }
}
