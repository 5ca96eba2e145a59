package dev.runnel.shell.text;

import dev.runnel.sql.parser.RunnelSqlParser;
import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The words of Runnel's grammar, taken from the generated parser itself so that the shell
 * colours and completes exactly what the parser knows.
 */
public final class SqlKeywords {
    private static final SqlAbstractParserImpl.Metadata METADATA =
            RunnelSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    /*
     * Non-reserved words that are coloured anyway because they introduce statements or clauses
     * in Flink's SQL; other non-reserved words (NAME, DATA, KEY, …) are common column names and
     * stay plain.
     */
    private static final Set<String> STATEMENT_WORDS = Set.of("SHOW", "TABLES", "VIEWS", "DATABASES", "CATALOGS",
            "FUNCTIONS", "JOBS", "JOB", "CLUSTER", "COLUMNS", "PARTITIONS", "USE", "CATALOG", "DATABASE", "VIEW",
            "TEMPORARY", "WATERMARK", "PARTITIONED", "COMMENT", "STOP", "RESET", "EXPLAIN", "STATEMENT", "DESCRIBE", "DESC",
            "CASCADE", "RESTRICT", "PRIMARY", "KEY", "ENFORCED", "METADATA", "VIRTUAL", "STRING", "BYTES",
            "TIMESTAMP_LTZ", "LIMIT", "OFFSET", "RENAME", "HOP", "TUMBLE", "CUMULATE", "SESSION", "DESCRIPTOR",
            "INTERVAL", "SECOND", "MINUTE", "HOUR", "DAY", "MONTH", "YEAR", "LIKE", "INCLUDING", "EXCLUDING",
            "OVERWRITING", "OPTIONS", "EXTENDED", "HELP", "QUIT", "EXIT");

    private static final List<String> ALL = words();
    private static final List<String> COMPLETABLE = ALL.stream()
            .filter(w -> METADATA.isReservedWord(w) || STATEMENT_WORDS.contains(w)).toList();

    /**
     * A reserved word that no rule of the grammar takes: parsed where the cursor is, it makes the
     * parser fail there and say which tokens it expected instead.
     */
    private static final String PROBE = "PORTION";

    /*
     * Words Calcite's grammar takes that Flink's SQL has not: offering them would only lead to
     * a validation error (SELECT STREAM, ASOF joins, QUALIFY, TABLESAMPLE, PERIOD, cursors, …).
     */
    private static final Set<String> NOT_FLINK = Set.of("STREAM", "ASOF", "QUALIFY", "TABLESAMPLE", "EXTEND",
            "MINUS", "PERIOD", "CURSOR", "NEW", "SPECIFIC", "UNIQUE", "MATCH_NUMBER", "RUNNING", "FINAL", "PREV",
            "NEXT", "CLASSIFIER", "CURRENT_DEFAULT_TRANSFORM_GROUP", "CURRENT_PATH", "CURRENT_ROLE",
            "CURRENT_SCHEMA", "SYSTEM_USER", "SESSION_USER", "USER", "FUSION", "INTERSECTION", "SAFE_CAST", "ILIKE",
            "RLIKE", "MEMBER", "SUBMULTISET", "MATCH_CONDITION");

    private SqlKeywords() {
    }

    /**
     * What the grammar accepts right after {@code statement} (a statement typed up to the word
     * being completed, on one line): its keywords, upper case, without those Flink's SQL does not
     * have, and whether a name may stand there, which lets in the non-reserved words that the
     * grammar recognises among names ({@code WATERMARK} in a column list). Empty when the parser
     * cannot tell, because the text is itself not valid so far or is read by the shell.
     */
    public static Optional<Expected> expectedAfter(String statement) {
        String text = statement.strip();
        try {
            SqlParser.create(text + " " + PROBE, RunnelSqlParser.config()).parseStmt();
            return Optional.empty();
        } catch (SqlParseException e) {
            SqlParserPos pos = e.getPos();
            if (pos == null || pos.getLineNum() != 1 || pos.getColumnNum() != text.length() + 2
                    || e.getExpectedTokenNames() == null) {
                return Optional.empty();
            }
            Set<String> words = new TreeSet<>();
            boolean names = false;
            for (String name : e.getExpectedTokenNames()) {
                // keywords are listed quoted ("WHERE"), token kinds in angle brackets (<IDENTIFIER>)
                names |= name.equals("<IDENTIFIER>");
                String word = name.length() > 2 && name.startsWith("\"") && name.endsWith("\"")
                        ? name.substring(1, name.length() - 1) : "";
                if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetter(c) || c == '_')
                        && !NOT_FLINK.contains(word)) {
                    words.add(word);
                }
            }
            return words.isEmpty() && !names ? Optional.empty() : Optional.of(new Expected(words, names));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * What may follow a statement typed so far.
     *
     * @param keywords the keywords the grammar names there
     * @param names whether a name may stand there
     */
    public record Expected(Set<String> keywords, boolean names) {
    }

    /** Whether {@code word} is coloured as a keyword: a reserved word or a statement word. */
    public static boolean highlighted(String word) {
        String upper = word.toUpperCase(Locale.ROOT);
        return METADATA.isReservedWord(upper) || STATEMENT_WORDS.contains(upper);
    }

    /** Whether {@code word} is reserved: it cannot be an identifier without backticks. */
    public static boolean reserved(String word) {
        return METADATA.isReservedWord(word.toUpperCase(Locale.ROOT));
    }

    /** Every keyword of the grammar (reserved or not), upper case, sorted. */
    public static List<String> all() {
        return ALL;
    }

    /**
     * The keywords completion offers, upper case, sorted: the reserved words and the statement
     * words, not the SQL standard's other non-reserved vocabulary that the grammar knows only to
     * leave it usable as names ({@code PLI}, {@code ADA}, {@code FORTRAN}).
     */
    public static List<String> completable() {
        return COMPLETABLE;
    }

    private static List<String> words() {
        Set<String> words = new TreeSet<>(STATEMENT_WORDS);
        for (String token : METADATA.getTokens()) {
            if (token.chars().allMatch(c -> Character.isLetter(c) || c == '_') && METADATA.isKeyword(token)) {
                words.add(token);
            }
        }
        return List.copyOf(words);
    }
}
