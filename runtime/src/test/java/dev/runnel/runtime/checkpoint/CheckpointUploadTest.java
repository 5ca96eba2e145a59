package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a task's upload does with the files its backends hard-link and copy into local
 * checkpoint storage: they land as the storage's own links and copies, and an abort deletes
 * them like the files it created.
 */
class CheckpointUploadTest {
    @TempDir
    Path root;

    private CheckpointUpload upload(long id) {
        URI job = root.toUri().resolve("job/");
        return new CheckpointUpload(id, new CheckpointLocation(job.resolve("chk-" + id + "/"), job.resolve("shared/"), true));
    }

    private Path localFile(String name, String content) throws IOException {
        Path file = root.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    @Test
    void linksAndCopiesIntoLocalStorageAreTheStoragesOwnAndAnAbortDeletesThem() throws IOException {
        Path sst = localFile("000012.sst", "immutable table");
        Path log = localFile("000013.log", "0123456789");
        CheckpointUpload upload = upload(3);
        SnapshotTarget target = upload.targetFor("2-0", 0);
        URI linked = target.sharedDirectory().resolve("b-3-000012.sst");
        URI copied = target.exclusiveFile("b-000013.log");

        assertThat(target.storage().hasLocalPaths()).isTrue();
        assertThat(target.storage().link(sst, linked)).isTrue();
        target.storage().copy(log, 2, 7, copied);

        assertThat(Files.isSameFile(Path.of(linked), sst)).isTrue();
        assertThat(Files.readString(Path.of(copied), StandardCharsets.UTF_8)).isEqualTo("23456");
        upload.abort("test");
        assertThat(Path.of(linked)).doesNotExist();
        assertThat(Path.of(copied)).doesNotExist();
        assertThat(sst).hasContent("immutable table");
        assertThatThrownBy(() -> target.storage().link(sst, linked)).isInstanceOf(IOException.class)
                .hasMessageContaining("Checkpoint 3 was aborted");
        assertThat(Path.of(linked)).doesNotExist();
    }

    @Test
    void aCopyOfMoreBytesThanTheSourceHasIsAnErrorNamingTheFile() throws IOException {
        Path log = localFile("000013.log", "0123456789");
        SnapshotTarget target = upload(4).targetFor("2-0", 0);
        assertThatThrownBy(() -> target.storage().copy(log, 0, 20, target.exclusiveFile("b-000013.log")))
                .isInstanceOf(IOException.class).hasMessageContaining(log + " ended at 10 bytes, before the 20");
    }
}
