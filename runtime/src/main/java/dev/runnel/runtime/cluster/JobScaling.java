package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/**
 * How a job's parallelism is chosen and how it changed, for {@code SHOW JOBS} and REST.
 *
 * <p>The job's parallelism is that of its vertices that follow the job (those the planner gave
 * {@code parallelism.default}); vertices whose parallelism was fixed (a global aggregate, a
 * collect sink, {@code sink.parallelism}) keep theirs when the job rescales.
 *
 * @param parallelism the parallelism the job runs (or last ran) at
 * @param target the parallelism it is moving to: the same as {@code parallelism} when it is not
 *               rescaling; for a reactive job what the slots of the cluster allow it
 * @param reactive whether the job follows the slots of the cluster ({@code scheduler-mode: reactive})
 * @param rescales the rescales so far, oldest first, at most {@link #MAX_RESCALES}
 */
public record JobScaling(int parallelism, int target, boolean reactive, List<Rescale> rescales)
        implements Serializable {
    /** How many rescales are kept, as the exception history keeps failures. */
    public static final int MAX_RESCALES = 16;

    /** Where the JobManager did not say. */
    public static final JobScaling NONE = new JobScaling(0, 0, false, List.of());

    public JobScaling {
        rescales = List.copyOf(rescales.subList(Math.max(0, rescales.size() - MAX_RESCALES), rescales.size()));
    }

    /** Whether the job is on its way to another parallelism. */
    public boolean rescaling() {
        return target != parallelism;
    }

    /**
     * One change of the job's parallelism.
     *
     * @param time when the job started running at {@code to}
     * @param reason why: {@code "ALTER JOB"}, {@code "TaskManager … joined"}, {@code "TaskManager … lost"}, …
     * @param checkpointId the checkpoint the subtasks at {@code to} restored, {@code -1} if none
     */
    public record Rescale(Instant time, int from, int to, String reason, long checkpointId) implements Serializable {
    }
}
