package dev.runnel.shell.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.functions.FunctionFamilies;
import dev.runnel.planner.functions.UnsupportedFunctions;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.planner.session.SqlExecutionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/functions.md}'s list of built-in functions, the planner's functions and the
 * conformance scripts together: every function listed as supported is called by a script under
 * {@code conformance/functions}, every function the planner declares is listed, and every
 * function listed as not supported yet because of a placeholder fails with that message at its
 * position.
 */
class FunctionListTest {
    private static final Path DOCS = Path.of("../docs/functions.md");
    private static final Path SCRIPTS = Path.of("src/test/resources/conformance/functions");
    /** A table row of the list: {@code | `signature` ... | status | notes |}. */
    private static final Pattern ROW = Pattern.compile("^\\| (`.*`) \\| (supported|not supported yet) \\|.*$",
            Pattern.MULTILINE);
    private static final Pattern FUNCTION_CALL = Pattern.compile("^`([A-Z][A-Z0-9_]*)\\(");

    /** One function of the list: its first signature and its status. */
    private record Listed(String signature, boolean supported) {
        /**
         * What a script must contain to call it: {@code NAME(} for a function, else the
         * keywords of its syntax without the optional parts ({@code IS DISTINCT FROM}), else
         * its operator ({@code <>}).
         */
        Pattern call() {
            Matcher function = FUNCTION_CALL.matcher(signature);
            if (function.find()) {
                return Pattern.compile("\\b" + function.group(1) + "\\s*\\(", Pattern.CASE_INSENSITIVE);
            }
            String syntax = signature.substring(1, signature.indexOf('`', 1))
                    .replaceAll("\\[[^\\]]*]", " ").replace("\\|", "|");
            Matcher keywords = Pattern.compile("[A-Z][A-Z_]*(\\s+[A-Z][A-Z_]*)*").matcher(syntax);
            if (keywords.find()) {
                return Pattern.compile("\\b" + keywords.group().replaceAll("\\s+", "\\\\s+") + "\\b",
                        Pattern.CASE_INSENSITIVE);
            }
            String operator = syntax.replaceAll("[a-z_0-9]+", " ").trim().split("\\s+")[0];
            return Pattern.compile(Pattern.quote(operator));
        }
    }

    @Test
    void everySupportedFunctionIsCalledByAConformanceScript() throws IOException {
        String scripts = conformanceScripts();
        List<String> uncalled = new ArrayList<>();
        for (Listed f : listed()) {
            if (f.supported() && !f.call().matcher(scripts).find()) {
                uncalled.add(f.signature());
            }
        }
        assertThat(uncalled).as("supported in docs/functions.md but called by no conformance/functions script")
                .isEmpty();
    }

    @Test
    void everyFunctionOfThePlannerIsListed() throws IOException {
        String section = builtInSection();
        List<String> unlisted = new ArrayList<>();
        for (String name : FunctionFamilies.callableNames()) {
            if (!Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(section).find()) {
                unlisted.add(name);
            }
        }
        assertThat(unlisted).as("functions of the planner that docs/functions.md does not list").isEmpty();
    }

    @Test
    void everyPlaceholderIsListedAsNotSupportedAndFailsAtItsPosition() throws IOException {
        List<String> notSupported = listed().stream().filter(f -> !f.supported()).map(Listed::signature).toList();
        QueryPlanner planner = new QueryPlanner(new Catalog());
        for (String name : UnsupportedFunctions.names()) {
            assertThat(notSupported).as("%s listed as not supported yet", name)
                    .anyMatch(s -> s.startsWith("`" + name + "("));
            var e = catchThrowableOfType(SqlExecutionException.class,
                    () -> planner.plan(StatementParser.parse("SELECT 1,\n  " + name + "(1)")));
            assertThat(e).as("error of %s", name).isNotNull();
            assertThat(e.getMessage()).isEqualTo(name + " is not supported yet");
            assertThat(e.line()).isEqualTo(2);
            assertThat(e.column()).isEqualTo(3);
        }
    }

    private static List<Listed> listed() throws IOException {
        List<Listed> rows = new ArrayList<>();
        Matcher m = ROW.matcher(builtInSection());
        while (m.find()) {
            rows.add(new Listed(m.group(1), m.group(2).equals("supported")));
        }
        assertThat(rows).as("rows of docs/functions.md").hasSizeGreaterThan(150);
        return rows;
    }

    /** The "Built-in functions" section of the docs, up to the user-defined functions. */
    private static String builtInSection() throws IOException {
        String docs = Files.readString(DOCS, StandardCharsets.UTF_8);
        int start = docs.indexOf("## Built-in functions");
        int end = docs.indexOf("## User-defined functions");
        assertThat(start).as("the built-in functions section").isNotNegative().isLessThan(end);
        return docs.substring(start, end);
    }

    private static String conformanceScripts() throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> files = Files.list(SCRIPTS)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".sql")).sorted().toList()) {
                sb.append(Files.readString(f, StandardCharsets.UTF_8).toUpperCase(Locale.ROOT)).append('\n');
            }
        }
        return sb.toString();
    }
}
