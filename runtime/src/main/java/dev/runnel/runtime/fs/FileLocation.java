package dev.runnel.runtime.fs;

import dev.runnel.runtime.config.ConfigException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A file or directory that an option names: the one place where Runnel turns such a value (a
 * filesystem table's {@code path}, {@code state.checkpoints.dir}, {@code state.savepoints.dir},
 * {@code execution.savepoint.path}, {@code USING JAR}) into a location. A value reads as Flink's
 * {@code Path} reads it:
 *
 * <ul>
 *   <li>a plain path, absolute or relative (to the working directory, resolved when parsed);</li>
 *   <li>{@code file:///abs/path}, {@code file:/abs/path}, and {@code file://localhost/abs/path}
 *       (RFC 8089; Flink refuses the authority);</li>
 *   <li>{@code scheme://authority/path} or {@code scheme:/path} of a scheme that a
 *       {@link FileSystemFactory} plugs in; schemes compare without regard to case.</li>
 * </ul>
 *
 * As in Flink, the path is taken literally, not percent-decoded: {@code file:///data/my dir} is
 * the directory {@code my dir}, {@code file:///data/a%20b} the directory {@code a%20b} (Hive-style
 * partition directories have such names), and {@code ?} and {@code #} are part of the name.
 * {@code .} and {@code ..} are resolved and a trailing slash dropped. Refused, with a message
 * naming the option, the value and what would work: an empty value, one with leading or trailing
 * whitespace, a scheme no file system serves (listing those that are served), a {@code file:} URI
 * with another authority (with Flink's hint) or a relative path, Windows paths and backslashes.
 *
 * @param uri the location as an absolute, normalized, ASCII-encoded URI without a trailing slash,
 *            {@code file:///…} for local files: what {@link FileSystem}s take
 */
public record FileLocation(URI uri) {
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*");
    private static final Pattern WINDOWS_DRIVE = Pattern.compile("/?[A-Za-z]:([/\\\\].*)?");
    private static final String LOCALHOST = "localhost";

    public FileLocation {
        Objects.requireNonNull(uri, "uri");
        if (!uri.isAbsolute() || uri.isOpaque()) {
            throw new IllegalArgumentException("Not an absolute hierarchical URI: " + uri);
        }
    }

    /**
     * The location that option {@code key} names.
     *
     * @throws ConfigException naming {@code key} when {@code value} names no location Runnel can use
     */
    public static FileLocation ofOption(String key, String value) {
        try {
            return parse(value, "option '" + key + "'");
        } catch (IllegalArgumentException e) {
            throw ConfigException.invalidValue(key, e.getMessage(), e);
        }
    }

    /**
     * The value to keep for option {@code key}, checked: a relative path made absolute against the
     * working directory (so that it means the same files wherever the job runs), anything else as
     * written.
     *
     * @throws ConfigException naming {@code key} when {@code value} names no location Runnel can use
     */
    public static String absoluteOption(String key, String value) {
        ofOption(key, value);
        return isRelativePath(value) ? Path.of(value).toAbsolutePath().normalize().toString() : value;
    }

    /** Whether {@code value} (a valid location) is a relative plain path. */
    private static boolean isRelativePath(String value) {
        return schemeEnd(value) < 0 && !value.startsWith("/");
    }

    /**
     * The location {@code value} names.
     *
     * @param subject what names it, for messages: {@code option 'path'}, {@code USING JAR}
     * @throws IllegalArgumentException with a message naming {@code subject} and {@code value}
     *                                  when it names no location Runnel can use
     */
    public static FileLocation parse(String value, String subject) {
        String v = value == null ? "" : value;
        if (v.isEmpty()) {
            throw new IllegalArgumentException("Empty path in " + subject + ": name a file or directory, such as "
                    + "'/data/out' or 'file:///data/out'");
        }
        if (!v.strip().equals(v)) {
            throw new IllegalArgumentException("The path in " + subject + " starts or ends with whitespace: '" + v + "'");
        }
        if (v.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("The path in " + subject + " holds a NUL character");
        }
        rejectWindows(v, v, subject);
        int schemeEnd = schemeEnd(v);
        if (schemeEnd < 0) {
            return local(v, v, subject);
        }
        String scheme = v.substring(0, schemeEnd);
        if (scheme.length() == 1) {
            throw windowsPath(v, subject);
        }
        if (!SCHEME.matcher(scheme).matches()) {
            throw new IllegalArgumentException("'" + v + "' in " + subject + " has a ':' before its first '/', so it "
                    + "reads as a URI, but '" + scheme + "' is not a URI scheme; write './" + v
                    + "' for a relative path");
        }
        String rest = v.substring(schemeEnd + 1);
        String authority = null;
        String path = rest;
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            authority = slash < 0 ? rest.substring(2) : rest.substring(2, slash);
            path = slash < 0 ? "" : rest.substring(slash);
        }
        String lower = scheme.toLowerCase(Locale.ROOT);
        if (lower.equals(FileSystems.FILE)) {
            return fileUri(v, authority, path, subject);
        }
        if (FileSystems.forScheme(lower) == null) {
            throw new IllegalArgumentException("Unsupported file system scheme '" + scheme + "' in " + subject + ": '"
                    + v + "'. " + supported());
        }
        if (path.isEmpty() && authority != null && !authority.isEmpty()) {
            path = "/";
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("No absolute path in " + subject + ": '" + v + "'; write "
                    + scheme + ":///path or " + scheme + "://authority/path");
        }
        return new FileLocation(encode(lower, authority == null ? "" : authority,
                Path.of(path).normalize().toString(), v, subject));
    }

    /** The index of the ':' that ends a URI scheme, as Flink's Path finds it (before any '/'), or -1. */
    private static int schemeEnd(String value) {
        int colon = value.indexOf(':');
        int slash = value.indexOf('/');
        return colon >= 0 && (slash < 0 || colon < slash) ? colon : -1;
    }

    private static FileLocation fileUri(String value, String authority, String path, String subject) {
        if (authority != null && !authority.isEmpty() && !authority.equalsIgnoreCase(LOCALHOST)) {
            // Flink's LocalFileSystem says the same, when the job runs
            throw new IllegalArgumentException("Found local file path with authority '" + authority + "' in " + subject
                    + ": '" + value + "'. Hint: Did you forget a slash? (correct path would be 'file:///" + authority
                    + path + "')");
        }
        if (path.isEmpty()) {
            throw new IllegalArgumentException("No path in " + subject + ": '" + value + "'; write file:///abs/path");
        }
        rejectWindows(path, value, subject);
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("Relative path in a file: URI in " + subject + ": '" + value
                    + "'; a file: URI names an absolute path, such as 'file:///" + path + "', and a plain path '"
                    + path + "' is relative to the working directory");
        }
        return local(path, value, subject);
    }

    private static FileLocation local(String path, String value, String subject) {
        Path absolute;
        try {
            absolute = Path.of(path).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("Invalid path in " + subject + ": '" + value + "': " + e.getMessage(), e);
        }
        return new FileLocation(encode(FileSystems.FILE, "", absolute.toString(), value, subject));
    }

    /** {@code path} (taken literally) as an ASCII-encoded URI; an empty authority gives {@code scheme:///path}. */
    private static URI encode(String scheme, String authority, String path, String value, String subject) {
        try {
            return URI.create(new URI(scheme, authority, path, null, null).toASCIIString());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid URI in " + subject + ": '" + value + "': " + e.getMessage(), e);
        }
    }

    private static void rejectWindows(String path, String value, String subject) {
        if (WINDOWS_DRIVE.matcher(path).matches() || path.startsWith("\\\\")) {
            throw windowsPath(value, subject);
        }
        if (path.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("Backslash in " + subject + ": '" + value + "'; directories are "
                    + "separated by '/', such as 'data/out' or 'file:///data/out'");
        }
    }

    private static IllegalArgumentException windowsPath(String value, String subject) {
        return new IllegalArgumentException("Windows path in " + subject + ": '" + value + "'; Runnel reads and "
                + "writes POSIX paths, such as '/data/out' or 'file:///data/out'");
    }

    /** What works, for messages: the schemes served, and plain paths. */
    private static String supported() {
        return "Supported schemes: " + String.join(", ", FileSystems.schemes().stream()
                .map(s -> s.equals(FileSystems.FILE) ? "file (file:///abs/path or file:/abs/path)" : s).toList())
                + "; a plain path is a local file";
    }

    /** The location {@code uri} names, as {@link FileSystem}s name files: for messages and results. */
    public static FileLocation of(URI uri) {
        String text = uri.toString();
        return new FileLocation(text.length() > 1 && text.endsWith("/") && uri.getPath().length() > 1
                ? URI.create(text.substring(0, text.length() - 1)) : uri);
    }

    /** The scheme, in lower case: {@code file} for local files. */
    public String scheme() {
        return uri.getScheme().toLowerCase(Locale.ROOT);
    }

    /** The file system that serves this location. */
    public FileSystem fileSystem() {
        return FileSystems.forUri(uri);
    }

    /** {@link #uri()} with a trailing slash, so that names resolve inside it. */
    public URI directoryUri() {
        String text = uri.toString();
        return text.endsWith("/") ? uri : URI.create(text + "/");
    }

    /**
     * The local file this names; requires a file system with {@link FileSystem#hasLocalPaths()
     * local paths}.
     */
    public Path localPath() {
        return fileSystem().localPath(uri);
    }

    /**
     * The location as Flink prints a {@code Path}: {@code file:/data/out} (the path decoded, no
     * trailing slash), {@code s3://bucket/out}. {@link #parse} reads it back to the same location.
     */
    @Override
    public String toString() {
        String path = uri.getPath();
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String authority = uri.getAuthority();
        return scheme() + ":" + (authority == null ? "" : "//" + authority) + path;
    }
}
