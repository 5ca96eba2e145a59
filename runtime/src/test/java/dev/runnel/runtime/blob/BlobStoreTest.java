package dev.runnel.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BlobStoreTest {
    @Test
    void aBlobIsKeptOnceUnderTheSha256OfItsBytesAndReadBack() throws Exception {
        Path directory;
        try (BlobStore store = BlobStore.temporary("blob-test-")) {
            byte[] bytes = "a jar's bytes".getBytes(StandardCharsets.UTF_8);
            String key = store.put(bytes);
            assertThat(key).hasSize(64).isEqualTo(BlobStore.keyOf(bytes));
            assertThat(store.put(bytes)).isEqualTo(key);
            assertThat(store.read(key)).isEqualTo(bytes);
            directory = store.path(key).getParent();
            try (var files = Files.list(directory)) {
                assertThat(files.toList()).containsExactly(store.path(key));
            }
            assertThatThrownBy(() -> store.read(BlobStore.keyOf(new byte[0])))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("No blob e3b0c442");
            assertThatThrownBy(() -> store.read("../../etc/passwd"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("Not a blob key: '../../etc/passwd'");
        }
        assertThat(directory).doesNotExist();
    }
}
