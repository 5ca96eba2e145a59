package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LiveViewWidthTest {

    @Test
    void theWidestColumnsNarrowUntilALineFitsTheScreen() {
        int[] widths = {20, 30, 30, 8};
        // a line is 1 + sum(width + 3) = 101 cells; at 20, 20, 20, 8 it is 81
        LiveView.fitToScreen(widths, 81, 0);

        assertThat(widths).containsExactly(20, 20, 20, 8);
    }

    @Test
    void columnsStopAtTheirNarrowestAndTheOpColumnKeepsItsWidth() {
        int[] widths = {2, 30, 30};
        LiveView.fitToScreen(widths, 10, 1);

        assertThat(widths).containsExactly(2, 5, 5);
    }

    @Test
    void cutValuesEndWithAnEllipsisWithinTheirWidth() {
        assertThat(TableauPrinter.truncate("abcdefghij", 6, LiveView.TRUNCATED)).isEqualTo("abcde…");
        assertThat(TableauPrinter.truncate("abc", 6, LiveView.TRUNCATED)).isEqualTo("abc");
    }
}
