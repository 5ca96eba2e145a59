package dev.runnel.runtime.connector.filesystem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LineReaderTest {
    @TempDir
    Path dir;

    /** Every line of {@code text} read from {@code offset} with a buffer of {@code bufferSize}, and the offsets after each. */
    private List<String> read(String text, long offset, int bufferSize, List<Long> offsets) throws IOException {
        Path file = dir.resolve("lines.txt");
        Files.writeString(file, text);
        List<String> lines = new ArrayList<>();
        try (LineReader reader = LineReader.open(file, offset, bufferSize)) {
            while (reader.nextLine()) {
                lines.add(new String(reader.buffer(), reader.lineStart(), reader.lineLength(), StandardCharsets.UTF_8));
                offsets.add(reader.offset());
            }
        }
        return lines;
    }

    /** Buffers of 1 to 4 bytes put every line and terminator across a refill; 64 KiB reads all at once. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 65536})
    void splitsAtEveryKindOfLineEndAndCountsBytes(int bufferSize) throws IOException {
        List<Long> offsets = new ArrayList<>();
        assertThat(read("a\nbc\r\nd\re\n\n€uro\r\rlast", 0, bufferSize, offsets))
                .containsExactly("a", "bc", "d", "e", "", "€uro", "", "last");
        assertThat(offsets).containsExactly(2L, 6L, 8L, 10L, 11L, 18L, 19L, 23L);
    }

    @Test
    void aFinalLineEndAddsNoEmptyLine() throws IOException {
        List<Long> offsets = new ArrayList<>();
        assertThat(read("x\r\n", 0, 2, offsets)).containsExactly("x");
        assertThat(offsets).containsExactly(3L);
        assertThat(read("", 0, 2, new ArrayList<>())).isEmpty();
    }

    @Test
    void startsAtAnOffsetAndGrowsForLongLines() throws IOException {
        String longLine = "y".repeat(1000);
        List<Long> offsets = new ArrayList<>();
        assertThat(read("skipped\n" + longLine + "\nz", 8, 16, offsets)).containsExactly(longLine, "z");
        assertThat(offsets).containsExactly(1009L, 1010L);
    }
}
