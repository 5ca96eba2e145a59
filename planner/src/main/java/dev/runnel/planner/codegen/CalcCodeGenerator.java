package dev.runnel.planner.codegen;

import dev.runnel.planner.functions.NestedBinaries;
import dev.runnel.planner.functions.UserFunctionOperator;
import dev.runnel.planner.functions.UserScalarFunction;
import dev.runnel.runtime.codegen.CastFailures;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.codegen.UserFunctionHolder;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.source.watermark.WatermarkExpression;
import dev.runnel.table.functions.FunctionContext;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.BlockStatement;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.MethodDeclaration;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * Compiles the filter and projection of a {@link RexProgram} into the Java source of a
 * {@link CalcFunction}, reusing Calcite's expression translation (as {@code EnumerableCalc}
 * does) so that every scalar function keeps Calcite's semantics.
 *
 * <p>The generated class reads the fields of the input row directly in their internal
 * representation (see {@link dev.runnel.runtime.types.TypeRoot}); the only conversion is
 * between the runtime's {@code byte[]} and Calcite's {@link ByteString} for binary values,
 * also those nested in rows and collections ({@link NestedBinaries}).
 * Time-dependent functions read the clock and the session time zone through a small
 * {@link DataContext} declared inside the generated class, so the class needs nothing from the
 * planner where it runs: only calcite-core's runtime functions and linq4j.
 */
public final class CalcCodeGenerator {
    private static final AtomicLong COUNTER = new AtomicLong();

    private final JavaTypeFactory typeFactory;
    // the USING JAR JARs of the functions the generated classes call, in order of first use
    private final Set<String> jarsUsed = new LinkedHashSet<>();

    public CalcCodeGenerator(JavaTypeFactory typeFactory) {
        this.typeFactory = typeFactory;
    }

    /**
     * Generates the class of {@code program} (over rows of {@code program.getInputRowType()}).
     *
     * @param zone the session time zone ({@code table.local-time-zone}) for TIMESTAMP_LTZ functions
     */
    public GeneratedClass<CalcFunction> generate(RexProgram program, ZoneId zone) {
        String className = "GeneratedCalc" + COUNTER.incrementAndGet();
        Translation t = translate(program);
        if (t.condition() != null) {
            t.body().add(Expressions.ifThen(Expressions.not(t.condition()),
                    Expressions.return_(null, Expressions.constant(null, Row.class))));
        }
        List<Expression> outputs = new ArrayList<>();
        List<Expression> projects = t.projects().get();
        for (int i = 0; i < projects.size(); i++) {
            Expression e = toInternal(projects.get(i), t.body());
            if (NestedBinaries.needsConversion(program.getOutputRowType().getFieldList().get(i).getType())) {
                e = Expressions.call(NestedBinaries.class, "toInternal", e);
            }
            outputs.add(e);
        }
        t.body().add(Expressions.return_(null, Expressions.new_(Row.class,
                Expressions.call(t.row(), "kind"),
                Expressions.newArrayInit(Object.class, outputs))));
        MethodDeclaration apply = Expressions.methodDecl(Modifier.PUBLIC, Row.class, "apply", List.of(t.row()),
                withCastFailures(t.body().toBlock(), t.stringToNumberCasts()));
        return used(generated(className, CalcFunction.class, apply, zone, t.functions()));
    }

    /*
     * A string that is not a number fails a CAST with Java's bare "For input string: ..."; the
     * body rethrows it naming the value, the cast and TRY_CAST (see CastFailures).
     */
    private static BlockStatement withCastFailures(BlockStatement body, String[] casts) {
        if (casts.length == 0) {
            return body;
        }
        ParameterExpression failure = Expressions.parameter(NumberFormatException.class, "castFailure");
        return Expressions.block(Expressions.tryCatch(body, Expressions.catch_(failure,
                Expressions.throw_(Expressions.call(CastFailures.class, "failed", failure,
                        Expressions.constant(casts, String[].class))))));
    }

    /**
     * Generates the {@link WatermarkExpression} of {@code program}: no filter and one projected
     * BIGINT-represented field (a TIMESTAMP in epoch millis), returned as a primitive
     * ({@code Long.MIN_VALUE} for NULL) so that no row or box is allocated per source row.
     */
    public GeneratedClass<WatermarkExpression> generateWatermark(RexProgram program, ZoneId zone) {
        if (program.getCondition() != null || program.getProjectList().size() != 1) {
            throw new IllegalArgumentException("A watermark expression is one projection without filter: " + program);
        }
        String className = "GeneratedWatermark" + COUNTER.incrementAndGet();
        Translation t = translate(program);
        Expression value = t.projects().get().get(0);
        Expression result;
        if (value.getType() instanceof Class<?> c && c.isPrimitive()) {
            result = EnumUtils.convert(value, long.class);
        } else {
            Expression boxed = t.body().append("watermark", value);
            result = Expressions.condition(Expressions.equal(boxed, Expressions.constant(null)),
                    Expressions.constant(Long.MIN_VALUE),
                    Expressions.call(Expressions.convert_(boxed, Number.class), "longValue"));
        }
        t.body().add(Expressions.return_(null, result));
        MethodDeclaration method = Expressions.methodDecl(Modifier.PUBLIC, long.class, "watermarkOf",
                List.of(t.row()), t.body().toBlock());
        return used(generated(className, WatermarkExpression.class, method, zone, t.functions()));
    }

    /**
     * The normalized program's condition translated into {@code body} (null when it has none),
     * and its projections, translated on demand after whatever the caller adds for the condition
     * so that they are evaluated only for rows that pass it.
     */
    private record Translation(ParameterExpression row, BlockBuilder body, Expression condition,
                               Supplier<List<Expression>> projects, Collection<UserScalarFunction> functions,
                               String[] stringToNumberCasts) {
    }

    private Translation translate(RexProgram program) {
        RexBuilder rexBuilder = new RexBuilder(typeFactory);
        RexProgram normalized = FlinkCasts.rewrite(program, rexBuilder).normalize(rexBuilder, null);
        RelDataType inputType = normalized.getInputRowType();

        ParameterExpression row = Expressions.parameter(Modifier.FINAL, Row.class, "row");
        ParameterExpression in = Expressions.parameter(Modifier.FINAL, Object[].class, "in");
        BlockBuilder body = new BlockBuilder();
        body.add(Expressions.declare(Modifier.FINAL, in, Expressions.call(row, "fields")));

        RexToLixTranslator.InputGetter inputGetter = (list, index, storageType) -> {
            RelDataType fieldType = inputType.getFieldList().get(index).getType();
            Type javaType = storageType != null ? storageType : typeFactory.getJavaClass(fieldType);
            Expression raw = Expressions.arrayIndex(in, Expressions.constant(index));
            if (NestedBinaries.needsConversion(fieldType)) {
                raw = Expressions.call(NestedBinaries.class, "toCalcite", raw);
            }
            if (fieldType.isStruct()) {
                // A nested row is an Object[] (TypeRoot.ROW); Calcite reads its fields with
                // SqlFunctions.structAccess, which takes Object[], not the synthetic class
                // that getJavaClass would name.
                return Expressions.convert_(raw, Object[].class);
            }
            if (SqlTypeUtil.isBinary(fieldType)) {
                Expression bytes = list.append("bytes", Expressions.convert_(raw, byte[].class));
                Expression wrapped = Expressions.condition(
                        Expressions.equal(bytes, Expressions.constant(null)),
                        Expressions.constant(null, ByteString.class),
                        Expressions.new_(ByteString.class, bytes));
                return EnumUtils.convert(wrapped, javaType);
            }
            return EnumUtils.convert(raw, Object.class, javaType);
        };

        Expression condition = null;
        if (normalized.getCondition() != null) {
            condition = RexToLixTranslator.translateCondition(normalized, typeFactory, body, inputGetter,
                    name -> {
                        throw new UnsupportedOperationException("Correlated variable " + name);
                    },
                    SqlConformanceEnum.DEFAULT);
        }
        Supplier<List<Expression>> projects = () -> RexToLixTranslator.translateProjects(normalized, typeFactory,
                SqlConformanceEnum.DEFAULT, body, null, null, DataContext.ROOT, inputGetter, null);
        return new Translation(row, body, condition, projects, userFunctions(normalized),
                StringToNumberCasts.describe(normalized));
    }

    /** The user-defined functions the program calls, each once (a program lists every call in its expressions). */
    private static Collection<UserScalarFunction> userFunctions(RexProgram program) {
        Map<String, UserScalarFunction> functions = new LinkedHashMap<>();
        for (RexNode expr : program.getExprList()) {
            if (expr instanceof RexCall call && call.getOperator() instanceof UserFunctionOperator op) {
                functions.putIfAbsent(op.function().fieldName(), op.function());
            }
        }
        return functions.values();
    }

    private <T> GeneratedClass<T> used(GeneratedClass<T> generated) {
        jarsUsed.addAll(generated.jars());
        return generated;
    }

    /** The JARs of the user functions that the classes generated so far call: the job's {@code pipeline.jars}. */
    public List<String> jarsUsed() {
        return List.copyOf(jarsUsed);
    }

    private static <T> GeneratedClass<T> generated(String className, Class<T> implemented, MethodDeclaration method,
                                                   ZoneId zone, Collection<UserScalarFunction> functions) {
        List<String> jars = functions.stream().flatMap(f -> f.jars().stream()).distinct().toList();
        return new GeneratedClass<>(className, classCode(className, implemented, method, zone, functions), jars);
    }

    private static String classCode(String className, Class<?> implemented, MethodDeclaration method, ZoneId zone,
                                    Collection<UserScalarFunction> functions) {
        return "public final class " + className + " implements " + implemented.getName()
                + (functions.isEmpty() ? "" : ", " + UserFunctionHolder.class.getName()) + " {\n"
                + dataContext(zone)
                + userFunctionMembers(functions)
                + "\n  public " + className + "() {\n  }\n"
                + Expressions.toString(method)
                + "}\n";
    }

    /**
     * One field per user-defined function, holding the instance that {@link UserFunctionOperator}'s
     * code calls, and the {@link UserFunctionHolder} methods that open and close them.
     */
    private static String userFunctionMembers(Collection<UserScalarFunction> functions) {
        if (functions.isEmpty()) {
            return "";
        }
        StringBuilder fields = new StringBuilder();
        StringBuilder open = new StringBuilder();
        StringBuilder close = new StringBuilder();
        for (UserScalarFunction f : functions) {
            fields.append("  private final ").append(f.javaName()).append(' ').append(f.fieldName())
                    .append(" = new ").append(f.javaName()).append("();\n");
            open.append("    ").append(f.fieldName()).append(".open(context);\n");
            close.append("    ").append(f.fieldName()).append(".close();\n");
        }
        return fields
                + "  public void openFunctions(" + FunctionContext.class.getName() + " context) throws Exception {\n"
                + open + "  }\n"
                + "  public void closeFunctions() throws Exception {\n" + close + "  }\n";
    }

    /** Boxes primitives and turns Calcite's {@link ByteString} back into {@code byte[]}. */
    private static Expression toInternal(Expression e, BlockBuilder body) {
        Type type = e.getType();
        if (type == ByteString.class) {
            Expression v = body.append("binary", e);
            return Expressions.condition(Expressions.equal(v, Expressions.constant(null)),
                    Expressions.constant(null, byte[].class),
                    Expressions.call(v, "getBytes"));
        }
        if (type instanceof Class<?> c && c.isPrimitive()) {
            return Expressions.box(e, Primitive.of(c));
        }
        return e;
    }

    private static String dataContext(ZoneId zone) {
        String zoneId = zone.getId().replace("\\", "\\\\").replace("\"", "\\\"");
        return """
                  private final org.apache.calcite.DataContext root = new org.apache.calcite.DataContext() {
                    private final java.util.TimeZone zone = java.util.TimeZone.getTimeZone(java.time.ZoneId.of("%s"));
                    public org.apache.calcite.schema.SchemaPlus getRootSchema() { return null; }
                    public org.apache.calcite.adapter.java.JavaTypeFactory getTypeFactory() { return null; }
                    public org.apache.calcite.linq4j.QueryProvider getQueryProvider() { return null; }
                    public Object get(String name) {
                      long now = System.currentTimeMillis();
                      if ("timeZone".equals(name)) { return zone; }
                      if ("utcTimestamp".equals(name)) { return Long.valueOf(now); }
                      if ("currentTimestamp".equals(name) || "localTimestamp".equals(name)) {
                        return Long.valueOf(now + zone.getOffset(now));
                      }
                      if ("locale".equals(name)) { return java.util.Locale.ROOT; }
                      return null;
                    }
                  };
                """.formatted(zoneId);
    }
}
