package dev.runnel.runtime.cluster;

/** The lifecycle of a job, as Flink names it. */
public enum JobStatus {
    CREATED,
    RUNNING,
    FAILING,
    /** A subtask failed; the job is being restarted from its latest checkpoint. */
    RESTARTING,
    CANCELLING,
    FINISHED,
    CANCELED,
    FAILED;

    /** FINISHED, CANCELED and FAILED are terminal: the job will not change again. */
    public boolean isTerminal() {
        return this == FINISHED || this == CANCELED || this == FAILED;
    }
}
