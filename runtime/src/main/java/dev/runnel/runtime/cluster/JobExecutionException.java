package dev.runnel.runtime.cluster;

/** A job failed; the message is the job's failure cause (what went wrong, and where). */
public class JobExecutionException extends RuntimeException {
    private final JobId jobId;

    public JobExecutionException(JobId jobId, String message) {
        super(message);
        this.jobId = jobId;
    }

    public JobId jobId() {
        return jobId;
    }
}
