package dev.runnel.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VertexInfoTest {

    private static VertexInfo vertex(String name) {
        return new VertexInfo(1, name, 1, Map.of(), 0, 0, List.of());
    }

    @Test
    void theShortNameKeepsTheOperatorKindsAndDropsTheirDetails() {
        assertThat(vertex("TableSourceScan(table=[clicks], connector=[datagen]) -> Calc(select=[a -> b, f(c)]) "
                + "-> Sink(table=[sink], connector=[blackhole])").shortName())
                .isEqualTo("TableSourceScan -> Calc -> Sink");
        assertThat(vertex("Source").shortName()).isEqualTo("Source");
    }
}
