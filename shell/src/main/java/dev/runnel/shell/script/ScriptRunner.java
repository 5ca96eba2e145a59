package dev.runnel.shell.script;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.shell.cli.BuiltinCommand;
import dev.runnel.shell.engine.DmlSync;
import dev.runnel.shell.engine.ShellSettings;
import dev.runnel.shell.engine.StatementExecutor;
import dev.runnel.shell.output.ResultOutput;
import dev.runnel.shell.render.ErrorFormatter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;

/**
 * Script mode ({@code -i}, {@code -f}, {@code -e}, standard input): runs the statements of
 * scripts in order on one session and prints their results, then waits for the jobs they
 * submitted to end. A failing statement is reported on standard error as
 * {@code file:line:column: [ERROR] message} and stops the run, unless {@code --continue-on-error}
 * lets it go on. Under {@code SET 'table.dml-sync' = 'true'} an {@code INSERT} waits for its job
 * before the next statement ({@link DmlSync}). Called on one thread.
 *
 * <p>Exit codes: 0 when every statement ran and every submitted job ended without failing;
 * 1 when a statement failed or a job FAILED; {@link #STOPPED} when the process is being stopped.
 */
public final class ScriptRunner {
    /** The exit code of a script stopped by a signal, as shells report SIGINT. */
    public static final int STOPPED = 130;

    /** What Flink's SQL client accepts in an init file. */
    private static final Set<String> INIT_STATEMENTS = Set.of("SET", "RESET", "CREATE", "DROP", "ALTER", "USE");

    private final StatementExecutor executor;
    private final ResultOutput output;
    private final PrintWriter err;
    private final boolean verboseFlag;
    private final boolean continueOnError;
    private final BooleanSupplier stopping;
    private final List<Submitted> submitted = new ArrayList<>();

    /**
     * @param output where results go (standard output)
     * @param err where errors go (standard error)
     * @param verbose print stack traces of errors (also when the session sets
     *                {@code sql-client.verbose})
     * @param continueOnError run the statements after a failing one too (the exit code is
     *                        still 1)
     * @param stopping true once the process is being stopped (Ctrl-C, SIGTERM): a running
     *                 query is cancelled and the errors that stopping causes are not reported
     */
    public ScriptRunner(StatementExecutor executor, ResultOutput output, PrintWriter err, boolean verbose,
                        boolean continueOnError, BooleanSupplier stopping) {
        this.executor = executor;
        this.output = output;
        this.err = err;
        this.verboseFlag = verbose;
        this.continueOnError = continueOnError;
        this.stopping = stopping;
    }

    /** A job a statement submitted, and where that statement is, for reporting its failure. */
    private record Submitted(StatementResult.JobSubmitted job, String source, ScriptStatement statement) {
    }

    private enum Outcome { DONE, FAILED, QUIT, STOPPED }

    /**
     * Runs init files ({@code -i}), as Flink's SQL client does before the session: only
     * {@code SET}, {@code RESET}, {@code CREATE}, {@code DROP}, {@code ALTER} and {@code USE},
     * results not printed, the first error ends the run whatever {@code --continue-on-error} says.
     * Jobs they submit (a {@code CREATE TABLE … AS SELECT}) are awaited by {@link #run}.
     *
     * @return 0, 1 after an error, or {@link #STOPPED}
     */
    public int init(List<ScriptSource> sources) {
        for (ScriptSource source : sources) {
            for (ScriptStatement statement : StatementSplitter.split(source.text()).statements()) {
                Outcome outcome = runStatement(source, statement, ResultOutput.silent(), true);
                switch (outcome) {
                    case DONE -> { }
                    case QUIT -> { return 0; }
                    case FAILED -> { return 1; }
                    case STOPPED -> { return STOPPED; }
                }
            }
        }
        return 0;
    }

    /** Runs {@code sources} in order, then waits for the jobs; returns the process exit code. */
    public int run(List<ScriptSource> sources) {
        boolean failed = false;
        scripts:
        for (ScriptSource source : sources) {
            for (ScriptStatement statement : StatementSplitter.split(source.text()).statements()) {
                switch (runStatement(source, statement, output, false)) {
                    case DONE -> { }
                    case QUIT -> { break scripts; }
                    case STOPPED -> { return STOPPED; }
                    case FAILED -> {
                        if (!continueOnError) {
                            reportCancelledJobs();
                            return 1;
                        }
                        failed = true;
                    }
                }
            }
        }
        if (executor.inStatementSet()) {
            // The inserts since BEGIN STATEMENT SET were only collected: say so rather than drop them silently.
            error("[ERROR] The script ended inside BEGIN STATEMENT SET: its inserts were not submitted "
                    + "(END; is missing).");
            failed = true;
        }
        return awaitJobs() || failed ? 1 : 0;
    }

    private Outcome runStatement(ScriptSource source, ScriptStatement statement, ResultOutput out, boolean init) {
        var builtin = BuiltinCommand.of(statement.text());
        if (builtin.isPresent()) {
            if (builtin.get().exits()) {
                return Outcome.QUIT;
            }
            out.text(BuiltinCommand.HELP_TEXT);
            return Outcome.DONE;
        }
        try {
            if (init) {
                checkInitStatement(statement.text());
            }
            StatementResult result = executor.execute(statement.text());
            boolean shown = out.print(result, executor.configuration(), stopping);
            if (result instanceof StatementResult.JobSubmitted job) {
                return submitted(job, source, statement, out);
            }
            return shown ? Outcome.DONE : Outcome.STOPPED;
        } catch (RuntimeException e) {
            out.flush();
            if (stopping.getAsBoolean()) {
                return Outcome.STOPPED;
            }
            String message = ErrorFormatter.scriptError(source.name(), statement, e);
            error(verbose() ? message + "\n" + ErrorFormatter.stackTrace(e) : message);
            return Outcome.FAILED;
        }
    }

    /* Under table.dml-sync the job must end before the next statement; else it is awaited at the end. */
    private Outcome submitted(StatementResult.JobSubmitted job, ScriptSource source, ScriptStatement statement,
                              ResultOutput out) {
        if (!DmlSync.enabled(executor.configuration())) {
            submitted.add(new Submitted(job, source.name(), statement));
            return Outcome.DONE;
        }
        if (!DmlSync.await(executor.cluster(), job, stopping)) {
            return Outcome.STOPPED;
        }
        out.info(DmlSync.FINISHED_MESSAGE);
        return Outcome.DONE;
    }

    private static void checkInitStatement(String text) {
        String keyword = text.split("[^A-Za-z]", 2)[0].toUpperCase(Locale.ROOT);
        if (!INIT_STATEMENTS.contains(keyword)) {
            throw new SqlExecutionException("Statement " + (keyword.isEmpty() ? "'" + text + "'" : keyword)
                    + " is not supported in an init file (-i); it may hold SET, RESET, CREATE, DROP, ALTER and USE "
                    + "statements", 1, 1, null);
        }
    }

    /*
     * A failing statement ends the script at once (CI should fail fast), and on the embedded
     * cluster nothing outlives the process: say which running jobs that cancels.
     */
    private void reportCancelledJobs() {
        for (Submitted job : submitted) {
            if (!executor.cluster().getJob(job.job().jobId()).status().isTerminal()) {
                error("[INFO] Job " + job.job().jobId() + " (" + job.job().jobName()
                        + ") is cancelled because the script stopped.");
            }
        }
    }

    /* On the embedded cluster nothing may outlive the process, so script mode waits. True if a job failed. */
    private boolean awaitJobs() {
        boolean failed = false;
        for (Submitted job : submitted) {
            JobInfo end;
            try {
                end = executor.cluster().jobTermination(job.job().jobId()).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                reportJob(job, "Interrupted while waiting for job " + job.job().jobId());
                return true;
            } catch (ExecutionException e) {
                reportJob(job, "Could not wait for job " + job.job().jobId() + " (" + job.job().jobName() + "): "
                        + ErrorFormatter.message(e.getCause()));
                failed = true;
                continue;
            }
            if (end.status() == JobStatus.FAILED) {
                reportJob(job, DmlSync.failureText(job.job(), end));
                failed = true;
            }
        }
        return failed;
    }

    /** {@code script.sql:12: [ERROR] message}, at the statement that submitted the job. */
    private void reportJob(Submitted job, String message) {
        error(job.source() + ":" + job.statement().line() + ": [ERROR] " + message);
    }

    /*
     * Standard output and standard error often share a terminal or a pipe (2>&1): what the
     * results printed is flushed first, then the message goes out whole, its lines and their
     * last line feed in one write, so that it never continues a line of the other stream.
     */
    private void error(String message) {
        output.flush();
        err.print(message + "\n");
        err.flush();
    }

    private boolean verbose() {
        return verboseFlag || ShellSettings.verbose(executor.configuration());
    }
}
