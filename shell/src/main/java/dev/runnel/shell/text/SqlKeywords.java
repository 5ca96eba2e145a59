package dev.runnel.shell.text;

import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;

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
            "FUNCTIONS", "JOBS", "JOB", "COLUMNS", "PARTITIONS", "USE", "CATALOG", "DATABASE", "VIEW", "TEMPORARY",
            "WATERMARK", "PARTITIONED", "COMMENT", "STOP", "RESET", "EXPLAIN", "STATEMENT", "DESCRIBE", "DESC",
            "CASCADE", "RESTRICT", "PRIMARY", "KEY", "ENFORCED", "METADATA", "VIRTUAL", "STRING", "BYTES",
            "TIMESTAMP_LTZ", "LIMIT", "OFFSET", "RENAME", "HOP", "TUMBLE", "CUMULATE", "SESSION", "DESCRIPTOR",
            "INTERVAL", "SECOND", "MINUTE", "HOUR", "DAY", "MONTH", "YEAR", "LIKE", "INCLUDING", "EXCLUDING",
            "OVERWRITING", "OPTIONS", "EXTENDED", "HELP", "QUIT", "EXIT");

    private static final List<String> ALL = words();
    private static final List<String> COMPLETABLE = ALL.stream()
            .filter(w -> METADATA.isReservedWord(w) || STATEMENT_WORDS.contains(w)).toList();

    private SqlKeywords() {
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
