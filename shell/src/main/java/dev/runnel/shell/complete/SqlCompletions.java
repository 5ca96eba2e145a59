package dev.runnel.shell.complete;

import dev.runnel.planner.functions.FunctionName;
import dev.runnel.planner.session.SessionMetadata;
import dev.runnel.shell.text.SqlKeywords;
import dev.runnel.shell.text.SqlToken;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides what Tab offers at a place in the input, from the {@link StatementContext} there and
 * the session's {@link SessionMetadata}: statement keywords and templates at the start, the next
 * keyword of a statement ({@code SHOW T…}), tables and views after {@code FROM}, {@code JOIN},
 * {@code INTO}, {@code DESCRIBE} and the like, databases and catalogs after {@code USE},
 * columns of the statement's tables together with functions in expressions (before the statement
 * names a table, the columns of the current database's tables, ranked), connector names,
 * formats and option keys inside {@code WITH (…)}, and {@code SET} keys and their values.
 * Suggestions are not filtered by the word typed: JLine does that. Keywords take the case of
 * the word typed.
 */
public final class SqlCompletions {
    static final List<String> STATEMENT_KEYWORDS = List.of("SELECT", "INSERT", "CREATE", "DROP", "ALTER", "SHOW",
            "DESCRIBE", "USE", "SET", "RESET", "EXPLAIN", "EXECUTE", "BEGIN", "END", "STOP", "WITH", "VALUES",
            "HELP", "QUIT");

    /** Whole statements to start from, with the parts to replace in angle brackets' stead. */
    static final List<String> TEMPLATES = List.of(
            "CREATE TABLE t (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) "
                    + "WITH ('connector' = 'datagen');",
            "CREATE VIEW v AS SELECT * FROM t;",
            "INSERT INTO sink SELECT * FROM source;",
            "SELECT * FROM t WHERE id > 0;",
            "EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT * FROM t; INSERT INTO b SELECT * FROM t; END;",
            "SET 'parallelism.default' = '2';");

    /** The keywords that may follow a statement's first words. */
    private static final Map<String, List<String>> NEXT_KEYWORDS = Map.ofEntries(
            Map.entry("CREATE", List.of("TABLE", "TEMPORARY", "VIEW", "DATABASE", "CATALOG")),
            Map.entry("CREATE TEMPORARY", List.of("VIEW", "TABLE")),
            Map.entry("DROP", List.of("TABLE", "TEMPORARY", "VIEW", "DATABASE", "CATALOG")),
            Map.entry("DROP TEMPORARY", List.of("VIEW", "TABLE")),
            Map.entry("ALTER", List.of("TABLE", "VIEW", "JOB")),
            Map.entry("SHOW", List.of("TABLES", "VIEWS", "DATABASES", "CATALOGS", "FUNCTIONS", "JOBS", "CLUSTER",
                    "COLUMNS", "PARTITIONS", "CREATE", "CURRENT")),
            Map.entry("SHOW CREATE", List.of("TABLE", "VIEW")),
            Map.entry("SHOW CURRENT", List.of("CATALOG", "DATABASE")),
            Map.entry("SHOW COLUMNS", List.of("FROM", "IN")),
            Map.entry("SHOW TABLES", List.of("FROM", "IN", "LIKE")),
            Map.entry("SHOW VIEWS", List.of("FROM", "IN")),
            Map.entry("EXPLAIN", List.of("CHANGELOG_MODE", "JSON_EXECUTION_PLAN", "ESTIMATED_COST", "PLAN FOR",
                    "SELECT", "INSERT", "EXECUTE")),
            Map.entry("EXECUTE", List.of("STATEMENT SET", "INSERT")),
            Map.entry("BEGIN", List.of("STATEMENT SET")),
            Map.entry("STOP", List.of("JOB")),
            Map.entry("INSERT", List.of("INTO", "OVERWRITE")),
            Map.entry("GROUP", List.of("BY")),
            Map.entry("ORDER", List.of("BY")),
            Map.entry("PARTITION", List.of("BY")),
            Map.entry("PARTITIONED", List.of("BY")));

    /** Keywords offered in expressions (select lists, conditions) beside columns and functions. */
    private static final List<String> EXPRESSION_KEYWORDS = List.of("AS", "AND", "OR", "NOT", "IS", "NULL", "IN",
            "BETWEEN", "LIKE", "CASE", "WHEN", "THEN", "ELSE", "END", "CAST", "DISTINCT", "FROM", "WHERE", "GROUP BY",
            "HAVING", "ORDER BY", "LIMIT", "UNION ALL", "JOIN", "ON", "TRUE", "FALSE", "INTERVAL");

    /** Column types offered after a column name in {@code CREATE TABLE}. */
    private static final List<String> TYPES = List.of("BIGINT", "INT", "SMALLINT", "TINYINT", "BOOLEAN", "DOUBLE",
            "FLOAT", "DECIMAL(10, 2)", "STRING", "VARCHAR(255)", "CHAR(1)", "BYTES", "DATE", "TIME", "TIMESTAMP(3)",
            "TIMESTAMP_LTZ(3)", "ROW<", "ARRAY<", "MAP<");

    /** Keywords that end a FROM clause's table list, before which names are tables. */
    private static final Set<String> TABLE_KEYWORDS = Set.of("FROM", "JOIN", "INTO", "OVERWRITE");

    /** The clauses of {@code MATCH_RECOGNIZE (…)}, by their first word. */
    private static final Set<String> MATCH_RECOGNIZE_CLAUSES = Set.of("PARTITION", "ORDER", "MEASURES", "ONE",
            "ALL", "AFTER", "PATTERN", "WITHIN", "DEFINE");

    private final SessionMetadata metadata;

    public SqlCompletions(SessionMetadata metadata) {
        this.metadata = metadata;
    }

    /** Where the word being completed at {@code cursor} starts (what JLine replaces). */
    public static int wordStart(String buffer, int cursor) {
        return StatementContext.wordStart(buffer, cursor);
    }

    /** What may replace the word before {@code cursor} in {@code buffer}. */
    public List<Suggestion> complete(String buffer, int cursor) {
        StatementContext at = StatementContext.of(buffer, cursor);
        if (at.inComment()) {
            return List.of();
        }
        Out out = new Out(at.word);
        if (at.inString) {
            strings(at, out);
        } else {
            words(at, out);
        }
        return out.suggestions;
    }

    // ------------------------------------------------------------------------------ string literals

    private void strings(StatementContext at, Out out) {
        String first = at.firstWord();
        if ((first.equals("SET") || first.equals("RESET")) && at.before.size() == 1) {
            metadata.settings().keySet().forEach(key -> out.add(quote(key), "setting"));
        } else if (first.equals("SET") && at.after("=") && at.back(2) != null
                && at.back(2).kind() == SqlToken.Kind.STRING) {
            metadata.settings().getOrDefault(at.back(2).stringValue(), List.of())
                    .forEach(value -> out.add(quote(value), "value"));
        } else if (inOptions(at)) {
            options(at, out);
        } else if (jobPlace(at)) {
            jobs(out);
        }
    }

    /* Where a job command takes its job's id: STOP JOB, DESCRIBE JOB, ALTER JOB, SAVEPOINT. */
    private static boolean jobPlace(StatementContext at) {
        return at.after("STOP", "JOB") || at.after("DESCRIBE", "JOB") || at.after("ALTER", "JOB")
                || (at.after("SAVEPOINT") && at.before.size() == 1);
    }

    private void jobs(Out out) {
        metadata.jobs().forEach((id, what) -> out.suggestions.add(new Suggestion(quote(id), "job", what, true)));
    }

    /** Inside {@code WITH (…)} or {@code ALTER TABLE t SET (…)}. */
    private static boolean inOptions(StatementContext at) {
        SqlToken open = at.beforeOpenBracket();
        return open != null && (open.is("WITH") || (open.is("SET") && at.firstWord().equals("ALTER")));
    }

    private void options(StatementContext at, Out out) {
        if (at.firstWord().equals("ALTER") && at.before.size() > 1 && at.before.get(1).is("JOB")) {
            // ALTER JOB 'id' SET (…) takes one key, a whole number
            if (at.after("(") || at.after(",")) {
                out.add(quote("parallelism"), "job option");
            }
            return;
        }
        Map<String, String> written = writtenOptions(at);
        if (at.after("=")) {
            SqlToken key = at.back(2);
            String name = key == null || key.kind() != SqlToken.Kind.STRING ? "" : key.stringValue();
            if (name.equals("connector")) {
                metadata.connectors().forEach(c -> out.add(quote(c), "connector"));
            } else if (name.equals("format") || name.endsWith(".format")) {
                metadata.formats().forEach(f -> out.add(quote(f), "format"));
            }
            return;
        }
        if (!at.after("(") && !at.after(",")) {
            return;
        }
        String connector = written.get("connector");
        if (connector == null) {
            out.add(quote("connector"), "option");
            return;
        }
        Map<String, String> columns = at.firstWord().equals("ALTER") ? alteredTableColumns(at) : createTableColumns(at);
        for (String key : metadata.connectorOptions(connector, written, columns)) {
            out.add(quote(key), connector + " option");
        }
    }

    /* The 'key' = 'value' pairs written so far in the open WITH clause. */
    private static Map<String, String> writtenOptions(StatementContext at) {
        Map<String, String> written = new LinkedHashMap<>();
        for (int i = at.openBracket; i + 2 < at.before.size(); i++) {
            SqlToken k = at.before.get(i);
            SqlToken v = at.before.get(i + 2);
            if (k.kind() == SqlToken.Kind.STRING && at.before.get(i + 1).is("=") && v.kind() == SqlToken.Kind.STRING) {
                written.put(k.stringValue(), v.stringValue());
            }
        }
        return written;
    }

    /* The columns of the table ALTER TABLE name SET (…) names, from the catalog, types unknown. */
    private Map<String, String> alteredTableColumns(StatementContext at) {
        List<String> name = new ArrayList<>();
        for (int i = 2; i < at.openBracket && !at.before.get(i).is("SET"); i++) {
            if (StatementContext.isName(at.before.get(i))) {
                name.add(at.before.get(i).name());
            }
        }
        Map<String, String> columns = new LinkedHashMap<>();
        if (!name.isEmpty()) {
            metadata.columns(name).forEach(c -> columns.put(c, ""));
        }
        return columns;
    }

    /*
     * The physical columns of the CREATE TABLE statement typed, each with its type as written
     * (for options such as fields.#.kind); computed and metadata columns are left out.
     */
    private static Map<String, String> createTableColumns(StatementContext at) {
        Map<String, String> columns = new LinkedHashMap<>();
        if (!at.firstWord().equals("CREATE")) {
            return columns;
        }
        int depth = 0;
        String column = null;
        List<String> type = new ArrayList<>();
        boolean inType = false;
        for (int i = 0; i < at.openBracket; i++) {
            SqlToken token = at.before.get(i);
            if (depth == 1 && (token.is(",") || token.is(")"))) {
                if (column != null) {
                    columns.put(column, String.join(" ", type).replaceAll(" ?([(<]) ?", "$1")
                            .replaceAll(" ([)>,])", "$1"));
                }
                column = null;
            } else if (depth == 1 && (at.before.get(i - 1).is("(") || at.before.get(i - 1).is(","))) {
                boolean constraint = token.is("WATERMARK") || token.is("PRIMARY") || token.is("CONSTRAINT");
                column = StatementContext.isName(token) && !constraint ? token.name() : null;
                type.clear();
                inType = column != null;
            } else if (column != null && inType) {
                if (type.isEmpty() && token.is("AS") || token.is("METADATA")) {
                    column = null; // computed or metadata: not a field the connector reads
                } else if (depth == 1 && (token.is("PRIMARY") || token.is("COMMENT") || token.is("CONSTRAINT"))) {
                    inType = false;
                } else {
                    type.add(token.text());
                    // angle brackets nest only in a type: elsewhere they compare
                    depth += token.text().matches("<+") ? token.text().length()
                            : token.text().matches(">+") ? -token.text().length() : 0;
                }
            }
            if (token.is("(")) {
                depth++;
            } else if (token.is(")")) {
                depth--;
            }
        }
        return columns;
    }

    // ------------------------------------------------------------------------------ words

    private void words(StatementContext at, Out out) {
        String first = at.firstWord();
        if (at.before.isEmpty()) {
            out.keywords(STATEMENT_KEYWORDS, "keyword");
            TEMPLATES.forEach(t -> out.suggestions.add(new Suggestion(t, "template", null, true)));
            return;
        }
        if ((first.equals("SET") || first.equals("RESET")) && at.before.size() == 1) {
            metadata.settings().keySet().forEach(key -> out.add(quote(key), "setting"));
            return;
        }
        if (first.equals("SET") && at.after("=") && at.back(2).kind() == SqlToken.Kind.STRING) {
            metadata.settings().getOrDefault(at.back(2).stringValue(), List.of())
                    .forEach(value -> out.add(quote(value), "value"));
            return;
        }
        if (inOptions(at)) {
            options(at, out);
            return;
        }
        if (at.word.contains(".")) {
            qualified(at, out);
            return;
        }
        String previous = at.back(1).text().toUpperCase(Locale.ROOT);
        List<String> next = NEXT_KEYWORDS.get(statementSoFar(at));
        if (next == null && at.before.size() >= 1) {
            next = NEXT_KEYWORDS.get(previous);
        }
        if (next != null) {
            out.keywords(next, "keyword");
        }
        if (catalogPlace(at)) {
            metadata.catalogs().forEach(c -> out.add(c, "catalog"));
        } else if (databasePlace(at)) {
            metadata.databases(metadata.currentCatalog()).forEach(d -> out.add(d, "database"));
            metadata.catalogs().forEach(c -> out.add(c + ".", "catalog", false));
            if (at.after("USE")) {
                out.keywords(List.of("CATALOG"), "keyword");
            }
        } else if (tablePlace(at)) {
            tablesAndViews(out);
        } else if (jobPlace(at)) {
            jobs(out);
        } else if (at.after("DESCRIBE") || at.after("DESC")) {
            out.keywords(List.of("JOB", "DATABASE", "CATALOG"), "keyword");
            tablesAndViews(out);
        } else if (columnTypePlace(at)) {
            out.keywords(TYPES, "type");
        } else if (next == null && expressionPlace(at)) {
            expression(at, out);
        } else if (next == null && !at.word.isEmpty()) {
            out.keywords(keywordsHere(at), "keyword");
        }
    }

    /*
     * The keywords the grammar accepts where the cursor is, except function names (offered as
     * functions, by their own rules); where a name may stand, also the non-reserved statement
     * words; every completable keyword where the parser cannot tell.
     */
    private List<String> keywordsHere(StatementContext at) {
        StringBuilder text = new StringBuilder();
        for (SqlToken token : at.before) {
            text.append(text.isEmpty() ? "" : " ").append(token.text());
        }
        Optional<SqlKeywords.Expected> expected = text.indexOf("\n") < 0
                ? SqlKeywords.expectedAfter(text.toString()) : Optional.empty();
        if (expected.isEmpty()) {
            return SqlKeywords.completable();
        }
        Set<String> functions = new HashSet<>();
        metadata.functions().forEach(f -> functions.add(f.name().toUpperCase(Locale.ROOT)));
        Set<String> words = new TreeSet<>(expected.get().keywords());
        words.removeAll(functions);
        if (expected.get().names()) {
            SqlKeywords.completable().stream().filter(w -> !SqlKeywords.reserved(w)).forEach(words::add);
        }
        return List.copyOf(words);
    }

    /** The statement's words so far, upper case, when all of them are keywords: {@code SHOW CREATE}. */
    private static String statementSoFar(StatementContext at) {
        StringBuilder sb = new StringBuilder();
        for (SqlToken token : at.before) {
            if (token.kind() != SqlToken.Kind.WORD) {
                return "";
            }
            sb.append(sb.isEmpty() ? "" : " ").append(token.text().toUpperCase(Locale.ROOT));
        }
        return sb.toString();
    }

    private static boolean catalogPlace(StatementContext at) {
        return at.after("USE", "CATALOG") || at.after("DROP", "CATALOG") || at.after("DESCRIBE", "CATALOG")
                || at.after("SHOW", "DATABASES", "FROM") || at.after("SHOW", "DATABASES", "IN");
    }

    private static boolean databasePlace(StatementContext at) {
        return at.after("USE") || at.after("DROP", "DATABASE") || at.after("DESCRIBE", "DATABASE")
                || at.after("ALTER", "DATABASE") || at.after("TABLES", "FROM") || at.after("TABLES", "IN")
                || at.after("VIEWS", "FROM") || at.after("VIEWS", "IN");
    }

    private static boolean tablePlace(StatementContext at) {
        SqlToken previous = at.back(1);
        if (at.firstWord().equals("SHOW") && (previous.is("FROM") || previous.is("IN"))) {
            return at.after("COLUMNS", "FROM") || at.after("COLUMNS", "IN");
        }
        if (TABLE_KEYWORDS.contains(previous.text().toUpperCase(Locale.ROOT)) && previous.kind() == SqlToken.Kind.WORD) {
            return !at.after("EXPLAIN", "PLAN", "FOR");
        }
        if (previous.is("TABLE") || previous.is("VIEW")) {
            // names of existing objects, not of the one CREATE makes
            return !at.firstWord().equals("CREATE") || at.after("LIKE");
        }
        return previous.is("LIKE") && at.firstWord().equals("CREATE") || previous.is("PARTITIONS")
                || (previous.is(",") && inFromList(at));
    }

    /* After "FROM a," the next name is a table too. */
    private static boolean inFromList(StatementContext at) {
        for (int i = at.before.size() - 2; i >= 0; i--) {
            SqlToken token = at.before.get(i);
            if (token.is("FROM")) {
                return true;
            }
            if (!StatementContext.isName(token) && !token.is(",") && !token.is(".") && !token.is("AS")) {
                return false;
            }
        }
        return false;
    }

    /* Right after a new column's name in CREATE TABLE (…). */
    private static boolean columnTypePlace(StatementContext at) {
        SqlToken open = at.beforeOpenBracket();
        return at.firstWord().equals("CREATE") && open != null && !open.is("WITH") && depthOf(at) == 1
                && at.before.size() >= 2 && StatementContext.isName(at.back(1))
                && (at.back(2).is("(") || at.back(2).is(","));
    }

    private static int depthOf(StatementContext at) {
        int depth = 0;
        for (SqlToken token : at.before) {
            depth += token.is("(") ? 1 : token.is(")") ? -1 : 0;
        }
        return depth;
    }

    private static boolean expressionPlace(StatementContext at) {
        SqlToken previous = at.back(1);
        return previous.kind() == SqlToken.Kind.SYMBOL || previous.is("SELECT") || previous.is("WHERE")
                || previous.is("AND") || previous.is("OR") || previous.is("NOT") || previous.is("ON")
                || previous.is("BY") || previous.is("HAVING") || previous.is("WHEN") || previous.is("THEN")
                || previous.is("ELSE") || previous.is("DISTINCT") || previous.is("CASE") || previous.is("MEASURES")
                || (previous.kind() == SqlToken.Kind.WORD && !at.word.isEmpty());
    }

    private void expression(StatementContext at, Out out) {
        if (at.tables.isEmpty()) {
            databaseColumns(at.word, out);
        }
        Set<String> columns = new LinkedHashSet<>();
        for (List<String> table : at.tables.values()) {
            columns.addAll(metadata.columns(table));
        }
        columns.forEach(c -> out.add(c, "column"));
        boolean matchRecognize = inMeasuresOrDefine(at);
        for (FunctionName function : metadata.functions()) {
            String name = out.cased(function.name());
            switch (function.use()) {
                case CALL -> out.suggestions.add(new Suggestion(name + "(", "function", null, false));
                case NILADIC -> out.add(name, "function");
                case MATCH_RECOGNIZE -> {
                    if (matchRecognize) {
                        out.suggestions.add(new Suggestion(name + "(", "function", null, false));
                    }
                }
            }
        }
        if (at.word.isEmpty()) {
            out.keywords(EXPRESSION_KEYWORDS, "keyword");
        } else {
            out.keywords(keywordsHere(at), "keyword");
        }
    }

    /* In MATCH_RECOGNIZE (…)'s MEASURES or DEFINE clause, where PREV, CLASSIFIER and the like may stand. */
    private static boolean inMeasuresOrDefine(StatementContext at) {
        int depth = 0;
        for (int i = at.before.size() - 1; i > 0; i--) {
            SqlToken token = at.before.get(i);
            if (token.is(")")) {
                depth++;
            } else if (token.is("(")) {
                if (depth == 0 && at.before.get(i - 1).is("MATCH_RECOGNIZE")) {
                    return clauseOf(at, i).equals("MEASURES") || clauseOf(at, i).equals("DEFINE");
                }
                depth = Math.max(depth - 1, 0);
            }
        }
        return false;
    }

    /* The last clause keyword of MATCH_RECOGNIZE opened at open, at its own bracket depth. */
    private static String clauseOf(StatementContext at, int open) {
        String clause = "";
        int depth = 0;
        for (int i = open + 1; i < at.before.size(); i++) {
            SqlToken token = at.before.get(i);
            depth += token.is("(") ? 1 : token.is(")") ? -1 : 0;
            if (depth == 0 && MATCH_RECOGNIZE_CLAUSES.contains(token.text().toUpperCase(Locale.ROOT))
                    && token.kind() == SqlToken.Kind.WORD) {
                clause = token.text().toUpperCase(Locale.ROOT);
            }
        }
        return clause;
    }

    /*
     * Before the statement names a table (SELECT order_|): the columns of every table and view of
     * the current database, each described by the tables that have it, ranked by the word typed.
     */
    private void databaseColumns(String word, Out out) {
        Map<String, List<String>> tablesByColumn = new TreeMap<>();
        String catalog = metadata.currentCatalog();
        String database = metadata.currentDatabase();
        List<String> objects = new ArrayList<>(metadata.tables(catalog, database));
        objects.addAll(metadata.views(catalog, database));
        for (String object : objects) {
            for (String column : metadata.columns(List.of(catalog, database, object))) {
                tablesByColumn.computeIfAbsent(column, c -> new ArrayList<>()).add(object);
            }
        }
        List<String> ranked = ColumnRanking.rank(tablesByColumn.keySet(), word);
        for (int i = 0; i < ranked.size(); i++) {
            String column = ranked.get(i);
            out.suggestions.add(new Suggestion(column, "column", String.join(", ", tablesByColumn.get(column)), true,
                    i + 1));
        }
    }

    /* "alias.col", "catalog.db", "db.table" and "catalog.db.table". */
    private void qualified(StatementContext at, Out out) {
        String[] parts = at.word.split("\\.", -1);
        List<String> prefix = new ArrayList<>();
        for (int i = 0; i < parts.length - 1; i++) {
            prefix.add(unquote(parts[i]));
        }
        String head = String.join(".", List.of(parts).subList(0, parts.length - 1)) + ".";
        if (prefix.size() == 1 && at.tables.containsKey(prefix.get(0))) {
            metadata.columns(at.tables.get(prefix.get(0))).forEach(c -> out.add(head + c, "column"));
            return;
        }
        if (prefix.size() == 1 && metadata.catalogs().contains(prefix.get(0))) {
            metadata.databases(prefix.get(0)).forEach(d -> out.add(head + d + ".", "database", false));
        }
        if (prefix.size() == 1 && metadata.databases(metadata.currentCatalog()).contains(prefix.get(0))) {
            objects(metadata.currentCatalog(), prefix.get(0), head, out);
        }
        if (prefix.size() == 2) {
            objects(prefix.get(0), prefix.get(1), head, out);
        }
    }

    private void objects(String catalog, String database, String head, Out out) {
        metadata.tables(catalog, database).forEach(t -> out.add(head + t, "table"));
        metadata.views(catalog, database).forEach(v -> out.add(head + v, "view"));
    }

    private void tablesAndViews(Out out) {
        String catalog = metadata.currentCatalog();
        String database = metadata.currentDatabase();
        metadata.tables(catalog, database).forEach(t -> out.add(t, "table"));
        metadata.views(catalog, database).forEach(v -> out.add(v, "view"));
        metadata.databases(catalog).forEach(d -> out.add(d + ".", "database", false));
        metadata.catalogs().forEach(c -> out.add(c + ".", "catalog", false));
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private static String unquote(String part) {
        return part.startsWith("`") && part.endsWith("`") && part.length() >= 2
                ? part.substring(1, part.length() - 1).replace("``", "`") : part;
    }

    /** Collects suggestions; keywords get the case of the word typed. */
    private static final class Out {
        final List<Suggestion> suggestions = new ArrayList<>();
        final boolean lowerCase;

        Out(String word) {
            lowerCase = word != null && !word.isEmpty() && word.equals(word.toLowerCase(Locale.ROOT))
                    && Character.isLetter(word.charAt(0));
        }

        String cased(String keyword) {
            return lowerCase ? keyword.toLowerCase(Locale.ROOT) : keyword;
        }

        void keywords(List<String> keywords, String group) {
            keywords.forEach(k -> suggestions.add(Suggestion.of(cased(k), group)));
        }

        void add(String value, String group) {
            suggestions.add(Suggestion.of(value, group));
        }

        void add(String value, String group, boolean complete) {
            suggestions.add(new Suggestion(value, group, null, complete));
        }
    }
}
