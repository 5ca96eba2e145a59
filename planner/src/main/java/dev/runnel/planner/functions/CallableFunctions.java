package dev.runnel.planner.functions;

import dev.runnel.planner.catalog.TypeConversions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.dialect.AnsiSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The functions of the validator's operator table as a person types them, by rules rather than a
 * list of names, so that functions added to the table are offered without changes here:
 * <ul>
 *   <li>only functions (not operators such as {@code +} or {@code LIKE}), and not the internal
 *       ones whose name cannot be typed ({@code $SUM0}, {@code $HISTOGRAM});</li>
 *   <li>not those without operands whose value has a type Runnel lacks ({@code VARIANTNULL});</li>
 *   <li>each under the word its call is written with: Calcite names the variants of
 *       {@code JSON_OBJECTAGG} by their NULL clause ({@code JSON_OBJECTAGG_NULL_ON_NULL}), but a
 *       call of one is written {@code JSON_OBJECTAGG(KEY … VALUE … NULL ON NULL)};</li>
 *   <li>niladic functions of the SQL standard ({@code CURRENT_DATE}, {@code LOCALTIME}), whose
 *       calls have no brackets, marked as such;</li>
 *   <li>the functions of {@code MATCH_RECOGNIZE} ({@code PREV}, {@code CLASSIFIER}) marked so
 *       that they are offered only there.</li>
 * </ul>
 */
public final class CallableFunctions {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final RelDataTypeFactory TYPE_FACTORY = new JavaTypeFactoryImpl();
    private static final Pattern LEADING_WORD = Pattern.compile("^([A-Za-z][A-Za-z0-9_]*)");

    private CallableFunctions() {
    }

    /** The functions of {@code table}, sorted by name. */
    public static List<FunctionName> of(SqlOperatorTable table) {
        Map<String, FunctionName> byName = new TreeMap<>();
        for (SqlOperator op : table.getOperatorList()) {
            if (!(op instanceof SqlFunction function) || !NAME.matcher(op.getName()).matches()
                    || UnsupportedFunctions.isPlaceholder(op) || valueOfUnsupportedType(op)) {
                continue;
            }
            String name = writtenName(op);
            FunctionName.Use use = function.getFunctionType() == SqlFunctionCategory.MATCH_RECOGNIZE
                    ? FunctionName.Use.MATCH_RECOGNIZE
                    : op.getSyntax() == SqlSyntax.FUNCTION_ID ? FunctionName.Use.NILADIC : FunctionName.Use.CALL;
            // an overload callable anywhere wins over one only MATCH_RECOGNIZE knows (FIRST, LAST)
            byName.merge(name, new FunctionName(name, use),
                    (a, b) -> a.use() == FunctionName.Use.MATCH_RECOGNIZE ? b : a);
        }
        return List.copyOf(byName.values());
    }

    /*
     * A function without operands whose value has a type Runnel has not (Calcite's VARIANTNULL,
     * of type VARIANT) fails every query that calls it.
     */
    private static boolean valueOfUnsupportedType(SqlOperator op) {
        try {
            if (op.getOperandCountRange().getMax() != 0) {
                return false;
            }
            TypeConversions.toDataType(op.inferReturnType(TYPE_FACTORY, List.of()));
            return false;
        } catch (TypeConversions.UnsupportedTypeException e) {
            return true;
        } catch (RuntimeException e) {
            return false; // its type needs a call to infer: offered
        }
    }

    /* The first word of a call of op with the fewest operands it takes, as Calcite writes it. */
    private static String writtenName(SqlOperator op) {
        String name = op.getName().toUpperCase(Locale.ROOT);
        if (!name.equals(op.getName())) {
            return op.getName(); // a user-defined function, named in lower case as it was created
        }
        try {
            int operands = Math.max(op.getOperandCountRange().getMin(), 0);
            List<SqlNode> literals = new ArrayList<>();
            for (int i = 0; i < operands; i++) {
                literals.add(SqlLiteral.createExactNumeric("1", SqlParserPos.ZERO));
            }
            SqlCall call = op.createCall(SqlParserPos.ZERO, literals);
            var word = LEADING_WORD.matcher(call.toSqlString(c -> c.withDialect(AnsiSqlDialect.DEFAULT)).getSql());
            return word.find() ? word.group(1).toUpperCase(Locale.ROOT) : name;
        } catch (RuntimeException | AssertionError e) {
            // an operator that needs operands of its own kind (JSON_QUERY's enums, TRIM's flag) keeps its name
            return name;
        }
    }
}
