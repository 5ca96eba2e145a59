package dev.runnel.shell.script;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobInfo;
import java.io.PrintWriter;

/**
 * What script mode says when SIGINT or SIGTERM stops it: on the embedded cluster nothing
 * outlives the process, so each job still running is cancelled, and the person is told which,
 * and where its committed output stands (a transactional sink such as the filesystem one
 * commits on checkpoints; what came after the last one is not in its output).
 */
public final class StoppedJobs {
    private StoppedJobs() {
    }

    /** Writes one {@code [INFO]} line per job that is not over yet, before they are cancelled. */
    public static void report(ClusterClient cluster, PrintWriter err) {
        try {
            for (JobInfo job : cluster.listJobs()) {
                if (!job.status().isTerminal()) {
                    err.print(text(job) + "\n");
                }
            }
        } catch (RuntimeException clusterGone) {
            // Stopping anyway: nothing more to say than the cluster does.
        }
        err.flush();
    }

    /** {@code [INFO] The script was stopped: job <id> (<name>) is cancelled; …}. */
    static String text(JobInfo job) {
        long checkpoint = job.checkpoints().latestCompletedId();
        return "[INFO] The script was stopped: job " + job.id() + " (" + job.name() + ") is cancelled; "
                + (checkpoint < 0 ? "no checkpoint completed, so a transactional sink committed none of its output"
                        : "its output is committed up to checkpoint " + checkpoint)
                + " (" + job.recordsOut() + " records written so far).";
    }
}
