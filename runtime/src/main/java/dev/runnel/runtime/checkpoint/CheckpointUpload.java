package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One subtask's upload of its part of one checkpoint: the {@link FileSystem} its
 * backends write through, which remembers every file they create. When the checkpoint is
 * aborted (or the task ends without acknowledging it) while the upload still runs,
 * {@link #abort} refuses every later write and deletes what the upload wrote and the
 * checkpoint's directory, which the JobManager deleted already but an upload in flight may
 * have created again. A write that was under way during the abort cleans up after itself the
 * same way, so that nothing of an aborted checkpoint is left, whatever the order.
 *
 * <p>Thread-safe: the upload runs on a snapshot thread, aborts come from others.
 */
public final class CheckpointUpload implements FileSystem {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointUpload.class);

    private final long checkpointId;
    private final CheckpointLocation location;
    private final FileSystem storage;
    private final List<URI> written = new ArrayList<>();
    private boolean aborted;
    private boolean completed;

    public CheckpointUpload(long checkpointId, CheckpointLocation location) {
        this.checkpointId = checkpointId;
        this.location = location;
        this.storage = FileSystems.forUri(location.directory());
    }

    /** Where operator {@code operatorId}'s subtask {@code subtask} writes, through this upload. */
    public SnapshotTarget targetFor(String operatorId, int subtask) {
        return location.targetFor(checkpointId, operatorId, subtask, this);
    }

    /**
     * The upload wrote everything: from now on an abort leaves its files to the JobManager (an
     * acknowledged checkpoint's files are the JobManager's to keep or delete).
     *
     * @return false when the upload was aborted first: it must not be acknowledged
     */
    public synchronized boolean complete() {
        if (!aborted) {
            completed = true;
        }
        return completed;
    }

    /**
     * Refuses later writes and deletes what the upload wrote, unless it completed before.
     *
     * @param reason why, for the log
     */
    public void abort(String reason) {
        List<URI> toDelete;
        synchronized (this) {
            if (completed || aborted) {
                return;
            }
            aborted = true;
            toDelete = List.copyOf(written);
        }
        LOG.debug("Upload of checkpoint {} to {} aborted ({}): deleting {} files", checkpointId,
                location.directory(), reason, toDelete.size());
        deleteQuietly(toDelete);
    }

    public synchronized boolean isAborted() {
        return aborted;
    }

    @Override
    public OutputStream create(URI file) throws IOException {
        checkNotAborted(file);
        OutputStream out = storage.create(file);
        if (!record(file)) {
            out.close();
            deleteQuietly(List.of(file));
            throw abortedError(file);
        }
        return out;
    }

    @Override
    public void writeAtomically(URI file, byte[] content) throws IOException {
        checkNotAborted(file);
        storage.writeAtomically(file, content);
        recordOrDelete(file);
    }

    @Override
    public boolean link(Path existing, URI file) throws IOException {
        recordBeforeWriting(file);
        boolean linked = storage.link(existing, file);
        deleteIfAbortedMeanwhile(file);
        return linked;
    }

    @Override
    public void copy(Path source, long from, long to, URI file) throws IOException {
        recordBeforeWriting(file);
        storage.copy(source, from, to, file);
        deleteIfAbortedMeanwhile(file);
    }

    /** As {@link #create} does once the file exists: an abort from now on deletes it. */
    private void recordBeforeWriting(URI file) throws IOException {
        if (!record(file)) {
            throw abortedError(file);
        }
    }

    /** An abort during the write may have deleted the file before the write (re)created it. */
    private void deleteIfAbortedMeanwhile(URI file) throws IOException {
        if (isAborted()) {
            deleteQuietly(List.of(file));
            throw abortedError(file);
        }
    }

    /** Remembers a file written by {@link #writeAtomically}; deletes it when the upload was aborted meanwhile. */
    private void recordOrDelete(URI file) throws IOException {
        if (!record(file)) {
            deleteQuietly(List.of(file));
            throw abortedError(file);
        }
    }

    /** Whether the storage's files are local files; write them through this upload, which records them. */
    @Override
    public boolean hasLocalPaths() {
        return storage.hasLocalPaths();
    }

    @Override
    public Path localPath(URI file) {
        return storage.localPath(file);
    }

    @Override
    public InputStream open(URI file) throws IOException {
        return storage.open(file);
    }

    @Override
    public boolean exists(URI file) throws IOException {
        return storage.exists(file);
    }

    @Override
    public void delete(URI fileOrDirectory) throws IOException {
        storage.delete(fileOrDirectory);
    }

    @Override
    public List<URI> list(URI directory) throws IOException {
        return storage.list(directory);
    }

    /** Remembers {@code file}; false when the upload was aborted meanwhile (the file is then the caller's to delete). */
    private synchronized boolean record(URI file) {
        if (aborted) {
            return false;
        }
        written.add(file);
        return true;
    }

    private synchronized void checkNotAborted(URI file) throws IOException {
        if (aborted) {
            throw abortedError(file);
        }
    }

    private IOException abortedError(URI file) {
        return new IOException("Checkpoint " + checkpointId + " was aborted: not writing " + file);
    }

    /** Deletes {@code files} and the checkpoint's directory, which creating a file may have made again. */
    private void deleteQuietly(List<URI> files) {
        List<URI> all = new ArrayList<>(files);
        all.add(location.directory());
        for (URI uri : all) {
            try {
                storage.delete(uri);
            } catch (IOException | RuntimeException e) {
                LOG.warn("Could not delete {} of aborted checkpoint {}", uri, checkpointId, e);
            }
        }
    }
}
