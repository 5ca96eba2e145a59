package dev.runnel.runtime.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every form of location an option may name, and every refused one with its message. The test
 * class path plugs in {@code gatedfile} (local files) and {@code remote} (no local files; see
 * {@code META-INF/services}), so they are listed among the schemes that work.
 */
class FileLocationTest {
    private static final Path CWD = Path.of("").toAbsolutePath();

    private static FileLocation path(String value) {
        return FileLocation.ofOption("path", value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"file:///tmp/out", "file:/tmp/out", "file://localhost/tmp/out", "file://LocalHost/tmp/out",
            "FILE:///tmp/out", "File:/tmp/out", "/tmp/out", "/tmp/out/", "file:///tmp/out/", "file:///tmp/../tmp/./out",
            "/tmp//out", "file:/tmp/out/."})
    void absoluteFormsNameTheSameLocalDirectory(String value) {
        FileLocation location = path(value);
        assertThat(location.uri()).isEqualTo(URI.create("file:///tmp/out"));
        assertThat(location.scheme()).isEqualTo("file");
        assertThat(location.localPath()).isEqualTo(Path.of("/tmp/out"));
        assertThat(location).hasToString("file:/tmp/out");
    }

    @Test
    void aRelativePathIsResolvedAgainstTheWorkingDirectory() {
        assertThat(path("out/x").localPath()).isEqualTo(CWD.resolve("out/x"));
        assertThat(path("./out/../y").localPath()).isEqualTo(CWD.resolve("y"));
        // A ':' after the first '/' is part of a name, not a scheme.
        assertThat(path("./dt=2024-01-01 10:00").localPath()).isEqualTo(CWD.resolve("dt=2024-01-01 10:00"));
        assertThat(path("a/b:c").localPath()).isEqualTo(CWD.resolve("a/b:c"));
    }

    @Test
    void thePathIsTakenLiterallyAsFlinkDoes() {
        FileLocation spaces = path("file:///tmp/my dir/out");
        assertThat(spaces.localPath()).isEqualTo(Path.of("/tmp/my dir/out"));
        assertThat(spaces.uri()).hasToString("file:///tmp/my%20dir/out");
        assertThat(spaces).hasToString("file:/tmp/my dir/out");
        // No percent-decoding: a Hive-style partition directory keeps its escaped name.
        assertThat(path("file:///tmp/out/dt=10%3A00").localPath()).isEqualTo(Path.of("/tmp/out/dt=10%3A00"));
        assertThat(path("file:///tmp/a%20b").localPath()).isEqualTo(Path.of("/tmp/a%20b"));
        assertThat(path("file:///tmp/x?y#z").localPath()).isEqualTo(Path.of("/tmp/x?y#z"));
        assertThat(path("/tmp/ünï cødé").uri()).hasToString("file:///tmp/%C3%BCn%C3%AF%20c%C3%B8d%C3%A9");
        assertThat(path("/tmp/ünï cødé").localPath()).isEqualTo(Path.of("/tmp/ünï cødé"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"file:///tmp/my dir/savepoint-1", "/tmp/a%20b", "file:/", "/tmp/x?y#z", "relative/dir",
            "gatedfile:///tmp/chk", "file:///tmp/ü"})
    void whatALocationPrintsReadsBackAsTheSameLocation(String value) {
        FileLocation location = path(value);
        assertThat(path(location.toString())).isEqualTo(location);
    }

    @Test
    void aPluggedInSchemeIsServedByItsFileSystem() {
        FileLocation gated = path("gatedfile:///tmp/chk/../ck");
        assertThat(gated.uri()).isEqualTo(URI.create("gatedfile:///tmp/ck"));
        assertThat(gated.fileSystem()).isInstanceOf(dev.runnel.runtime.checkpoint.GatedFileSystem.class);
        assertThat(gated.localPath()).isEqualTo(Path.of("/tmp/ck"));
        assertThat(gated).hasToString("gatedfile:/tmp/ck");
        assertThat(path("GATEDFILE:/tmp/ck")).isEqualTo(gated);
    }

    @Test
    void aSchemeWithoutLocalFilesHasAnAuthorityAndNoLocalPath() {
        FileLocation remote = path("remote://bucket/out/../data/");
        assertThat(remote.uri()).isEqualTo(URI.create("remote://bucket/data"));
        assertThat(remote).hasToString("remote://bucket/data");
        assertThat(remote.fileSystem().hasLocalPaths()).isFalse();
        assertThatThrownBy(remote::localPath).isInstanceOf(UnsupportedOperationException.class);
        assertThat(path("remote://bucket").uri()).isEqualTo(URI.create("remote://bucket/"));
        assertThat(path(remote.toString())).isEqualTo(remote);
    }

    @Test
    void aUriOfAFileSystemPrintsAsFlinkPrintsPaths() {
        assertThat(FileLocation.of(URI.create("file:///tmp/sp/savepoint-ab12cd-0123456789ab/")))
                .hasToString("file:/tmp/sp/savepoint-ab12cd-0123456789ab");
        assertThat(FileLocation.of(URI.create("file:/tmp/a%20b/chk-3/"))).hasToString("file:/tmp/a b/chk-3");
        assertThat(FileLocation.of(URI.create("file:///"))).hasToString("file:/");
    }

    @Test
    void onlyARelativePathIsRewrittenForKeeping() {
        assertThat(FileLocation.absoluteOption("path", "out")).isEqualTo(CWD.resolve("out").toString());
        assertThat(FileLocation.absoluteOption("path", "./a/../b")).isEqualTo(CWD.resolve("b").toString());
        assertThat(FileLocation.absoluteOption("path", "file:///tmp/../out")).isEqualTo("file:///tmp/../out");
        assertThat(FileLocation.absoluteOption("path", "file:/tmp/out")).isEqualTo("file:/tmp/out");
        assertThat(FileLocation.absoluteOption("path", "/tmp/./out")).isEqualTo("/tmp/./out");
        assertThatThrownBy(() -> FileLocation.absoluteOption("path", "s3://b/x")).isInstanceOf(ConfigException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"s3://bucket/out", "hdfs://namenode:8020/out", "gs://bucket/out", "abfs://c@a.dfs/x",
            "oss://b/x", "http://host/out.jar", "S3://bucket/out"})
    void aSchemeNoFileSystemServesIsRefusedNamingTheOptionTheSchemeAndWhatWorks(String value) {
        String scheme = value.substring(0, value.indexOf(':'));
        assertThatThrownBy(() -> path(value)).isInstanceOf(ConfigException.class)
                .hasMessage("Unsupported file system scheme '" + scheme + "' in option 'path': '" + value
                        + "'. Supported schemes: copyfile, file (file:///abs/path or file:/abs/path), gatedfile, remote;"
                        + " a plain path is a local file")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("path");
    }

    @Test
    void aFileUriWithAHostIsRefusedWithFlinksHint() {
        assertThatThrownBy(() -> path("file://tmp/out"))
                .hasMessage("Found local file path with authority 'tmp' in option 'path': 'file://tmp/out'. "
                        + "Hint: Did you forget a slash? (correct path would be 'file:///tmp/out')");
        assertThatThrownBy(() -> path("file://server/share/x"))
                .hasMessageStartingWith("Found local file path with authority 'server'");
    }

    @Test
    void malformedValuesAreRefusedWithWhatWouldWork() {
        assertThatThrownBy(() -> path("")).hasMessage("Empty path in option 'path': name a file or directory, "
                + "such as '/data/out' or 'file:///data/out'");
        assertThatThrownBy(() -> path(" /tmp/out"))
                .hasMessage("The path in option 'path' starts or ends with whitespace: ' /tmp/out'");
        assertThatThrownBy(() -> path("/tmp/out\n"))
                .hasMessage("The path in option 'path' starts or ends with whitespace: '/tmp/out\n'");
        assertThatThrownBy(() -> path("file:out")).hasMessage("Relative path in a file: URI in option 'path': "
                + "'file:out'; a file: URI names an absolute path, such as 'file:///out', and a plain path 'out' is "
                + "relative to the working directory");
        assertThatThrownBy(() -> path("file:")).hasMessage("No path in option 'path': 'file:'; write file:///abs/path");
        assertThatThrownBy(() -> path("file://")).hasMessage("No path in option 'path': 'file://'; write file:///abs/path");
        assertThatThrownBy(() -> path("gatedfile:x"))
                .hasMessage("No absolute path in option 'path': 'gatedfile:x'; write gatedfile:///path or "
                        + "gatedfile://authority/path");
        assertThatThrownBy(() -> path("my dir:x/y")).hasMessage("'my dir:x/y' in option 'path' has a ':' before its "
                + "first '/', so it reads as a URI, but 'my dir' is not a URI scheme; write './my dir:x/y' for a "
                + "relative path");
        assertThatThrownBy(() -> path("/tmp/a\0b")).hasMessage("The path in option 'path' holds a NUL character");
    }

    @ParameterizedTest
    @ValueSource(strings = {"C:\\tmp\\out", "C:/tmp/out", "c:out", "D:", "file:///C:/tmp/out", "file:/c:/x",
            "\\\\server\\share\\out"})
    void windowsPathsAreRefused(String value) {
        assertThatThrownBy(() -> path(value)).isInstanceOf(ConfigException.class).hasMessage("Windows path in option "
                + "'path': '" + value + "'; Runnel reads and writes POSIX paths, such as '/data/out' or 'file:///data/out'");
    }

    @Test
    void aBackslashIsNoSeparator() {
        assertThatThrownBy(() -> path("data\\out")).hasMessage("Backslash in option 'path': 'data\\out'; directories "
                + "are separated by '/', such as 'data/out' or 'file:///data/out'");
    }

    @Test
    void otherSubjectsAreNamedAsGiven() {
        assertThatThrownBy(() -> FileLocation.parse("hdfs://nn/udf.jar", "USING JAR"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unsupported file system scheme 'hdfs' in USING JAR: 'hdfs://nn/udf.jar'.");
    }
}
