package dev.runnel.planner.validate;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.functions.CollectionOperatorTable;
import dev.runnel.planner.functions.FlinkAggregateFunctions;
import dev.runnel.planner.functions.FunctionCatalog;
import dev.runnel.planner.functions.RunnelOperatorTable;
import dev.runnel.planner.functions.UnsupportedFunctions;
import dev.runnel.planner.functions.WindowTableFunctions;
import dev.runnel.planner.session.SqlExecutionException;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import dev.runnel.sql.parser.RunnelSqlConformance;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * Validates queries and {@code INSERT}s against the catalog with Calcite's {@link SqlValidator}:
 * names are resolved case-sensitively in {@code default_catalog.default_database}, types are
 * checked strictly (no implicit conversion between strings and numbers, as in Flink), and every
 * error becomes a {@link SqlExecutionException} with the position Calcite reports.
 */
public final class SqlValidation {
    /**
     * Functions Flink has that standard SQL lacks, taken from Calcite's dialect libraries where
     * their semantics match Flink's (NULL in, NULL out; strings only for CONCAT).
     */
    private static final List<SqlOperator> FLINK_FUNCTIONS_FROM_LIBRARIES = List.of(
            SqlLibraryOperators.CONCAT_FUNCTION,
            SqlLibraryOperators.LPAD, SqlLibraryOperators.RPAD,
            SqlLibraryOperators.LEFT, SqlLibraryOperators.RIGHT,
            SqlLibraryOperators.REPEAT, SqlLibraryOperators.REVERSE,
            SqlLibraryOperators.REGEXP_REPLACE_3, SqlLibraryOperators.IFNULL,
            SqlLibraryOperators.GREATEST, SqlLibraryOperators.LEAST,
            SqlLibraryOperators.TO_BASE64,
            SqlLibraryOperators.IF, SqlLibraryOperators.TRY_CAST,
            SqlLibraryOperators.LTRIM, SqlLibraryOperators.RTRIM, SqlLibraryOperators.SUBSTR_MYSQL,
            SqlLibraryOperators.MD5, SqlLibraryOperators.SHA1, SqlLibraryOperators.SHA256);

    private final JavaTypeFactory typeFactory;
    private final CalciteCatalogReader catalogReader;
    private final SqlOperatorTable operatorTable;
    private final Supplier<List<String>> currentPath;
    private final CalciteSchema rootSchema;
    private final CalciteConnectionConfig config;

    public SqlValidation(CalciteSchema rootSchema, JavaTypeFactory typeFactory) {
        this(rootSchema, typeFactory, () -> CatalogSchema.DEFAULT_PATH);
    }

    /**
     * @param currentPath the schema path that unqualified names resolve against, asked anew for
     *     every statement (it follows {@code USE})
     */
    public SqlValidation(CalciteSchema rootSchema, JavaTypeFactory typeFactory, Supplier<List<String>> currentPath) {
        this(rootSchema, typeFactory, currentPath, new FunctionCatalog(currentPath));
    }

    /**
     * @param currentPath the schema path that unqualified names resolve against, asked anew for
     *     every statement (it follows {@code USE})
     * @param functions   the user-defined functions, found in Flink's order around the built-in ones
     */
    public SqlValidation(CalciteSchema rootSchema, JavaTypeFactory typeFactory, Supplier<List<String>> currentPath,
                         FunctionCatalog functions) {
        this.currentPath = currentPath;
        this.typeFactory = typeFactory;
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        this.config = new CalciteConnectionConfigImpl(props);
        this.rootSchema = rootSchema;
        this.catalogReader = new CalciteCatalogReader(rootSchema, CatalogSchema.DEFAULT_PATH, typeFactory, config);
        this.operatorTable = SqlOperatorTables.chain(
                functions.systemTable(),
                RunnelOperatorTable.instance(),
                CollectionOperatorTable.instance(),
                FlinkAggregateFunctions.table(),
                FlinkAggregateFunctions.withoutCalcites(WindowTableFunctions.withoutCalcites(SqlStdOperatorTable.instance())),
                SqlOperatorTables.of(FLINK_FUNCTIONS_FROM_LIBRARIES),
                UnsupportedFunctions.table(),
                functions.catalogTable(),
                catalogReader);
    }

    /** A fresh validator (validators keep per-statement state) resolving names against the current path. */
    public SqlValidator newValidator() {
        return newValidator(currentPath.get());
    }

    /** A fresh validator resolving unqualified names against {@code schemaPath} (a view's database). */
    public SqlValidator newValidator(List<String> schemaPath) {
        SqlValidator.Config config = SqlValidator.Config.DEFAULT
                .withIdentifierExpansion(true)
                .withTypeCoercionEnabled(false)
                .withConformance(RunnelSqlConformance.INSTANCE)
                // As Flink: NULL is the smallest value (first ascending, last descending).
                .withDefaultNullCollation(NullCollation.LOW);
        return new RunnelValidator(operatorTable, catalogReader(schemaPath), typeFactory, config);
    }

    /** The catalog reader for the current path. */
    public CalciteCatalogReader catalogReader() {
        return catalogReader(currentPath.get());
    }

    /**
     * The catalog reader resolving names against {@code schemaPath} (a catalog and database) as
     * Flink does: {@code t} in that database, {@code db.t} in that catalog, {@code cat.db.t} from the root.
     */
    public CalciteCatalogReader catalogReader(List<String> schemaPath) {
        return new NamespaceCatalogReader(rootSchema, schemaPath, typeFactory, config);
    }

    /** A catalog reader that also looks names up relative to the catalog of its default path. */
    private static final class NamespaceCatalogReader extends CalciteCatalogReader {
        NamespaceCatalogReader(CalciteSchema rootSchema, List<String> path, JavaTypeFactory typeFactory,
                CalciteConnectionConfig config) {
            super(rootSchema, SqlNameMatchers.withCaseSensitive(config.caseSensitive()),
                    path.size() > 1 ? List.of(path, path.subList(0, 1), List.of()) : List.of(path, List.of()),
                    typeFactory, config);
        }
    }

    /** Every operator and function that queries can use (what {@code SHOW FUNCTIONS} lists). */
    public SqlOperatorTable operatorTable() {
        return operatorTable;
    }

    public JavaTypeFactory typeFactory() {
        return typeFactory;
    }

    /**
     * Validates {@code node} with {@code validator}, returning the validated (rewritten) tree.
     *
     * @throws SqlExecutionException with the line and column of the offending part
     */
    public static SqlNode validate(SqlValidator validator, SqlNode node) {
        try {
            return validator.validate(node);
        } catch (CalciteContextException e) {
            throw toSqlExecutionException(e);
        }
    }

    /** The message (without Calcite's "From line …" prefix) and start position of a validation error. */
    public static SqlExecutionException toSqlExecutionException(CalciteContextException e) {
        Throwable cause = e.getCause();
        String message = cause != null && cause.getMessage() != null ? cause.getMessage() : e.getMessage();
        return new SqlExecutionException(flinkTypeNames(message), e.getPosLine(), e.getPosColumn(), e);
    }

    /** Calcite spells Flink's STRING and BYTES as maximal VARCHAR and VARBINARY; users wrote the short names. */
    static String flinkTypeNames(String message) {
        return message.replace("VARCHAR(" + Integer.MAX_VALUE + ")", "STRING")
                .replace("VARBINARY(" + Integer.MAX_VALUE + ")", "BYTES");
    }
}
