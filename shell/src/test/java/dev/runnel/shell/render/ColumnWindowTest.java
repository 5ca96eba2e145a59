package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ColumnWindowTest {

    @Test
    void columnsThatFitKeepTheirNaturalWidths() {
        ColumnWindow window = ColumnWindow.fit(new int[] {11, 40, 30}, 0, 119, 0);

        assertThat(window.scrolling()).isFalse();
        assertThat(window.columns()).containsExactly(0, 1, 2);
        assertThat(window.widths()).containsExactly(11, 40, 30);
    }

    @Test
    void aFewWideColumnsAreSqueezedWidestFirst() {
        // 1 + 14 + 4 * (x + 3) <= 119 at x = 23
        ColumnWindow window = ColumnWindow.fit(new int[] {11, 100, 100, 100, 100}, 0, 119, 0);

        assertThat(window.scrolling()).isFalse();
        assertThat(window.widths()).containsExactly(11, 23, 23, 23, 23);
    }

    @Test
    void manyColumnsKeepTheirWidthAndTheScreenShowsTheWholeColumnsThatFitFromTheFirstScrolledTo() {
        int[] natural = new int[20];
        Arrays.fill(natural, 11);

        ColumnWindow first = ColumnWindow.fit(natural, 0, 119, 0);
        assertThat(first.scrolling()).isTrue();
        assertThat(first.columns()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(first.widths()).containsOnly(11);
        assertThat(TableauPrinter.lineWidth(first.widths())).isLessThanOrEqualTo(119);

        ColumnWindow scrolled = ColumnWindow.fit(natural, 0, 119, 15);
        assertThat(scrolled.columns()).containsExactly(15, 16, 17, 18, 19);
        assertThat(scrolled.last()).isEqualTo(19);
    }

    @Test
    void theOpColumnIsAlwaysShownAndAColumnWiderThanTheScreenIsCutToIt() {
        int[] natural = {2, 11, 11, 11, 11, 11, 11, 11, 11, 11, 500};

        ColumnWindow window = ColumnWindow.fit(natural, 1, 80, 10);

        assertThat(window.columns()).containsExactly(0, 10);
        assertThat(window.widths()).containsExactly(2, 80 - 1 - 5 - 3);
        assertThat(window.firstScrolled(1)).isEqualTo(10);
    }
}
