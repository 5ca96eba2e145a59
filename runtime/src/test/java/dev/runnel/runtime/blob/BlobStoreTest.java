package dev.runnel.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.ProcessDirectories;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
                assertThat(files.filter(f -> !ProcessDirectories.isOwnerFile(f)).toList())
                        .containsExactly(store.path(key));
            }
            assertThatThrownBy(() -> store.read(BlobStore.keyOf(new byte[0])))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("No blob e3b0c442");
            assertThatThrownBy(() -> store.read("../../etc/passwd"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("Not a blob key: '../../etc/passwd'");
        }
        assertThat(directory).doesNotExist();
    }

    @Test
    void aNewStoreDeletesTheStoresOfProcessesThatWereKilled() throws Exception {
        Process ended = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        ended.waitFor();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        // what a TaskManager killed with -9 leaves: its cache, with its (now unused) pid
        Path left = Files.createTempDirectory(tmp, BlobStore.STORE_PREFIX + "killed-");
        Files.writeString(left.resolve("runnel.pid"), Long.toString(ended.pid()));
        Files.write(left.resolve(BlobStore.keyOf(new byte[] {1})), new byte[] {1});

        try (BlobStore alive = BlobStore.temporary(BlobStore.STORE_PREFIX + "test-");
             BlobStore next = BlobStore.temporary(BlobStore.STORE_PREFIX + "test-")) {
            assertThat(left).doesNotExist();
            // a store whose process runs is left alone
            String key = alive.put(new byte[] {2});
            assertThat(alive.read(key)).containsExactly(2);
            assertThat(next.put(new byte[] {3})).isNotEmpty();
        }
    }

    @Test
    void blobStorageDirectorySaysWhereStoresLive(@TempDir Path base) throws Exception {
        Configuration configuration = new Configuration(Map.of("blob.storage.directory", base.resolve("blobs").toString()));
        try (BlobStore store = BlobStore.temporary(configuration, BlobStore.STORE_PREFIX + "test-")) {
            assertThat(store.path(store.put(new byte[] {4})).getParent().getParent()).isEqualTo(base.resolve("blobs"));
        }
        Path file = Files.writeString(base.resolve("a-file"), "not a directory");
        assertThatThrownBy(() -> BlobStore.temporary(new Configuration(Map.of("blob.storage.directory", file.toString())),
                BlobStore.STORE_PREFIX + "test-"))
                .hasMessageContaining("Cannot create a directory for blobs under " + file + " (blob.storage.directory)");
    }
}
