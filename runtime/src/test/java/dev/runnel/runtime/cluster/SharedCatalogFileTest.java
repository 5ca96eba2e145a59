package dev.runnel.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.config.Configuration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file a session cluster's JobManager keeps its sessions' catalog in: compare-and-set, kept across restarts. */
class SharedCatalogFileTest {
    @TempDir
    Path dir;

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aWriteOnAnOlderVersionIsRefusedAndTheContentsSurviveANewInstance() {
        SharedCatalogFile file = SharedCatalogFile.in(dir.toString());
        CatalogDocument empty = file.read();
        assertThat(empty.version()).isEqualTo(CatalogDocument.NEVER_WRITTEN);
        assertThat(empty.contents()).isEmpty();

        assertThat(file.write(empty.version(), bytes("{\"one\"}"))).isTrue();
        // a session that read before that write must read again
        assertThat(file.write(empty.version(), bytes("{\"two\"}"))).isFalse();
        CatalogDocument one = file.read();
        assertThat(new String(one.contents(), StandardCharsets.UTF_8)).isEqualTo("{\"one\"}");
        assertThat(file.write(one.version(), bytes("{\"two\"}"))).isTrue();

        // the next JobManager (or leader) reads the same contents, with the same version
        CatalogDocument restarted = SharedCatalogFile.in(dir.toString()).read();
        assertThat(restarted).isEqualTo(CatalogDocument.of(bytes("{\"two\"}")));
        assertThat(dir.resolve(SharedCatalogFile.FILE_NAME)).hasContent("{\"two\"}");
    }

    @Test
    void aJobManagerKeepsItInItsCatalogDirectoryElseInTheHighAvailabilityStorage() {
        Path ha = dir.resolve("ha");
        assertThat(SharedCatalogFile.forJobManager(new Configuration(), Optional.empty())).isEmpty();
        assertThat(SharedCatalogFile.forJobManager(new Configuration(), Optional.of(ha.toUri())).orElseThrow()
                .toString()).endsWith("/ha/catalog/" + SharedCatalogFile.FILE_NAME);
        Configuration configured = new Configuration(Map.of(SharedCatalogFile.CATALOG_DIR.key(), dir.toString()));
        assertThat(SharedCatalogFile.forJobManager(configured, Optional.of(ha.toUri())).orElseThrow().toString())
                .endsWith(dir.getFileName() + "/" + SharedCatalogFile.FILE_NAME);
    }
}
