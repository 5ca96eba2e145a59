package dev.runnel.runtime.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReactiveSharesTest {
    @Test
    void slotsAreSharedEquallyTheEarlierJobsGettingTheRemainder() {
        assertThat(ReactiveShares.of(List.of(128, 128, 128), 7)).containsExactly(3, 2, 2);
        assertThat(ReactiveShares.of(List.of(128), 5)).containsExactly(5);
    }

    @Test
    void whatAJobCannotUseGoesToTheOthers() {
        assertThat(ReactiveShares.of(List.of(1, 128, 2), 9)).containsExactly(1, 6, 2);
        assertThat(ReactiveShares.of(List.of(2, 2), 9)).containsExactly(2, 2);
    }

    @Test
    void withFewerSlotsThanJobsTheLaterOnesGetNone() {
        assertThat(ReactiveShares.of(List.of(4, 4, 4), 2)).containsExactly(1, 1, 0);
        assertThat(ReactiveShares.of(List.of(4, 4), -3)).containsExactly(0, 0);
    }
}
