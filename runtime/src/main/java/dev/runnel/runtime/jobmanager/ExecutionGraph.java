package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * The parallel form of a job graph: one {@link ExecutionVertex} per subtask, and the channels
 * that wire producer subtasks to consumer subtasks along each edge. A restart replaces every
 * vertex with a new attempt (the generation), whose channels are new too. JobManager main
 * thread only.
 */
public final class ExecutionGraph {
    private final JobId jobId;
    private final JobGraph jobGraph;
    private final List<ExecutionVertex> vertices = new ArrayList<>();
    private final Map<ExecutionAttemptId, ExecutionVertex> byAttempt = new HashMap<>();
    private int generation;

    /**
     * How many attempt numbers each leader of a highly available cluster may use for one job:
     * a new leader's start that far above its former one's ({@link #forNextLeader}).
     */
    static final int ATTEMPTS_PER_LEADER = 1 << 16;

    /**
     * The attempt number of a job's first deployment under this JobManager. A recovered job
     * keeps its id, and TaskManagers may still hold channels (or refuse them, released) of the
     * former leader's attempts: the new leader's attempts and channels must have ids no former
     * one used, so each leader starts {@link #ATTEMPTS_PER_LEADER} higher, written into the job
     * graph in the HA store before it deploys anything.
     */
    static final ConfigOption<Integer> FIRST_ATTEMPT = ConfigOption.of("$internal.jobmanager.first-attempt",
            Integer.class, 0, "The attempt number of a job's first deployment under the current leader.");

    /** @throws IllegalArgumentException if the graph cannot run as given (the message says why) */
    public ExecutionGraph(JobId jobId, JobGraph jobGraph) {
        this(jobId, jobGraph, jobGraph.configuration().get(FIRST_ATTEMPT));
    }

    private ExecutionGraph(JobId jobId, JobGraph jobGraph, int generation) {
        this.jobId = jobId;
        this.jobGraph = jobGraph;
        this.generation = generation;
        validate(jobGraph);
        createVertices();
    }

    /**
     * For a rescale: the execution graph of {@code rescaled} (this job at other parallelisms),
     * whose attempts follow this one's (none of which may be deployed or running), as a restart's do.
     */
    ExecutionGraph rescaled(JobGraph rescaled) {
        boolean deployed = vertices.stream().anyMatch(v -> !v.state().isTerminal()
                && v.state() != ExecutionState.CREATED && v.state() != ExecutionState.SCHEDULED);
        if (deployed) {
            throw new IllegalStateException("Cannot rescale while subtasks still run");
        }
        return new ExecutionGraph(jobId, rescaled, generation + 1);
    }

    private void createVertices() {
        vertices.clear();
        byAttempt.clear();
        for (JobVertex vertex : jobGraph.vertices()) {
            for (int i = 0; i < vertex.parallelism(); i++) {
                ExecutionVertex ev = new ExecutionVertex(jobId, vertex, i, generation);
                vertices.add(ev);
                byAttempt.put(ev.attemptId(), ev);
            }
        }
    }

    /** {@code graph} as a new leader runs it: its attempts numbered above any a former leader used. */
    static JobGraph forNextLeader(JobGraph graph) {
        Configuration configuration = graph.configuration().copy();
        configuration.set(FIRST_ATTEMPT.key(),
                String.valueOf(graph.configuration().get(FIRST_ATTEMPT) + ATTEMPTS_PER_LEADER));
        return new JobGraph(graph.name(), graph.vertices(), graph.edges(), configuration);
    }

    /** Replaces every vertex (all of them terminal) with a new attempt, for a restart. */
    void restart() {
        if (!allTerminal()) {
            throw new IllegalStateException("Cannot restart while subtasks still run");
        }
        generation++;
        createVertices();
    }

    /** The attempt number of every current vertex: one more at each restart. */
    int generation() {
        return generation;
    }

    /**
     * The subtasks that send to {@code vertex}: a checkpoint starts at a running subtask whose
     * producers all finished, since no barrier can come from them.
     */
    List<ExecutionVertex> producersOf(ExecutionVertex vertex) {
        List<ExecutionVertex> producers = new ArrayList<>();
        int subtask = vertex.subtaskIndex();
        for (JobEdge edge : jobGraph.edges()) {
            if (edge.targetId() != vertex.jobVertex().id()) {
                continue;
            }
            for (ExecutionVertex candidate : vertices) {
                if (candidate.jobVertex().id() != edge.sourceId()) {
                    continue;
                }
                boolean connected = edge.partitioning() instanceof Partitioning.Forward
                        ? candidate.subtaskIndex() == subtask
                        : !(edge.partitioning() instanceof Partitioning.Global) || subtask == 0;
                if (connected) {
                    producers.add(candidate);
                }
            }
        }
        return producers;
    }

    private static void validate(JobGraph graph) {
        if (graph.vertices().isEmpty()) {
            throw new IllegalArgumentException("Job '" + graph.name() + "' has no vertices");
        }
        int maxParallelism = graph.configuration().get(RuntimeOptions.MAX_PARALLELISM);
        for (JobVertex v : graph.vertices()) {
            if (v.parallelism() > maxParallelism) {
                throw new IllegalArgumentException("Vertex '" + v.name() + "' has parallelism " + v.parallelism()
                        + ", more than pipeline.max-parallelism (" + maxParallelism + ")");
            }
        }
        for (JobEdge e : graph.edges()) {
            JobVertex from = graph.vertex(e.sourceId());
            JobVertex to = graph.vertex(e.targetId());
            if (e.partitioning() instanceof Partitioning.Forward && from.parallelism() != to.parallelism()) {
                throw new IllegalArgumentException("FORWARD edge from '" + from.name() + "' (parallelism "
                        + from.parallelism() + ") to '" + to.name() + "' (parallelism " + to.parallelism()
                        + ") needs equal parallelism");
            }
        }
    }

    public JobGraph jobGraph() {
        return jobGraph;
    }

    public List<ExecutionVertex> vertices() {
        return vertices;
    }

    /** The vertex of a current attempt, or {@code null} for an unknown or outdated attempt. */
    public ExecutionVertex vertex(ExecutionAttemptId attemptId) {
        return byAttempt.get(attemptId);
    }

    public boolean allInState(ExecutionState state) {
        return vertices.stream().allMatch(v -> v.state() == state);
    }

    public boolean allTerminal() {
        return vertices.stream().allMatch(v -> v.state().isTerminal());
    }

    /** What the TaskManager needs to run {@code vertex} in slot {@code slotIndex}, without state. */
    public TaskDeploymentDescriptor deploymentFor(ExecutionVertex vertex, int slotIndex) {
        return deploymentFor(vertex, slotIndex, null);
    }

    /** What the TaskManager needs to run {@code vertex} in slot {@code slotIndex}, from {@code restoreState}. */
    public TaskDeploymentDescriptor deploymentFor(ExecutionVertex vertex, int slotIndex, TaskStateSnapshot restoreState) {
        return deploymentFor(vertex, slotIndex, restoreState, producer -> null);
    }

    /**
     * {@link #deploymentFor(ExecutionVertex, int, TaskStateSnapshot)} where producers and
     * consumers may run in other TaskManagers: {@code location} gives, for a subtask index of
     * another vertex, the data address of the TaskManager it runs in, or {@code null} when that
     * is this subtask's (with slot sharing, subtask i of every vertex runs in the job's slot i).
     */
    public TaskDeploymentDescriptor deploymentFor(ExecutionVertex vertex, int slotIndex, TaskStateSnapshot restoreState,
                                                  IntFunction<String> location) {
        int id = vertex.jobVertex().id();
        int subtask = vertex.subtaskIndex();
        List<TaskDeploymentDescriptor.InputWiring> inputs = new ArrayList<>();
        List<TaskDeploymentDescriptor.OutputWiring> outputs = new ArrayList<>();
        List<JobEdge> edges = jobGraph.edges();
        for (int e = 0; e < edges.size(); e++) {
            JobEdge edge = edges.get(e);
            int producers = jobGraph.vertex(edge.sourceId()).parallelism();
            int consumers = jobGraph.vertex(edge.targetId()).parallelism();
            if (edge.targetId() == id) {
                List<ChannelId> channels = inputChannels(e, edge.partitioning(), producers, subtask);
                inputs.add(new TaskDeploymentDescriptor.InputWiring(edge.targetInput(), channels,
                        locations(channels, ChannelId::producerSubtask, location), edge.rowType()));
            }
            if (edge.sourceId() == id) {
                List<ChannelId> channels = outputChannels(e, edge.partitioning(), consumers, subtask);
                outputs.add(new TaskDeploymentDescriptor.OutputWiring(edge.partitioning(), channels,
                        locations(channels, ChannelId::consumerSubtask, location), edge.rowType()));
            }
        }
        return new TaskDeploymentDescriptor(vertex.attemptId(), jobGraph.name(), slotIndex, vertex.jobVertex(),
                jobGraph.configuration(), inputs, outputs, restoreState);
    }

    /** Where the other end of each channel runs, or an empty list when all run here. */
    private static List<String> locations(List<ChannelId> channels, ToIntFunction<ChannelId> otherEnd,
                                          IntFunction<String> location) {
        List<String> locations = new ArrayList<>(channels.size());
        channels.forEach(channel -> locations.add(location.apply(otherEnd.applyAsInt(channel))));
        return locations.stream().allMatch(Objects::isNull) ? List.of() : locations;
    }

    private List<ChannelId> outputChannels(int edge, Partitioning partitioning, int consumers, int producer) {
        if (partitioning instanceof Partitioning.Forward) {
            return List.of(new ChannelId(jobId, edge, producer, producer, generation));
        }
        if (partitioning instanceof Partitioning.Global) {
            return List.of(new ChannelId(jobId, edge, producer, 0, generation));
        }
        List<ChannelId> channels = new ArrayList<>(consumers);
        for (int c = 0; c < consumers; c++) {
            channels.add(new ChannelId(jobId, edge, producer, c, generation));
        }
        return channels;
    }

    private List<ChannelId> inputChannels(int edge, Partitioning partitioning, int producers, int consumer) {
        if (partitioning instanceof Partitioning.Forward) {
            return List.of(new ChannelId(jobId, edge, consumer, consumer, generation));
        }
        if (partitioning instanceof Partitioning.Global && consumer != 0) {
            return List.of();
        }
        List<ChannelId> channels = new ArrayList<>(producers);
        for (int p = 0; p < producers; p++) {
            channels.add(new ChannelId(jobId, edge, p, consumer, generation));
        }
        return channels;
    }
}
