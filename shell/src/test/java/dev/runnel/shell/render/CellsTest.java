package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CellsTest {

    @Test
    void controlCharactersAreEscapedSoThatAValueIsOneLine() {
        assertThat(Cells.escapeControls("a\tb\nc\rd\u0001e\u007ff")).isEqualTo("a\\tb\\nc\\rd\\x01e\\x7Ff");
        assertThat(Cells.escapeControls("plain 東京")).isEqualTo("plain 東京");
    }

    @Test
    void aLongNameIsShortenedInTheMiddle() {
        String name = "insert-into_default_catalog.default_database.sink";

        assertThat(Cells.shortenMiddle(name, 20)).isEqualTo("insert-int…base.sink").hasSize(20);
        assertThat(Cells.shortenMiddle("short", 20)).isEqualTo("short");
        assertThat(Cells.width(Cells.shortenMiddle("東京東京東京", 7))).isLessThanOrEqualTo(7);
    }

    @Test
    void wrappingBreaksAfterSpacesAndWithinWordsLongerThanALine() {
        assertThat(Cells.wrap("one two three four", 9)).containsExactly("one two", "three", "four");
        assertThat(Cells.wrap("abcdefghij", 4)).containsExactly("abcd", "efgh", "ij");
        assertThat(Cells.wrap("fits", 9)).containsExactly("fits");
    }

    @Test
    void cutValuesEndWithAnEllipsisWithinTheirWidth() {
        assertThat(Cells.truncate("abcdefghij", 6, LiveView.TRUNCATED)).isEqualTo("abcde…");
        assertThat(Cells.truncate("abc", 6, LiveView.TRUNCATED)).isEqualTo("abc");
        assertThat(Cells.truncate("東京東京", 5, LiveView.TRUNCATED)).isEqualTo("東京…");
    }
}
