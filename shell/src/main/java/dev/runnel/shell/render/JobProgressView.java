package dev.runnel.shell.render;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.Display;

/**
 * The live line under an {@code INSERT} in the interactive shell: the job's status, records
 * in and out, the current rate, the last checkpoint ({@code #n}, {@code -} while there is none),
 * the backpressure and the elapsed time, redrawn in place until the job ends or the person
 * detaches with Ctrl-C (the job keeps running). Single use, on the shell's thread.
 */
public final class JobProgressView {
    /** How often the line is redrawn while nothing ends. */
    static final long REFRESH_MILLIS = 250;
    /** The rate is measured over at least this long, so that it does not jump with every batch. */
    private static final long RATE_WINDOW_NANOS = 1_000_000_000L;

    private final Terminal terminal;
    private final ClusterClient cluster;
    private final LongSupplier nanoClock;
    private long startedAt;
    private long rateSampleAt;
    private long rateSampleRecords;
    private long rate;

    public JobProgressView(Terminal terminal, ClusterClient cluster, LongSupplier nanoClock) {
        this.terminal = terminal;
        this.cluster = cluster;
        this.nanoClock = nanoClock;
    }

    /**
     * Shows the progress of job {@code id} until it ends or {@code detachRequested} turns true.
     *
     * @return the job's final state, or {@code null} when the person detached
     */
    public JobInfo follow(JobId id, BooleanSupplier detachRequested) {
        return follow(id, detachRequested, false);
    }

    /**
     * Like {@link #follow(JobId, BooleanSupplier)}, but when {@code ctrlCCancels} (the INSERT runs
     * under {@code table.dml-sync}, so the statement is the job) Ctrl-C cancels the job instead of
     * detaching, and the view waits for it to end.
     *
     * @return the job's final state, or {@code null} when the person detached
     */
    public JobInfo follow(JobId id, BooleanSupplier ctrlC, boolean ctrlCCancels) {
        int columns = terminal.getSize().getColumns() > 0 ? terminal.getSize().getColumns() : 80;
        Display display = new Display(terminal, false);
        display.resize(Math.max(1, terminal.getSize().getRows()), columns);
        startedAt = nanoClock.getAsLong();
        rateSampleAt = startedAt;
        CompletableFuture<JobInfo> termination = cluster.jobTermination(id);
        boolean cancelling = false;
        while (true) {
            JobInfo ended = awaitEnd(termination);
            JobInfo info = ended != null ? ended : cluster.getJob(id);
            if (ended == null && ctrlCCancels && !cancelling && ctrlC.getAsBoolean()) {
                cancelling = true;
                cluster.cancelJob(id);
            }
            if (ended != null || !ctrlCCancels && ctrlC.getAsBoolean()) {
                draw(display, columns, line(info) + ".");
                terminal.writer().println();
                terminal.writer().println(ended != null ? summary(ended) : "Detached from job " + id
                        + "; it keeps running. SHOW JOBS lists it, STOP JOB '" + id + "' stops it.");
                terminal.flush();
                return ended;
            }
            draw(display, columns, line(info) + (cancelling ? ". Cancelling the job." : ctrlCCancels
                    ? ". Ctrl-C cancels the job." : ". Ctrl-C detaches (the job keeps running)."));
        }
    }

    private static JobInfo awaitEnd(CompletableFuture<JobInfo> termination) {
        try {
            return termination.get(REFRESH_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            return null;
        }
    }

    private void draw(Display display, int columns, String text) {
        display.update(List.of(new AttributedString(TableauPrinter.truncate(text, columns - 1))), -1);
        terminal.flush();
    }

    /**
     * {@code RUNNING: 1,200 records in, 1,180 out, 400 rows/s, last checkpoint -, backpressure OK,
     * 00:00:03}.
     */
    String line(JobInfo info) {
        long now = nanoClock.getAsLong();
        if (now - rateSampleAt >= RATE_WINDOW_NANOS) {
            rate = Math.round((info.recordsIn() - rateSampleRecords) / ((now - rateSampleAt) / 1e9));
            rateSampleAt = now;
            rateSampleRecords = info.recordsIn();
        }
        return String.format(Locale.ROOT,
                "%s: %,d records in, %,d out, %,d rows/s, last checkpoint %s, backpressure %s, %s", info.status(), info.recordsIn(), info.recordsOut(), rate, info.checkpoints().latestLabel(),
                backPressure(info), elapsed(now - startedAt));
    }

    /**
     * The job's backpressure as Flink's web UI rates its most back-pressured vertex:
     * {@code HIGH at TableSourceScan -> Calc (87%)}, {@code LOW at …}, {@code OK}, or {@code -}
     * while no vertex runs.
     */
    static String backPressure(JobInfo info) {
        return info.mostBackPressuredVertex().map(v -> v.describeBackPressure(v.shortName())).orElse("-");
    }

    private static String summary(JobInfo info) {
        if (info.status() == JobStatus.FAILED) {
            return "[ERROR] Job " + info.id() + " failed: " + info.failureCause();
        }
        return String.format(Locale.ROOT, "Job %s %s: %,d records in, %,d out.", info.id(),
                info.status().name().toLowerCase(Locale.ROOT), info.recordsIn(), info.recordsOut());
    }

    static String elapsed(long nanos) {
        long seconds = Math.max(0, nanos) / 1_000_000_000L;
        return String.format(Locale.ROOT, "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }
}
