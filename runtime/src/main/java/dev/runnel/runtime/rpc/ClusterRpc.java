package dev.runnel.runtime.rpc;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.jobgraph.JobGraph;
import io.grpc.MethodDescriptor;
import java.io.Serializable;
import java.time.Duration;

/**
 * The calls a client makes to a JobManager ({@link dev.runnel.runtime.cluster.ClusterClient}'s
 * methods, one gRPC method each) and the messages they carry. Every reply is an
 * {@link Outcome}: a failure of the call itself (an unknown job, a plan the JobManager refuses)
 * travels as the exception the JobManager threw, so that the client shows the same message as
 * embedded; gRPC's own status is left for the transport (peer gone, deadline passed).
 */
final class ClusterRpc {
    static final String SERVICE = "runnel.Cluster";

    static final MethodDescriptor<SubmitJob, Outcome> SUBMIT_JOB = method("SubmitJob", SubmitJob.class);
    static final MethodDescriptor<ForJob, Outcome> CANCEL_JOB = method("CancelJob", ForJob.class);
    static final MethodDescriptor<ForJob, Outcome> GET_JOB = method("GetJob", ForJob.class);
    static final MethodDescriptor<ForJob, Outcome> LIST_JOBS = method("ListJobs", ForJob.class);
    /** Answered when the job has ended: a long call, without a deadline. */
    static final MethodDescriptor<ForJob, Outcome> JOB_TERMINATION = method("JobTermination", ForJob.class);
    static final MethodDescriptor<FetchResults, Outcome> FETCH_RESULTS = method("FetchResults", FetchResults.class);
    static final MethodDescriptor<Savepoint, Outcome> SAVEPOINT = method("Savepoint", Savepoint.class);
    /** Answered once the rescale is under way (not when it is done), like {@code ClusterClient.rescaleJob}. */
    static final MethodDescriptor<Rescale, Outcome> RESCALE_JOB = method("RescaleJob", Rescale.class);
    /** The TaskManagers registered now ({@code runnel cluster status}); {@code jobId} is null. */
    static final MethodDescriptor<ForJob, Outcome> LIST_TASK_MANAGERS = method("ListTaskManagers", ForJob.class);

    /** The cluster's processes ({@code ClusterClient.overview}); {@code jobId} is null. */
    static final MethodDescriptor<ForJob, Outcome> OVERVIEW = method("Overview", ForJob.class);
    /** The sessions' catalog ({@code ClusterClient.readCatalog}); {@code jobId} is null. */
    static final MethodDescriptor<ForJob, Outcome> READ_CATALOG = method("ReadCatalog", ForJob.class);
    /** A compare-and-set of the sessions' catalog ({@code ClusterClient.writeCatalog}). */
    static final MethodDescriptor<WriteCatalog, Outcome> WRITE_CATALOG = method("WriteCatalog", WriteCatalog.class);

    /** A JAR of a job's ({@code pipeline.jars}) into the JobManager's blob store; answered with its key. */
    static final MethodDescriptor<Blob, Outcome> UPLOAD_BLOB = method("UploadBlob", Blob.class);
    /** A blob's bytes, for a TaskManager that runs a job that needs it. */
    static final MethodDescriptor<ForBlob, Outcome> FETCH_BLOB = method("FetchBlob", ForBlob.class);

    private ClusterRpc() {
    }

    private static <Q> MethodDescriptor<Q, Outcome> method(String name, Class<Q> request) {
        return MethodDescriptor.<Q, Outcome>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, name))
                .setRequestMarshaller(new JavaSerialization<>(request))
                .setResponseMarshaller(new JavaSerialization<>(Outcome.class))
                .build();
    }

    record SubmitJob(JobGraph jobGraph) implements Serializable {
    }

    /** A call about one job; {@code jobId} is null for {@link #LIST_JOBS} and {@link #LIST_TASK_MANAGERS}. */
    record ForJob(JobId jobId) implements Serializable {
    }

    record Blob(byte[] bytes) implements Serializable {
    }

    record ForBlob(String key) implements Serializable {
    }

    record FetchResults(JobId jobId, int maxRows, Duration timeout) implements Serializable {
    }

    /**
     * A savepoint, or with {@code stop} a stop-with-savepoint.
     *
     * @param drain with {@code stop}: end the sources' input first (Flink's {@code --drain})
     */
    record Savepoint(JobId jobId, String targetDirectory, boolean stop, boolean drain) implements Serializable {
    }

    record WriteCatalog(String expectedVersion, byte[] contents) implements Serializable {
    }

    /** A rescale of the whole job: its vertices that follow the job's parallelism get {@code parallelism}. */
    record Rescale(JobId jobId, int parallelism) implements Serializable {
    }

    /** What a call returned ({@code value}, possibly null) or the exception it failed with. */
    record Outcome(Serializable value, RuntimeException failure) implements Serializable {
        static Outcome of(Object value) {
            return new Outcome((Serializable) value, null);
        }

        static Outcome failed(RuntimeException failure) {
            return new Outcome(null, portable(failure));
        }

        /*
         * The failure as the client can read it: as it is when it and its causes are Runnel's or
         * the JDK's classes, else a RemoteFailure with the same message (a Calcite or Jackson
         * exception in the chain would be refused by the client's filter).
         */
        private static RuntimeException portable(RuntimeException failure) {
            for (Throwable t = failure; t != null; t = t.getCause()) {
                String name = t.getClass().getName();
                if (!name.startsWith("java.") && !name.startsWith("dev.runnel.")) {
                    RemoteFailure copy = new RemoteFailure(failure.getClass().getName(), failure.getMessage());
                    copy.setStackTrace(failure.getStackTrace());
                    return copy;
                }
            }
            return failure;
        }
    }

    /** A failure on the JobManager whose own class the client may not have. */
    static final class RemoteFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RemoteFailure(String className, String message) {
            super(message == null ? className : message);
        }
    }
}
