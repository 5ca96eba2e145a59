package dev.runnel.shell.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.jline.reader.Candidate;
import org.jline.reader.EOFError;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;

class SqlCompleterTest {

    private static List<String> complete(String line) {
        List<Candidate> candidates = new ArrayList<>();
        new SqlCompleter(() -> List.of("orders", "big_orders"))
                .complete(null, new DefaultParser().parse(line, line.length()), candidates);
        return candidates.stream().map(Candidate::value).toList();
    }

    @Test
    void offersKeywordsAndTheSessionsTables() {
        assertThat(complete("SEL")).contains("SELECT", "INSERT", "orders", "big_orders");
    }

    @Test
    void offersKeywordsInLowerCaseWhenTheUserTypesLowerCase() {
        assertThat(complete("sel")).contains("select", "from").doesNotContain("SELECT");
    }

    @Test
    void acceptsOnlyWholeStatements() {
        SqlLineParser parser = new SqlLineParser();
        Parser.ParseContext accept = Parser.ParseContext.ACCEPT_LINE;

        assertThat(parser.parse("SELECT 1;", 9, accept).line()).isEqualTo("SELECT 1;");
        assertThat(parser.parse("quit", 4, accept).line()).isEqualTo("quit");
        assertThat(parser.parse("", 0, accept).line()).isEmpty();
        assertThatThrownBy(() -> parser.parse("SELECT ';'", 10, accept))
                .isInstanceOf(EOFError.class);
        assertThatThrownBy(() -> parser.parse("SELECT 1 -- ;", 13, accept))
                .isInstanceOf(EOFError.class);
    }
}
