package dev.runnel.shell.highlight;

import static org.assertj.core.api.Assertions.assertThat;

import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.junit.jupiter.api.Test;

class SqlHighlighterTest {

    /** The style of the character where {@code part} starts in the highlighted {@code buffer}. */
    private static AttributedStyle styleOf(String buffer, String part) {
        return styleAt(buffer, buffer.length(), buffer.indexOf(part));
    }

    private static AttributedStyle styleAt(String buffer, int cursor, int index) {
        AttributedString highlighted = SqlHighlighter.highlight(buffer, cursor);
        assertThat(highlighted.toString()).isEqualTo(buffer);
        return highlighted.styleAt(index);
    }

    @Test
    void keywordsStringsNumbersCommentsAndQuotedIdentifiers() {
        String sql = "SELECT name, 42, 'x''y' FROM `my table` -- all\nWHERE /* c */ id > 1.5e3";
        assertThat(styleOf(sql, "SELECT")).isEqualTo(SqlHighlighter.KEYWORD);
        assertThat(styleOf(sql, "FROM")).isEqualTo(SqlHighlighter.KEYWORD);
        assertThat(styleOf(sql, "WHERE")).isEqualTo(SqlHighlighter.KEYWORD);
        assertThat(styleOf(sql, "name")).isEqualTo(AttributedStyle.DEFAULT);
        assertThat(styleOf(sql, "42")).isEqualTo(SqlHighlighter.NUMBER);
        assertThat(styleOf(sql, "1.5e3")).isEqualTo(SqlHighlighter.NUMBER);
        assertThat(styleOf(sql, "'x''y'")).isEqualTo(SqlHighlighter.STRING);
        assertThat(styleOf(sql, "y'")).isEqualTo(SqlHighlighter.STRING);
        assertThat(styleOf(sql, "`my")).isEqualTo(SqlHighlighter.QUOTED_IDENTIFIER);
        assertThat(styleOf(sql, "-- all")).isEqualTo(SqlHighlighter.COMMENT);
        assertThat(styleOf(sql, "/* c */")).isEqualTo(SqlHighlighter.COMMENT);
    }

    @Test
    void keywordsInAnyCaseAndFlinkStatementWords() {
        assertThat(styleOf("show tables", "show")).isEqualTo(SqlHighlighter.KEYWORD);
        assertThat(styleOf("show tables", "tables")).isEqualTo(SqlHighlighter.KEYWORD);
        assertThat(styleOf("select data from t", "data")).isEqualTo(AttributedStyle.DEFAULT);
    }

    @Test
    void anUnterminatedStringOrCommentIsAnError() {
        assertThat(styleOf("SELECT 'abc", "'abc")).isEqualTo(SqlHighlighter.ERROR);
        assertThat(styleOf("SELECT /* open", "/*")).isEqualTo(SqlHighlighter.ERROR);
        assertThat(styleOf("SELECT 'abc' FROM t", "'abc'")).isEqualTo(SqlHighlighter.STRING);
    }

    @Test
    void unmatchedBracketsAreErrors() {
        assertThat(styleOf("SELECT (1 + 2)) FROM t", ") FROM")).isEqualTo(SqlHighlighter.ERROR);
        assertThat(styleAt("SELECT COUNT(1;", 0, 12)).isEqualTo(SqlHighlighter.ERROR);
        // still open but the statement goes on: not an error yet
        assertThat(styleAt("SELECT COUNT(1", 0, 12)).isEqualTo(AttributedStyle.DEFAULT);
    }

    @Test
    void theBracketPairAtTheCursorIsMarked() {
        String sql = "SELECT UPPER(LOWER(x)) FROM t";
        int outerOpen = sql.indexOf('(');
        int outerClose = sql.indexOf("))") + 1;
        // the cursor right after the outer ")"
        assertThat(styleAt(sql, outerClose + 1, outerOpen)).isEqualTo(SqlHighlighter.MATCHING_BRACKET);
        assertThat(styleAt(sql, outerClose + 1, outerClose)).isEqualTo(SqlHighlighter.MATCHING_BRACKET);
        assertThat(styleAt(sql, outerClose + 1, sql.indexOf("(x"))).isEqualTo(AttributedStyle.DEFAULT);
        assertThat(styleAt(sql, 3, outerOpen)).isEqualTo(AttributedStyle.DEFAULT);
    }

    @Test
    void aBackslashCommandIsOneWord() {
        assertThat(styleOf("\\d orders", "orders")).isEqualTo(SqlHighlighter.COMMAND);
    }
}
