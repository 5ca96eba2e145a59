package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystemFactory;
import dev.runnel.runtime.fs.LocalFilesUnderScheme;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A slow file system for tests: {@code gatedfile:///path} is the local file {@code /path},
 * except that the first file a test's {@link Gate} picks is created and written but not closed
 * until the test opens the gate, as on a slow object store. Plugged in through
 * {@link FileSystemFactory} (see {@code META-INF/services}). Its files are local files
 * ({@link #localPath}), so a filesystem table may name them too (without a gate).
 */
public final class GatedFileSystem extends LocalFilesUnderScheme {
    static final String SCHEME = "gatedfile";

    /** The gate of the running test, or {@code null}: every write passes. */
    static volatile Gate gate;

    /** Holds the first created file that {@code picks} accepts open until {@link #open()}. */
    static final class Gate {
        private final Predicate<URI> picks;
        private final CountDownLatch opened = new CountDownLatch(1);
        private final AtomicReference<Path> held = new AtomicReference<>();

        Gate(Predicate<URI> picks) {
            this.picks = picks;
        }

        /** The local file being held, or {@code null} before one was picked. */
        Path held() {
            return held.get();
        }

        void open() {
            opened.countDown();
        }

        private boolean pick(URI file) {
            return picks.test(file) && held.compareAndSet(null, localFile(file));
        }

        private void await() throws IOException {
            try {
                opened.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted at the gate", e);
            }
        }
    }

    /** The {@code gatedfile:} file system. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String scheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create() {
            return new GatedFileSystem();
        }
    }

    static String uriOf(Path directory) {
        return uriOf(SCHEME, directory).toString();
    }

    GatedFileSystem() {
        super(SCHEME);
    }

    /** Its files are local files, so a filesystem table may name them too. */
    @Override
    public boolean hasLocalPaths() {
        return true;
    }

    @Override
    public Path localPath(URI file) {
        return localFile(file);
    }

    @Override
    public OutputStream create(URI file) throws IOException {
        OutputStream out = files.create(toFile(file));
        Gate current = gate;
        if (current == null || !current.pick(file)) {
            return out;
        }
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                current.await();
                super.close();
            }
        };
    }

    /** Links as the local file system does, except a file the gate would pick: that one is copied through {@link #create}. */
    @Override
    public boolean link(Path existing, URI file) throws IOException {
        Gate current = gate;
        if (current != null && current.picks.test(file) && current.held() == null) {
            return false;
        }
        return files.link(existing, toFile(file));
    }
}
