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
    FAILED,
    /**
     * The JobManager that ran the job lost its leadership: the job ended here, but not for the
     * cluster, whose next leader recovers it from its latest checkpoint (Flink's SUSPENDED).
     */
    SUSPENDED;

    /**
     * FINISHED, CANCELED and FAILED are terminal (globally): the job will not change again, on
     * this JobManager or any other.
     */
    public boolean isTerminal() {
        return this == FINISHED || this == CANCELED || this == FAILED;
    }

    /** Terminal, or SUSPENDED: the job will not change again on this JobManager. */
    public boolean isLocallyTerminal() {
        return isTerminal() || this == SUSPENDED;
    }
}
