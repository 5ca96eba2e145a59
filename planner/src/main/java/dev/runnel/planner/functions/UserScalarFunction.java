package dev.runnel.planner.functions;

import dev.runnel.table.functions.ScalarFunction;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A user-defined {@link ScalarFunction} class, checked and taken apart for the planner: its
 * public {@code eval} methods, each of which becomes one SQL overload
 * ({@link UserFunctionOperator}). Created by {@link #load}, which reports everything that makes a
 * class unusable as a {@link UserFunctionException}.
 *
 * @param name      the function's name as SQL calls it (lower case)
 * @param fieldName the name of the field that holds the instance in generated code, unique in the JVM
 * @param jars      the JAR URIs the class was loaded from (USING JAR), empty for the classpath
 */
public record UserScalarFunction(String name, Class<?> functionClass, String fieldName, List<String> jars,
                                 List<Method> evals) {
    private static final AtomicLong IDS = new AtomicLong();

    /** Java types an eval may take or return, and their SQL types (as Flink maps them). */
    private static final Map<Class<?>, SqlTypeName> TYPES = Map.ofEntries(
            Map.entry(String.class, SqlTypeName.VARCHAR),
            Map.entry(boolean.class, SqlTypeName.BOOLEAN), Map.entry(Boolean.class, SqlTypeName.BOOLEAN),
            Map.entry(byte.class, SqlTypeName.TINYINT), Map.entry(Byte.class, SqlTypeName.TINYINT),
            Map.entry(short.class, SqlTypeName.SMALLINT), Map.entry(Short.class, SqlTypeName.SMALLINT),
            Map.entry(int.class, SqlTypeName.INTEGER), Map.entry(Integer.class, SqlTypeName.INTEGER),
            Map.entry(long.class, SqlTypeName.BIGINT), Map.entry(Long.class, SqlTypeName.BIGINT),
            Map.entry(float.class, SqlTypeName.REAL), Map.entry(Float.class, SqlTypeName.REAL),
            Map.entry(double.class, SqlTypeName.DOUBLE), Map.entry(Double.class, SqlTypeName.DOUBLE),
            Map.entry(BigDecimal.class, SqlTypeName.DECIMAL));

    public UserScalarFunction {
        jars = List.copyOf(jars);
        evals = List.copyOf(evals);
    }

    /**
     * Loads and checks {@code className}: a public, concrete subclass of {@link ScalarFunction}
     * with a public no-argument constructor and at least one public {@code eval} whose parameter
     * and return types Runnel maps to SQL types.
     *
     * @param jars JAR URIs to load the class from (in a class loader below {@code parent}), or empty
     * @throws UserFunctionException saying what is wrong with the class
     */
    public static UserScalarFunction load(String name, String className, List<String> jars, ClassLoader parent) {
        Class<?> clazz;
        try {
            clazz = Class.forName(className, false, jars.isEmpty() ? parent : new URLClassLoader(urls(jars), parent));
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UserFunctionException("Class '" + className + "' of function " + name + " is not found on the "
                    + (jars.isEmpty() ? "classpath" : "classpath or in " + String.join(", ", jars)));
        }
        if (!ScalarFunction.class.isAssignableFrom(clazz)) {
            throw new UserFunctionException("Class '" + className + "' of function " + name + " does not extend "
                    + ScalarFunction.class.getName() + (isOtherFunctionKind(clazz)
                    ? "; only scalar functions are supported yet" : ""));
        }
        int modifiers = clazz.getModifiers();
        if (!Modifier.isPublic(modifiers) || Modifier.isAbstract(modifiers)
                || (clazz.getEnclosingClass() != null && !Modifier.isStatic(modifiers))) {
            throw new UserFunctionException("Class '" + className + "' of function " + name
                    + " must be public, not abstract, and static when nested");
        }
        if (Arrays.stream(clazz.getConstructors()).noneMatch(c -> c.getParameterCount() == 0)) {
            throw new UserFunctionException("Class '" + className + "' of function " + name
                    + " has no public constructor without arguments");
        }
        List<Method> evals = new ArrayList<>();
        for (Method m : clazz.getMethods()) {
            if (m.getName().equals("eval") && !Modifier.isStatic(m.getModifiers())) {
                checkTypes(name, m);
                evals.add(m);
            }
        }
        if (evals.isEmpty()) {
            throw new UserFunctionException("Class '" + className + "' of function " + name
                    + " has no public method named 'eval'");
        }
        // Overloads in a stable order (getMethods has none), so plans and messages are repeatable.
        evals.sort(Comparator.comparing(Method::toGenericString));
        return new UserScalarFunction(name, clazz, "udf" + IDS.incrementAndGet(), jars, evals);
    }

    private static boolean isOtherFunctionKind(Class<?> clazz) {
        for (Class<?> c = clazz; c != null; c = c.getSuperclass()) {
            if (c.getName().startsWith("dev.runnel.table.functions.")) {
                return true;
            }
        }
        return false;
    }

    private static void checkTypes(String name, Method eval) {
        if (eval.isVarArgs()) {
            throw new UserFunctionException("Function " + name + ": eval with variable arguments ("
                    + signature(eval) + ") is not supported yet");
        }
        for (Class<?> type : eval.getParameterTypes()) {
            if (!TYPES.containsKey(type)) {
                throw new UserFunctionException("Function " + name + ": parameter type " + type.getSimpleName()
                        + " of " + signature(eval) + " is not supported yet; supported are " + supportedTypes());
            }
        }
        if (!TYPES.containsKey(eval.getReturnType())) {
            throw new UserFunctionException("Function " + name + ": return type "
                    + eval.getReturnType().getSimpleName() + " of " + signature(eval)
                    + " is not supported yet; supported are " + supportedTypes());
        }
    }

    private static String supportedTypes() {
        return "String, boolean, byte, short, int, long, float, double (and their boxes) and BigDecimal";
    }

    /** {@code eval(String, long)}, as the user wrote it. */
    static String signature(Method eval) {
        return eval.getName() + Arrays.stream(eval.getParameterTypes()).map(Class::getSimpleName).toList()
                .toString().replace('[', '(').replace(']', ')');
    }

    private static URL[] urls(List<String> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = URI.create(jars.get(i)).toURL();
            } catch (MalformedURLException | IllegalArgumentException e) {
                throw new UserFunctionException("Invalid JAR URI '" + jars.get(i) + "': " + e.getMessage());
            }
        }
        return urls;
    }

    /** The SQL type of a Java type that {@link #load} accepted; nullable unless primitive. */
    static RelDataType sqlType(RelDataTypeFactory typeFactory, Class<?> type, boolean nullable) {
        SqlTypeName name = TYPES.get(type);
        RelDataType sqlType = switch (name) {
            case VARCHAR -> typeFactory.createSqlType(SqlTypeName.VARCHAR, Integer.MAX_VALUE);
            case DECIMAL -> typeFactory.createSqlType(SqlTypeName.DECIMAL, 38, 18);
            default -> typeFactory.createSqlType(name);
        };
        return typeFactory.createTypeWithNullability(sqlType, nullable);
    }

    /** One SQL operator per eval, for the operator table, named by {@code path} ({@code [name]} or {@code [catalog, db, name]}). */
    public List<SqlOperator> operators(List<String> path) {
        return evals.stream().<SqlOperator>map(m -> new UserFunctionOperator(this, m, path)).toList();
    }

    /** The class's name as Java source writes it (nested classes with a dot), for generated code. */
    public String javaName() {
        return functionClass.getCanonicalName();
    }
}
