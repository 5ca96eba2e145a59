package dev.runnel.runtime.fs;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The file systems of this process by scheme: {@code file} (built in) and those that
 * {@link FileSystemFactory} plugs in, loaded once.
 */
public final class FileSystems {
    /** The scheme of local files. */
    public static final String FILE = "file";

    private static final Map<String, FileSystem> BY_SCHEME = load();

    private FileSystems() {
    }

    /** The built-in file system of {@code file:} URIs. */
    public static FileSystem local() {
        return LocalFileSystem.INSTANCE;
    }

    /** The file system of {@code scheme} (compared without regard to case), or {@code null}. */
    public static FileSystem forScheme(String scheme) {
        return BY_SCHEME.get(scheme.toLowerCase(Locale.ROOT));
    }

    /**
     * The file system that serves {@code uri}, an absolute URI such as {@link FileLocation#uri()}
     * gives (one without a scheme is a local file).
     *
     * @throws IllegalArgumentException when no file system serves its scheme
     */
    public static FileSystem forUri(URI uri) {
        if (uri.getScheme() == null) {
            return local();
        }
        FileSystem fileSystem = forScheme(uri.getScheme());
        if (fileSystem == null) {
            throw new IllegalArgumentException("Could not find a file system for scheme '" + uri.getScheme()
                    + "' (" + uri + "); supported schemes: " + String.join(", ", schemes()));
        }
        return fileSystem;
    }

    /** Every scheme served, sorted. */
    public static SortedSet<String> schemes() {
        return schemes(fs -> true);
    }

    /** The schemes whose file system {@code which} accepts, sorted. */
    public static SortedSet<String> schemes(Predicate<FileSystem> which) {
        SortedSet<String> schemes = new TreeSet<>();
        BY_SCHEME.forEach((scheme, fs) -> {
            if (which.test(fs)) {
                schemes.add(scheme);
            }
        });
        return schemes;
    }

    private static Map<String, FileSystem> load() {
        Map<String, FileSystem> fileSystems = new TreeMap<>();
        fileSystems.put(FILE, LocalFileSystem.INSTANCE);
        for (FileSystemFactory factory : ServiceLoader.load(FileSystemFactory.class, FileSystems.class.getClassLoader())) {
            String scheme = factory.scheme().toLowerCase(Locale.ROOT);
            FileSystem before = fileSystems.putIfAbsent(scheme, factory.create());
            if (before != null) {
                throw new IllegalStateException("Two file systems for scheme '" + factory.scheme() + "': "
                        + before.getClass().getName() + " and " + factory.getClass().getName());
            }
        }
        return Map.copyOf(fileSystems);
    }

    /** The error of a copy whose source has fewer bytes than the copy was to take. */
    static IOException endedBefore(Path source, long position, long to) {
        return new IOException(source + " ended at " + position + " bytes, before the " + to + " that the copy takes");
    }
}
