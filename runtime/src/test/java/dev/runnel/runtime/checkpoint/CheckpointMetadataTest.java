package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code _metadata} file: what is written is read back, a source's enumerator state too. */
class CheckpointMetadataTest {
    @TempDir
    Path dir;

    @Test
    void aSplitEnumeratorsStateIsWrittenAndReadBackWithTheOperators() throws Exception {
        byte[] enumerator = {0, 1, 2, (byte) 255};
        CheckpointMetadata written = new CheckpointMetadata("job", 7, 1234, true, Map.of(
                "1-source", new CheckpointMetadata.OperatorState("Source", 2, 128, "d1",
                        List.of(OperatorSubtaskState.EMPTY, OperatorSubtaskState.FINISHED), enumerator),
                "1-0", new CheckpointMetadata.OperatorState("Calc", 2, 128, "d2",
                        List.of(OperatorSubtaskState.EMPTY, OperatorSubtaskState.EMPTY))));
        written.write(new CheckpointLocation(dir.toUri(), null, false));

        CheckpointMetadata read = CheckpointMetadata.read(dir.toString());

        assertThat(read.checkpointId()).isEqualTo(7);
        assertThat(read.operators().get("1-source").coordinatorState()).containsExactly(enumerator);
        assertThat(read.operators().get("1-source").subtasks().get(1).finished()).isTrue();
        assertThat(read.operators().get("1-0").coordinatorState()).isNull();
    }
}
