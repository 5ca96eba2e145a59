package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.fs.FileSystems;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shared files live while a registered checkpoint uses them, and files outside the job are never deleted. */
class DefaultSharedStateRegistryTest {
    @TempDir
    Path root;

    private StreamStateHandle file(String path) throws Exception {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, path);
        return new StreamStateHandle(p.toUri(), Files.size(p));
    }

    private static boolean exists(StreamStateHandle file) {
        return Files.exists(Path.of(file.uri()));
    }

    @Test
    void aFileIsDeletedWhenTheLastCheckpointUsingItIsReleasedUnlessTheJobDoesNotOwnIt() throws Exception {
        URI jobDirectory = URI.create(root.toUri() + "job/");
        DefaultSharedStateRegistry registry = new DefaultSharedStateRegistry(jobDirectory,
                FileSystems.forUri(jobDirectory));
        StreamStateHandle a = file("job/shared/a.sst");
        StreamStateHandle b = file("job/shared/b.sst");
        StreamStateHandle c = file("job/shared/c.sst");
        StreamStateHandle foreign = file("other-job/shared/x.sst");
        StreamStateHandle sibling = file("job-2/shared/y.sst");

        registry.register(1, List.of(a, b, foreign, sibling));
        registry.register(2, List.of(b, c, foreign, b));
        assertThat(registry.references(b.uri())).isEqualTo(2);

        registry.release(1);
        assertThat(exists(a)).isFalse();
        assertThat(exists(b)).isTrue();
        assertThat(exists(c)).isTrue();
        assertThat(exists(foreign)).isTrue();
        assertThat(exists(sibling)).as("job-2 is not under job/").isTrue();

        registry.release(2);
        assertThat(exists(b)).isFalse();
        assertThat(exists(c)).isFalse();
        assertThat(exists(foreign)).isTrue();
        assertThat(registry.references(b.uri())).isZero();

        registry.release(2);   // releasing twice, or what was never registered, changes nothing
        registry.release(7);
        assertThat(registry.isOwned(foreign.uri())).isFalse();
    }

    @Test
    void registeringACheckpointAgainReplacesItsFiles() throws Exception {
        URI jobDirectory = URI.create(root.toUri() + "job");
        DefaultSharedStateRegistry registry = new DefaultSharedStateRegistry(jobDirectory,
                FileSystems.forUri(jobDirectory));
        StreamStateHandle a = file("job/shared/a.sst");
        StreamStateHandle b = file("job/shared/b.sst");
        registry.register(1, List.of(a));
        registry.register(1, List.of(b));
        assertThat(exists(a)).isFalse();
        registry.release(1);
        assertThat(exists(b)).isFalse();
    }

    @Test
    void theFilesOfAnAbortedCheckpointThatNoCompletedOneUsesAreDeleted() throws Exception {
        URI jobDirectory = URI.create(root.toUri() + "job/");
        DefaultSharedStateRegistry registry = new DefaultSharedStateRegistry(jobDirectory,
                FileSystems.forUri(jobDirectory));
        StreamStateHandle base = file("job/shared/1-base.sst");
        StreamStateHandle uploaded = file("job/shared/2-new.sst");
        StreamStateHandle restored = file("savepoint-abc/0-restored.sst");
        registry.register(1, List.of(base, restored));

        // Checkpoint 2 built on checkpoint 1's files, uploaded one more, and was aborted.
        registry.discardUnregistered(List.of(base, uploaded, restored, uploaded));

        assertThat(exists(uploaded)).isFalse();
        assertThat(exists(base)).as("checkpoint 1 still uses it").isTrue();
        assertThat(exists(restored)).as("not the job's").isTrue();
        registry.release(1);
        assertThat(exists(base)).isFalse();
        assertThat(exists(restored)).isTrue();
    }
}
