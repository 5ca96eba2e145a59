package dev.runnel.planner.functions;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiPredicate;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.NullPolicy;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.fun.SqlBasicAggFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Flink's collection functions ({@code ARRAY_*}, {@code MAP_*}, {@code SPLIT}, {@code ELEMENT}),
 * with Flink's operand checks and result types. Each is a {@link SqlUserDefinedFunction} whose
 * code is a call of the {@link CollectionFunctions} method of the same name and arity. The result
 * is NULL when an argument that is not an element is NULL, so it is nullable when one of those is.
 * {@code ELEMENT} and {@code CAST(collection AS STRING)} are rewritten to {@link #ELEMENT} and
 * {@link #TO_STRING} before planning ({@code plan.logical.CollectionRewrites}).
 */
public final class CollectionOperatorTable {
    private CollectionOperatorTable() {
    }

    // ---- operand checks ------------------------------------------------------------------

    private static boolean isArray(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.ARRAY;
    }

    private static boolean isMap(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.MAP;
    }

    private static boolean isString(RelDataType t) {
        return SqlTypeUtil.isCharacter(t);
    }

    private static boolean isBoolean(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.BOOLEAN;
    }

    private static boolean isInteger(RelDataType t) {
        return SqlTypeUtil.isIntType(t);
    }

    /** Whether elements of the type can be ordered (no rows, collections or structured types). */
    private static boolean isComparable(RelDataType t) {
        return !t.isStruct() && t.getComponentType() == null && t.getKeyType() == null
                && t.getSqlTypeName().getFamily() != SqlTypeFamily.ANY;
    }

    /**
     * Whether {@code value} can be an element of an array of {@code element}s, as Flink casts it
     * implicitly: an untyped NULL, strings into strings, bytes into bytes, and a type whose common
     * type with the element type is the element type (a narrower number into a wider one).
     */
    static boolean fitsElement(RelDataType element, RelDataType value, RelDataTypeFactory f) {
        if (value.getSqlTypeName() == SqlTypeName.NULL
                || isString(element) && isString(value)
                || SqlTypeUtil.isBinary(element) && SqlTypeUtil.isBinary(value)
                || SqlTypeUtil.equalSansNullability(f, element, value)) {
            return true;
        }
        RelDataType common = f.leastRestrictive(List.of(element, value));
        return common != null && SqlTypeUtil.equalSansNullability(f, common, element);
    }

    /** A check of the operands' types in a call. */
    private interface TypeCheck extends BiPredicate<List<RelDataType>, RelDataTypeFactory> {
    }

    /** An operand checker by a predicate over the operand types, with a signature for errors. */
    private record Checker(SqlOperandCountRange range, String signature, TypeCheck check)
            implements SqlOperandTypeChecker {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            List<RelDataType> types = new ArrayList<>();
            for (int i = 0; i < callBinding.getOperandCount(); i++) {
                types.add(callBinding.getOperandType(i));
            }
            if (check.test(types, callBinding.getTypeFactory())) {
                return true;
            }
            if (throwOnFailure) {
                throw callBinding.newValidationSignatureError();
            }
            return false;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            return range;
        }

        @Override
        public String getAllowedSignatures(SqlOperator op, String opName) {
            return signature.replace("#", opName);
        }
    }

    private static Checker checker(int min, int max, String signature, TypeCheck check) {
        return new Checker(SqlOperandCountRanges.between(min, max), signature, check);
    }

    private static final Checker ARRAY = checker(1, 1, "#(<ARRAY>)", (t, f) -> isArray(t.get(0)));
    private static final Checker ARRAY_AND_ELEMENT = checker(2, 2, "#(<ARRAY>, <ARRAY ELEMENT>)",
            (t, f) -> isArray(t.get(0)) && fitsElement(t.get(0).getComponentType(), t.get(1), f));
    private static final Checker MAP = checker(1, 1, "#(<MAP>)", (t, f) -> isMap(t.get(0)));

    // ---- result types --------------------------------------------------------------------

    /** The type of operand 0 (an array whose elements the function keeps, reorders or drops). */
    private static SqlReturnTypeInference firstOperand() {
        return binding -> binding.getOperandType(0);
    }

    /** {@code type}, nullable when any operand is. */
    private static RelDataType nullableIfAny(SqlOperatorBinding binding, RelDataType type) {
        boolean nullable = false;
        for (int i = 0; i < binding.getOperandCount(); i++) {
            nullable |= binding.getOperandType(i).isNullable();
        }
        return binding.getTypeFactory().createTypeWithNullability(type, nullable);
    }

    /** An array of operand 0's elements and operand 1, as nullable as operand 0. */
    private static RelDataType arrayWithElement(SqlOperatorBinding binding) {
        RelDataTypeFactory f = binding.getTypeFactory();
        RelDataType array = binding.getOperandType(0);
        RelDataType element = f.leastRestrictive(List.of(array.getComponentType(), binding.getOperandType(1)));
        if (element == null) {
            element = array.getComponentType();
        }
        return f.createTypeWithNullability(f.createArrayType(element, -1), array.isNullable());
    }

    /** An array of the operands' common element type, nullable when any operand is. */
    private static RelDataType commonArray(SqlOperatorBinding binding) {
        RelDataTypeFactory f = binding.getTypeFactory();
        List<RelDataType> elements = new ArrayList<>();
        for (int i = 0; i < binding.getOperandCount(); i++) {
            elements.add(binding.getOperandType(i).getComponentType());
        }
        return nullableIfAny(binding, f.createArrayType(f.leastRestrictive(elements), -1));
    }

    private static RelDataType common(List<RelDataType> types, RelDataTypeFactory f) {
        return f.leastRestrictive(types);
    }

    private static boolean arraysWithCommonElements(List<RelDataType> types, RelDataTypeFactory f) {
        List<RelDataType> elements = new ArrayList<>();
        for (RelDataType t : types) {
            if (!isArray(t)) {
                return false;
            }
            elements.add(t.getComponentType());
        }
        return common(elements, f) != null;
    }

    private static RelDataType string(SqlOperatorBinding binding) {
        return binding.getTypeFactory().createSqlType(SqlTypeName.VARCHAR, Integer.MAX_VALUE);
    }

    // ---- the functions -------------------------------------------------------------------

    public static final SqlOperator ARRAY_APPEND = new CollectionFunction("ARRAY_APPEND", "arrayAppend",
            CollectionOperatorTable::arrayWithElement, ARRAY_AND_ELEMENT);
    public static final SqlOperator ARRAY_PREPEND = new CollectionFunction("ARRAY_PREPEND", "arrayPrepend",
            CollectionOperatorTable::arrayWithElement, ARRAY_AND_ELEMENT);
    public static final SqlOperator ARRAY_CONTAINS = new CollectionFunction("ARRAY_CONTAINS", "arrayContains",
            b -> b.getTypeFactory().createTypeWithNullability(b.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN),
                    b.getOperandType(0).isNullable()), ARRAY_AND_ELEMENT);
    public static final SqlOperator ARRAY_DISTINCT = new CollectionFunction("ARRAY_DISTINCT", "arrayDistinct",
            firstOperand(), ARRAY);
    public static final SqlOperator ARRAY_POSITION = new CollectionFunction("ARRAY_POSITION", "arrayPosition",
            b -> nullableIfAny(b, b.getTypeFactory().createSqlType(SqlTypeName.INTEGER)), ARRAY_AND_ELEMENT);
    public static final SqlOperator ARRAY_REMOVE = new CollectionFunction("ARRAY_REMOVE", "arrayRemove",
            firstOperand(), ARRAY_AND_ELEMENT);
    public static final SqlOperator ARRAY_REVERSE = new CollectionFunction("ARRAY_REVERSE", "arrayReverse",
            firstOperand(), ARRAY);
    public static final SqlOperator ARRAY_SLICE = new CollectionFunction("ARRAY_SLICE", "arraySlice",
            b -> nullableIfAny(b, b.getOperandType(0)), checker(2, 3, "#(<ARRAY>, <INTEGER>[, <INTEGER>])",
                    (t, f) -> isArray(t.get(0)) && t.subList(1, t.size()).stream().allMatch(CollectionOperatorTable::isInteger)));
    public static final SqlOperator ARRAY_SORT = new CollectionFunction("ARRAY_SORT", "arraySort",
            b -> nullableIfAny(b, b.getOperandType(0)), checker(1, 3, "#(<ARRAY<COMPARABLE>>[, <BOOLEAN>[, <BOOLEAN>]])",
                    (t, f) -> isArray(t.get(0)) && isComparable(t.get(0).getComponentType())
                            && t.subList(1, t.size()).stream().allMatch(CollectionOperatorTable::isBoolean)));
    public static final SqlOperator ARRAY_UNION = new CollectionFunction("ARRAY_UNION", "arrayUnion",
            CollectionOperatorTable::commonArray, null);
    public static final SqlOperator ARRAY_CONCAT = new CollectionFunction("ARRAY_CONCAT", "arrayConcat",
            CollectionOperatorTable::commonArray, null);
    public static final SqlOperator ARRAY_EXCEPT = new CollectionFunction("ARRAY_EXCEPT", "arrayExcept",
            CollectionOperatorTable::commonArray, null);
    public static final SqlOperator ARRAY_INTERSECT = new CollectionFunction("ARRAY_INTERSECT", "arrayIntersect",
            CollectionOperatorTable::commonArray, null);
    public static final SqlOperator ARRAY_MAX = new CollectionFunction("ARRAY_MAX", "arrayMax",
            b -> b.getTypeFactory().createTypeWithNullability(b.getOperandType(0).getComponentType(), true),
            checker(1, 1, "#(<ARRAY<COMPARABLE>>)", (t, f) -> isArray(t.get(0)) && isComparable(t.get(0).getComponentType())));
    public static final SqlOperator ARRAY_MIN = new CollectionFunction("ARRAY_MIN", "arrayMin",
            b -> b.getTypeFactory().createTypeWithNullability(b.getOperandType(0).getComponentType(), true),
            checker(1, 1, "#(<ARRAY<COMPARABLE>>)", (t, f) -> isArray(t.get(0)) && isComparable(t.get(0).getComponentType())));
    public static final SqlOperator ARRAY_JOIN = new CollectionFunction("ARRAY_JOIN", "arrayJoin",
            b -> nullableIfAny(b, string(b)), checker(2, 3, "#(<ARRAY<STRING>>, <STRING>[, <STRING>])",
                    (t, f) -> isArray(t.get(0)) && isString(t.get(0).getComponentType())
                            && t.subList(1, t.size()).stream().allMatch(CollectionOperatorTable::isString)));
    /** Flink's ELEMENT: NULL for an empty array, Flink's error for more than one element. */
    public static final SqlOperator ELEMENT = new CollectionFunction("ELEMENT", "element",
            b -> b.getTypeFactory().createTypeWithNullability(b.getOperandType(0).getComponentType(), true), ARRAY,
            false);
    public static final SqlOperator MAP_KEYS = new CollectionFunction("MAP_KEYS", "mapKeys",
            b -> b.getTypeFactory().createTypeWithNullability(
                    b.getTypeFactory().createArrayType(b.getOperandType(0).getKeyType(), -1),
                    b.getOperandType(0).isNullable()), MAP);
    public static final SqlOperator MAP_VALUES = new CollectionFunction("MAP_VALUES", "mapValues",
            b -> b.getTypeFactory().createTypeWithNullability(
                    b.getTypeFactory().createArrayType(b.getOperandType(0).getValueType(), -1),
                    b.getOperandType(0).isNullable()), MAP);
    public static final SqlOperator MAP_ENTRIES = new CollectionFunction("MAP_ENTRIES", "mapEntries",
            CollectionOperatorTable::mapEntriesType, MAP);
    public static final SqlOperator MAP_UNION = new CollectionFunction("MAP_UNION", "mapUnion",
            b -> {
                List<RelDataType> maps = new ArrayList<>();
                for (int i = 0; i < b.getOperandCount(); i++) {
                    maps.add(b.getOperandType(i));
                }
                return nullableIfAny(b, common(maps, b.getTypeFactory()));
            }, null);
    /** Fails at run time when the arrays' lengths differ, so never folded into a constant. */
    public static final SqlOperator MAP_FROM_ARRAYS = new CollectionFunction("MAP_FROM_ARRAYS", "mapFromArrays",
            b -> nullableIfAny(b, b.getTypeFactory().createMapType(b.getOperandType(0).getComponentType(),
                    b.getOperandType(1).getComponentType())),
            checker(2, 2, "#(<ARRAY>, <ARRAY>)", (t, f) -> isArray(t.get(0)) && isArray(t.get(1))), false);
    public static final SqlOperator SPLIT = new CollectionFunction("SPLIT", "split",
            b -> nullableIfAny(b, b.getTypeFactory().createArrayType(
                    b.getTypeFactory().createTypeWithNullability(string(b), true), -1)),
            checker(2, 2, "#(<STRING>, <STRING>)", (t, f) -> isString(t.get(0)) && isString(t.get(1))));
    /** Flink's STR_TO_MAP: always a nullable MAP<STRING, STRING>. */
    public static final SqlOperator STR_TO_MAP = new CollectionFunction("STR_TO_MAP", "strToMap",
            b -> b.getTypeFactory().createTypeWithNullability(b.getTypeFactory().createMapType(string(b),
                    b.getTypeFactory().createTypeWithNullability(string(b), true)), true),
            checker(1, 3, "#(<STRING>[, <STRING>, <STRING>])", (t, f) -> t.size() != 2
                    && t.stream().allMatch(CollectionOperatorTable::isString)));
    /**
     * Not callable by name: {@code CAST(collection AS STRING)}, with the collection's type as
     * {@link dev.runnel.runtime.types.DataType} spells it as the second operand.
     */
    public static final SqlOperator TO_STRING = new CollectionFunction("$COLLECTION_TO_STRING", "toText",
            b -> b.getTypeFactory().createTypeWithNullability(string(b), b.getOperandType(0).isNullable()),
            checker(2, 2, "#(<COLLECTION>, <STRING>)", (t, f) -> true));

    /**
     * Flink's {@code ARRAY_AGG([ALL | DISTINCT] x [RESPECT NULLS | IGNORE NULLS])}: an array of x's
     * type, NULL over no rows (Calcite's is NOT NULL over a NOT NULL argument).
     */
    public static final SqlAggFunction ARRAY_AGG = SqlBasicAggFunction.create(SqlKind.ARRAY_AGG,
                    ReturnTypes.andThen(ReturnTypes::stripOrderBy,
                            ReturnTypes.TO_ARRAY.andThen(SqlTypeTransforms.FORCE_NULLABLE)), OperandTypes.ANY)
            .withFunctionType(SqlFunctionCategory.SYSTEM)
            .withSyntax(SqlSyntax.ORDERED_FUNCTION)
            .withAllowsNullTreatment(true);

    private static RelDataType mapEntriesType(SqlOperatorBinding binding) {
        RelDataTypeFactory f = binding.getTypeFactory();
        RelDataType map = binding.getOperandType(0);
        RelDataType entry = f.createStructType(List.of(map.getKeyType(), map.getValueType()), List.of("key", "value"));
        return f.createTypeWithNullability(f.createArrayType(entry, -1), map.isNullable());
    }

    private static final List<SqlOperator> ALL = List.of(ARRAY_APPEND, ARRAY_PREPEND, ARRAY_CONTAINS, ARRAY_DISTINCT,
            ARRAY_POSITION, ARRAY_REMOVE, ARRAY_REVERSE, ARRAY_SLICE, ARRAY_SORT, ARRAY_UNION, ARRAY_CONCAT,
            ARRAY_EXCEPT, ARRAY_INTERSECT, ARRAY_MAX, ARRAY_MIN, ARRAY_JOIN, MAP_KEYS, MAP_VALUES, MAP_ENTRIES,
            MAP_UNION, MAP_FROM_ARRAYS, SPLIT, STR_TO_MAP, ARRAY_AGG);

    /** The table to chain before Calcite's standard operators. */
    public static SqlOperatorTable instance() {
        return SqlOperatorTables.of(ALL);
    }

    /** A collection function implemented by the {@link CollectionFunctions} method {@code method}. */
    static final class CollectionFunction extends SqlUserDefinedFunction {
        private final SqlOperandTypeChecker checker;
        private final boolean deterministic;

        CollectionFunction(String name, String method, SqlReturnTypeInference returnType, SqlOperandTypeChecker checker) {
            this(name, method, returnType, checker, true);
        }

        /**
         * @param checker null for functions of one or more arrays (or maps) with a common element
         *                type (map type)
         */
        CollectionFunction(String name, String method, SqlReturnTypeInference returnType, SqlOperandTypeChecker checker,
                           boolean deterministic) {
            super(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, returnType, null, null,
                    new Implementation(method), SqlSyntax.FUNCTION);
            this.checker = checker;
            this.deterministic = deterministic;
        }

        private boolean overMaps() {
            return getName().startsWith("MAP_");
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            if (checker != null) {
                return checker.getOperandCountRange();
            }
            boolean twoArrays = getName().equals("ARRAY_UNION") || getName().equals("ARRAY_EXCEPT")
                    || getName().equals("ARRAY_INTERSECT");
            return twoArrays ? SqlOperandCountRanges.of(2) : SqlOperandCountRanges.from(1);
        }

        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            if (checker != null) {
                return checker.checkOperandTypes(callBinding, throwOnFailure);
            }
            List<RelDataType> types = new ArrayList<>();
            for (int i = 0; i < callBinding.getOperandCount(); i++) {
                types.add(callBinding.getOperandType(i));
            }
            RelDataTypeFactory f = callBinding.getTypeFactory();
            boolean ok = overMaps() ? types.stream().allMatch(CollectionOperatorTable::isMap) && common(types, f) != null
                    : arraysWithCommonElements(types, f);
            if (!ok && throwOnFailure) {
                throw callBinding.newValidationSignatureError();
            }
            return ok;
        }

        @Override
        public String getAllowedSignatures(String opNameToUse) {
            if (checker != null) {
                return checker.getAllowedSignatures(this, opNameToUse);
            }
            String kind = overMaps() ? "<MAP>" : "<ARRAY>";
            return opNameToUse + "(" + kind + ", " + kind + (getOperandCountRange().getMax() < 0 ? ", ...)" : ")");
        }

        /* Functions that fail on some input are evaluated where the job runs, as in Flink, not folded. */
        @Override
        public boolean isDeterministic() {
            return deterministic;
        }
    }

    /** Calls the {@link CollectionFunctions} method of the function's name and the call's arity. */
    private record Implementation(String method) implements ScalarFunction, ImplementableFunction {
        /** Only to name the Java class of a result type, which does not depend on the type system. */
        private static final JavaTypeFactory JAVA_TYPES = new JavaTypeFactoryImpl();

        @Override
        public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
            return typeFactory.createSqlType(SqlTypeName.ANY);
        }

        @Override
        public List<FunctionParameter> getParameters() {
            return List.of();
        }

        @Override
        public CallImplementor getImplementor() {
            return RexImpTable.createImplementor((translator, call, operands) -> {
                Method m = method(operands.size());
                List<Expression> args = new ArrayList<>();
                Class<?>[] types = m.getParameterTypes();
                if (m.isVarArgs()) {
                    Class<?> component = types[0].getComponentType();
                    args.add(Expressions.newArrayInit(component,
                            operands.stream().map(o -> EnumUtils.convert(o, component)).toList()));
                } else {
                    for (int i = 0; i < types.length; i++) {
                        args.add(EnumUtils.convert(operands.get(i), types[i]));
                    }
                }
                Expression result = Expressions.call(m, args);
                // Calcite expects a row as Object[] (see TypeRoot), other results in their Java class.
                Type target = call.getType().isStruct() ? Object[].class : JAVA_TYPES.getJavaClass(call.getType());
                if (target instanceof Class<?> c && c.isPrimitive()) {
                    target = Primitive.box(c);
                }
                return EnumUtils.convert(result, target);
            }, NullPolicy.NONE, false);
        }

        private Method method(int operands) {
            for (Method m : CollectionFunctions.class.getMethods()) {
                if (m.getName().equals(method) && (m.isVarArgs() || m.getParameterCount() == operands)) {
                    return m;
                }
            }
            throw new IllegalStateException("No method CollectionFunctions." + method + " for " + operands
                    + " operands among " + Arrays.toString(CollectionFunctions.class.getMethods()));
        }
    }
}
