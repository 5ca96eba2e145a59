package dev.runnel.runtime.taskmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.blob.BlobStore;
import dev.runnel.runtime.cluster.JobId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;

/** The per-job class loaders of a TaskManager process, over JARs fetched from the JobManager's blob store. */
class JobClassLoadersTest {
    private static byte[] jarWith(String entry, String content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(content.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return bytes.toByteArray();
    }

    @Test
    void aJobsJarIsFetchedOnceAndItsLoaderSeesItUntilReleased() throws Exception {
        byte[] jar = jarWith("udf/hello.txt", "hello");
        String key = BlobStore.keyOf(jar);
        List<String> fetched = new ArrayList<>();
        try (JobClassLoaders loaders = new JobClassLoaders(getClass().getClassLoader(),
                BlobStore.temporary("loaders-test-"), k -> {
                    fetched.add(k);
                    return jar;
                })) {
            JobId first = JobId.generate();
            ClassLoader loader = loaders.forJob(first, List.of(key));
            assertThat(loader.getResource("udf/hello.txt")).isNotNull();
            assertThat(loaders.forJob(first, List.of(key))).isSameAs(loader);
            loaders.forJob(JobId.generate(), List.of(key));
            assertThat(fetched).as("cached for the second job").containsExactly(key);

            loaders.release(first);
            assertThat(((URLClassLoader) loader).findResource("udf/hello.txt")).as("closed").isNull();
        }
    }

    @Test
    void aBlobWhoseBytesDoNotMatchItsKeyIsRefused() throws Exception {
        byte[] jar = jarWith("a.txt", "a");
        String key = BlobStore.keyOf(jarWith("b.txt", "b"));
        try (JobClassLoaders loaders = new JobClassLoaders(getClass().getClassLoader(),
                BlobStore.temporary("loaders-test-"), k -> jar)) {
            assertThatThrownBy(() -> loaders.forJob(JobId.generate(), List.of(key)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("arrived corrupted");
        }
    }
}
