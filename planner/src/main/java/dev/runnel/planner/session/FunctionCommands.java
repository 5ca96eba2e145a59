package dev.runnel.planner.session;

import dev.runnel.planner.catalog.CatalogException;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.functions.FunctionCatalog;
import dev.runnel.planner.functions.FunctionCatalog.Entry;
import dev.runnel.planner.functions.FunctionCatalog.Kind;
import dev.runnel.planner.functions.UserFunctionException;
import dev.runnel.planner.functions.UserFunctionOperator;
import dev.runnel.planner.functions.UserScalarFunction;
import dev.runnel.sql.parser.ddl.SqlCreateFunction;
import dev.runnel.sql.parser.ddl.SqlDropFunction;
import dev.runnel.runtime.fs.FileLocation;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;

/**
 * {@code CREATE [TEMPORARY [SYSTEM]] FUNCTION}, {@code DROP [TEMPORARY [SYSTEM]] FUNCTION} and
 * {@code SHOW USER FUNCTIONS}: Java scalar functions in the session's {@link FunctionCatalog}.
 * CREATE loads and checks the class at once, so a wrong class name or a class without a usable
 * {@code eval} fails at the statement that names it. Not thread-safe, like the session.
 */
final class FunctionCommands {
    /** The JVM languages whose compiled classes Runnel can call. */
    private static final Set<String> LANGUAGES = Set.of("JAVA", "SCALA");

    private final QueryPlanner planner;
    private final FunctionCatalog functions;
    private final ObjectResolver resolver;

    FunctionCommands(QueryPlanner planner, ObjectResolver resolver) {
        this.planner = planner;
        this.functions = planner.functions();
        this.resolver = resolver;
    }

    /** The result of {@code node} if it is one of these statements, else {@code null}. */
    StatementResult execute(SqlNode node) {
        if (node instanceof SqlCreateFunction create) {
            return create(create);
        } else if (node instanceof SqlDropFunction drop) {
            return drop(drop);
        }
        return null;
    }

    /** SHOW USER FUNCTIONS: temporary system functions and the functions of the current database. */
    StatementResult showUserFunctions() {
        return CatalogCommands.names("function name", functions.userFunctionNames());
    }

    private StatementResult create(SqlCreateFunction create) {
        if (create.language() != null
                && !LANGUAGES.contains(create.language().getSimple().toUpperCase(Locale.ROOT))) {
            throw ObjectResolver.error("LANGUAGE " + create.language().getSimple().toUpperCase(Locale.ROOT)
                    + " is not supported yet; functions are Java (or other JVM) classes",
                    create.language().getParserPosition());
        }
        Kind kind = kind(create.temporary(), create.system());
        List<String> path = path(kind, create.name(), "CREATE");
        String name = path.get(path.size() - 1);
        rejectBuiltInName(create.name(), name);
        if (functions.contains(kind, path)) {
            if (create.ifNotExists()) {
                return CatalogCommands.message("Function already exists.");
            }
            throw ObjectResolver.error(describe(kind, path) + " already exists", create.name(),
                    create.name().names.size() - 1);
        }
        UserScalarFunction function;
        try {
            function = UserScalarFunction.load(name, create.className(), jars(create), classLoader());
        } catch (UserFunctionException e) {
            throw ObjectResolver.error(e.getMessage(), create.classNameLiteral().getParserPosition());
        }
        try {
            functions.register(new Entry(kind, path, create.className(), function));
        } catch (CatalogException e) {
            // another session of a shared catalog took the name meanwhile, or dropped the database
            throw ObjectResolver.error(e.getMessage(), create.name(), create.name().names.size() - 1);
        }
        return CatalogCommands.message("Function has been created.");
    }

    private StatementResult drop(SqlDropFunction drop) {
        Kind kind = kind(drop.temporary(), drop.system());
        List<String> path = path(kind, drop.name(), "DROP");
        if (functions.drop(kind, path)) {
            return CatalogCommands.message("Function has been dropped.");
        }
        if (drop.ifExists()) {
            return CatalogCommands.message("Function does not exist.");
        }
        String hint = "";
        if (kind != Kind.TEMPORARY && functions.contains(Kind.TEMPORARY, functions.qualify(drop.name().names))) {
            hint = "; it is a temporary function: use DROP TEMPORARY FUNCTION";
        } else if (kind != Kind.TEMPORARY_SYSTEM && drop.name().names.size() == 1
                && functions.contains(Kind.TEMPORARY_SYSTEM, path)) {
            hint = "; it is a temporary system function: use DROP TEMPORARY SYSTEM FUNCTION";
        }
        throw ObjectResolver.error(describe(kind, path) + " does not exist" + hint, drop.name(),
                drop.name().names.size() - 1);
    }

    private static Kind kind(boolean temporary, boolean system) {
        return system ? Kind.TEMPORARY_SYSTEM : temporary ? Kind.TEMPORARY : Kind.CATALOG;
    }

    /** {@code [name]} of a temporary system function, else {@code [catalog, database, name]} (which must exist). */
    private List<String> path(Kind kind, SqlIdentifier name, String statement) {
        if (kind == Kind.TEMPORARY_SYSTEM) {
            if (name.names.size() > 1) {
                throw ObjectResolver.error("A temporary system function has no catalog or database; write " + statement
                        + " TEMPORARY SYSTEM FUNCTION " + name.names.get(name.names.size() - 1), name, 0);
            }
            return List.of(FunctionCatalog.normalize(name.getSimple()));
        }
        ObjectIdentifier id = resolver.object(name);
        return List.of(id.catalog(), id.database(), FunctionCatalog.normalize(id.name()));
    }

    private static String describe(Kind kind, List<String> path) {
        return switch (kind) {
            case TEMPORARY_SYSTEM -> "Temporary system function '" + path.get(0) + "'";
            case TEMPORARY -> "Temporary function '" + String.join(".", path) + "'";
            case CATALOG -> "Function '" + String.join(".", path) + "'";
        };
    }

    /*
     * Calls of built-in functions are resolved before user-defined ones (and some, such as
     * UPPER, by the parser itself), so a function of the same name could never be called.
     */
    private void rejectBuiltInName(SqlIdentifier id, String name) {
        for (SqlOperator op : planner.operatorTable().getOperatorList()) {
            if (op instanceof SqlFunction && !(op instanceof UserFunctionOperator) && op.getName().equalsIgnoreCase(name)) {
                throw ObjectResolver.error("'" + name + "' is a built-in function; a user-defined function of the same"
                        + " name is not supported yet", id, id.names.size() - 1);
            }
        }
    }

    /**
     * The USING JAR files as URIs, each a location as {@link FileLocation} reads it (a plain path,
     * or a {@code file:} URI) of a JAR that exists; an error at its literal otherwise.
     */
    private static List<String> jars(SqlCreateFunction create) {
        List<String> jars = new ArrayList<>();
        for (SqlNode node : create.jars()) {
            SqlCharStringLiteral literal = (SqlCharStringLiteral) node;
            String value = literal.getValueAs(String.class);
            FileLocation location;
            try {
                location = FileLocation.parse(value, "USING JAR");
            } catch (IllegalArgumentException e) {
                throw ObjectResolver.error(e.getMessage(), literal.getParserPosition());
            }
            if (!location.fileSystem().hasLocalPaths()) {
                throw ObjectResolver.error("USING JAR '" + value + "' names no local file: JARs are loaded from local "
                        + "files (" + String.join(", ", FileSystems.schemes(FileSystem::hasLocalPaths))
                        + " URIs, or plain paths)", literal.getParserPosition());
            }
            if (!Files.isRegularFile(location.localPath())) {
                throw ObjectResolver.error("JAR file '" + location + "' of USING JAR '" + value + "' does not exist",
                        literal.getParserPosition());
            }
            jars.add(location.uri().toString());
        }
        return jars;
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : FunctionCommands.class.getClassLoader();
    }
}
