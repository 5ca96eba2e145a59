package dev.runnel.runtime.bench;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.calc.CalcFunction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Expression evaluation as Nexmark q0 runs it: generated {@link CalcFunction}s, compiled by the
 * runtime's Janino compiler ({@link GeneratedClass#newInstance}), over a batch of Nexmark events.
 * The planner owns code generation, so the sources here are written by hand in the shape the
 * planner's {@code CalcCodeGenerator} emits for q0 (boxed values, a {@code structAccess} per
 * nested field, a new row per result); only Calcite's {@code SqlFunctions.structAccess} is
 * replaced by an equivalent local method, since the runtime does not depend on Calcite.
 * Operations are input rows.
 */
@State(Scope.Thread)
public class CalcBenchmark extends ShortRuns {
    private static final int ROWS = 1024;

    private static final String STRUCT_ACCESS = """
              private static Object structAccess(Object struct, int index, String name) {
                if (struct instanceof Object[]) { return ((Object[]) struct)[index]; }
                throw new IllegalStateException("not a struct: " + name);
              }
            """;

    /**
     * {@code case_when_value}: the table's computed column {@code dateTime}, {@code CASE WHEN
     * event_type = 0 THEN person.dateTime WHEN event_type = 1 THEN auction.dateTime ELSE bid.dateTime END}.
     */
    private static final String DATE_TIME = """
              final Integer input_value = (Integer) in[0];
              Long case_when_value;
              final Boolean binary_call_value = input_value == null ? null : Boolean.valueOf(input_value.intValue() == 0);
              if (binary_call_value != null && binary_call_value.booleanValue()) {
                final Object[] input_value0 = (Object[]) in[1];
                case_when_value = input_value0 == null ? null : (Long) structAccess(input_value0, 6, "dateTime");
              } else {
                final Boolean binary_call_value0 = input_value == null ? null : Boolean.valueOf(input_value.intValue() == 1);
                if (binary_call_value0 != null && binary_call_value0.booleanValue()) {
                  final Object[] input_value1 = (Object[]) in[2];
                  case_when_value = input_value1 == null ? null : (Long) structAccess(input_value1, 5, "dateTime");
                } else {
                  final Object[] input_value1 = (Object[]) in[3];
                  case_when_value = input_value1 == null ? null : (Long) structAccess(input_value1, 5, "dateTime");
                }
              }
            """;

    /** {@code WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND}. */
    private static final GeneratedClass<CalcFunction> WATERMARK = calc("BenchWatermark", DATE_TIME + """
              return new dev.runnel.runtime.data.Row(row.kind(), new Object[] {
                case_when_value == null ? null : Long.valueOf(case_when_value.longValue() - 4000L)});
            """);

    /** The computed column appended to the four physical columns, as the scan of the table does. */
    private static final GeneratedClass<CalcFunction> COMPUTED_COLUMN = calc("BenchComputedColumn", DATE_TIME + """
              return new dev.runnel.runtime.data.Row(row.kind(), new Object[] {
                input_value, (Object[]) in[1], (Object[]) in[2], (Object[]) in[3], case_when_value});
            """);

    /** q0's {@code SELECT auction, bidder, price, dateTime, extra FROM bid}: a filter and a projection. */
    private static final GeneratedClass<CalcFunction> BID_PROJECTION = calc("BenchBidProjection", """
              final Integer input_value = (Integer) in[0];
              if (!(input_value != null && input_value.intValue() == 2)) {
                return (dev.runnel.runtime.data.Row) null;
              }
              final Object[] input_value0 = (Object[]) in[3];
              final boolean input_isNull0 = input_value0 == null;
              return new dev.runnel.runtime.data.Row(row.kind(), new Object[] {
                input_isNull0 ? null : (Long) structAccess(input_value0, 0, "auction"),
                input_isNull0 ? null : (Long) structAccess(input_value0, 1, "bidder"),
                input_isNull0 ? null : (Long) structAccess(input_value0, 2, "price"),
                input_isNull0 ? null : (Long) structAccess(input_value0, 5, "dateTime"),
                input_isNull0 ? null : structAccess(input_value0, 6, "extra") == null ? null
                    : structAccess(input_value0, 6, "extra").toString()});
            """);

    private Row[] events;
    private CalcFunction watermark;
    private CalcFunction computedColumn;
    private CalcFunction bidProjection;

    private static GeneratedClass<CalcFunction> calc(String className, String body) {
        return new GeneratedClass<>(className, "public final class " + className + " implements "
                + CalcFunction.class.getName() + " {\n" + STRUCT_ACCESS
                + "  public dev.runnel.runtime.data.Row apply(final dev.runnel.runtime.data.Row row) {\n"
                + "    final Object[] in = row.fields();\n" + body + "  }\n}\n");
    }

    @Setup
    public void setUp() {
        events = BenchRows.events(ROWS);
        ClassLoader loader = CalcBenchmark.class.getClassLoader();
        watermark = WATERMARK.newInstance(loader);
        computedColumn = COMPUTED_COLUMN.newInstance(loader);
        bidProjection = BID_PROJECTION.newInstance(loader);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void watermarkExpression(Blackhole blackhole) {
        run(watermark, blackhole);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void computedColumn(Blackhole blackhole) {
        run(computedColumn, blackhole);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void filterAndProject(Blackhole blackhole) {
        run(bidProjection, blackhole);
    }

    private void run(CalcFunction function, Blackhole blackhole) {
        for (Row event : events) {
            blackhole.consume(function.apply(event));
        }
    }
}
