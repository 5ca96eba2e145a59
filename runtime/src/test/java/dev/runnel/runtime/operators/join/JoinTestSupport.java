package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.TestRows;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;

/** Inputs and conditions shared by the join operator tests. */
final class JoinTestSupport {
    private JoinTestSupport() {
    }

    static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    static final DataType STRING = DataType.of(TypeRoot.VARCHAR);

    /** The state backends the operators are tested on. */
    static List<String> backends() {
        return List.of("hashmap", "rocksdb");
    }

    /** Feeds {@code rows} (in {@link TestRows} notation, values guessed) to input {@code input}. */
    static void feed(OperatorHarness harness, int input, String... rows) throws Exception {
        harness.processBatch(RowBatch.of(TestRows.rows(rows)), input);
    }

    static List<String> text(List<?> rows) {
        return rows.stream().map(Object::toString).toList();
    }

    /** A condition over the joined row: {@code joined[field] > bound} (a BIGINT field). */
    static GeneratedClass<CalcFunction> greaterThan(int field, long bound) {
        String name = "JoinTestCondition" + field + "_" + Math.abs(bound);
        return new GeneratedClass<>(name, "public final class " + name + " implements "
                + CalcFunction.class.getName() + " {\n"
                + "  public dev.runnel.runtime.data.Row apply(dev.runnel.runtime.data.Row row) {\n"
                + "    Object v = row.getField(" + field + ");\n"
                + "    return v != null && ((Long) v).longValue() > " + bound + "L ? row : null;\n"
                + "  }\n}\n");
    }
}
