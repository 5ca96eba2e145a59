package dev.runnel.shell.script;

import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.shell.cli.BuiltinCommand;
import dev.runnel.shell.engine.ShellSettings;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.render.ErrorFormatter;
import dev.runnel.shell.render.ResultPrinter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;

/**
 * Script mode ({@code -f}, {@code -e}): runs the statements of a script in order and prints
 * their results in a stable form, stops at the first failing statement, then waits for the
 * jobs the script submitted to end. Called on one thread.
 *
 * <p>Exit codes: 0 when every statement ran and every submitted job ended without failing;
 * 1 when a statement failed or a job FAILED.
 */
public final class ScriptRunner {
    private final StatementExecutor executor;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean verboseFlag;
    private final BooleanSupplier stopping;

    /**
     * @param out where results go (standard output)
     * @param err where errors go (standard error)
     * @param verbose print stack traces of errors (also when the session sets
     *                {@code sql-client.verbose})
     * @param stopping true once the process is being stopped (Ctrl-C, SIGTERM): a running
     *                 query is cancelled and the errors that stopping causes are not reported
     */
    public ScriptRunner(StatementExecutor executor, PrintWriter out, PrintWriter err, boolean verbose,
                        BooleanSupplier stopping) {
        this.executor = executor;
        this.out = out;
        this.err = err;
        this.verboseFlag = verbose;
        this.stopping = stopping;
    }

    /** The exit code of a script stopped by a signal, as shells report SIGINT. */
    public static final int STOPPED = 130;

    /** Runs {@code script}; returns the process exit code. */
    public int run(String script) {
        List<JobSubmittedInfo> submitted = new ArrayList<>();
        for (ScriptStatement statement : StatementSplitter.split(script).statements()) {
            var builtin = BuiltinCommand.of(statement.text());
            if (builtin.isPresent()) {
                if (builtin.get().exits()) {
                    break;
                }
                out.println(BuiltinCommand.HELP_TEXT);
                out.flush();
                continue;
            }
            try {
                StatementResult result = executor.execute(statement.text());
                if (result instanceof StatementResult.JobSubmitted job) {
                    submitted.add(new JobSubmittedInfo(job.jobId(), job.jobName()));
                }
                new ResultPrinter(out, ShellSettings.zone(executor.configuration()),
                        ShellSettings.resultMode(executor.configuration(), false), null).print(result, stopping);
            } catch (RuntimeException e) {
                out.flush();
                if (stopping.getAsBoolean()) {
                    return STOPPED;
                }
                err.println(ErrorFormatter.scriptError(statement, e));
                if (verbose()) {
                    err.println(ErrorFormatter.stackTrace(e));
                }
                reportCancelledJobs(submitted);
                err.flush();
                return 1;
            }
        }
        if (executor.inStatementSet()) {
            // The inserts since BEGIN STATEMENT SET were only collected: say so rather than drop them silently.
            err.println("[ERROR] The script ended inside BEGIN STATEMENT SET: its inserts were not submitted "
                    + "(END; is missing).");
            err.flush();
            awaitJobs(submitted);
            return 1;
        }
        return awaitJobs(submitted);
    }

    private record JobSubmittedInfo(JobId id, String name) {
    }

    /*
     * A failing statement ends the script at once (CI should fail fast), and on the embedded
     * cluster nothing outlives the process: say which running jobs that cancels.
     */
    private void reportCancelledJobs(List<JobSubmittedInfo> jobs) {
        for (JobSubmittedInfo job : jobs) {
            if (!executor.cluster().getJob(job.id()).status().isTerminal()) {
                err.println("[INFO] Job " + job.id() + " (" + job.name() + ") is cancelled because the script stopped.");
            }
        }
    }

    /* On the embedded cluster nothing may outlive the process, so script mode waits. */
    private int awaitJobs(List<JobSubmittedInfo> jobs) {
        int exitCode = 0;
        for (JobSubmittedInfo job : jobs) {
            JobInfo end;
            try {
                end = executor.cluster().jobTermination(job.id()).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                err.println("[ERROR] Interrupted while waiting for job " + job.id() + " (" + job.name() + ")");
                err.flush();
                return 1;
            } catch (ExecutionException e) {
                err.println("[ERROR] Could not wait for job " + job.id() + " (" + job.name() + "): "
                        + ErrorFormatter.message(e.getCause()));
                err.flush();
                exitCode = 1;
                continue;
            }
            if (end.status() == JobStatus.FAILED) {
                err.println("[ERROR] Job " + job.id() + " (" + job.name() + ") failed: " + end.failureCause());
                err.flush();
                exitCode = 1;
            }
        }
        return exitCode;
    }

    private boolean verbose() {
        return verboseFlag || ShellSettings.verbose(executor.configuration());
    }
}
