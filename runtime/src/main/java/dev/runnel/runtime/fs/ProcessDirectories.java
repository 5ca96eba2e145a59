package dev.runnel.runtime.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Local working directories that belong to this process (RocksDB's, the blob caches'): each
 * holds a file with its owner's pid, so that the next process to create one deletes those a
 * killed process left behind ({@code kill -9} runs no cleanup), and a crash does not leak disk
 * into the next run. A directory whose owner is alive, or that has no owner file, is left alone.
 */
public final class ProcessDirectories {
    private static final String OWNER_FILE = "runnel.pid";

    private ProcessDirectories() {
    }

    /**
     * Creates a new directory named {@code prefix} and a random suffix under {@code base}
     * (created if missing), owned by this process, after deleting the directories under
     * {@code base} whose names start with {@code prefix} and whose owner has ended.
     */
    public static Path create(Path base, String prefix, String deadOwnersPrefix) throws IOException {
        Files.createDirectories(base);
        deleteThoseOfEndedProcesses(base, deadOwnersPrefix);
        Path dir = Files.createTempDirectory(base, prefix);
        Files.writeString(dir.resolve(OWNER_FILE), Long.toString(ProcessHandle.current().pid()));
        return dir;
    }

    /** Whether {@code file} is the owner file {@link #create} put into its directory. */
    public static boolean isOwnerFile(Path file) {
        return file.getFileName().toString().equals(OWNER_FILE);
    }

    /** Deletes the directories under {@code base}, named {@code prefix}…, whose owner ended. */
    public static void deleteThoseOfEndedProcesses(Path base, String prefix) throws IOException {
        List<Path> dirs;
        try (Stream<Path> list = Files.list(base)) {
            dirs = list.filter(d -> d.getFileName().toString().startsWith(prefix) && Files.isDirectory(d)).toList();
        }
        for (Path dir : dirs) {
            try {
                long pid = Long.parseLong(Files.readString(dir.resolve(OWNER_FILE)).trim());
                if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    deleteRecursively(dir);
                }
            } catch (IOException | NumberFormatException e) {
                // not ours, being created right now, or already gone: leave it
            }
        }
    }

    /** Deletes {@code dir} and everything under it; nothing if it does not exist. */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
