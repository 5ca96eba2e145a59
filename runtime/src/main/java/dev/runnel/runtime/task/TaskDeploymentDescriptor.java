package dev.runnel.runtime.task;

import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.types.RowType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Everything a TaskManager needs to run one subtask: which vertex and subtask, in which slot,
 * and how its inputs and outputs are wired to the channels of the job's edges.
 *
 * @param slotIndex the TaskManager's slot the subtask runs in
 * @param inputs one entry per edge ending at the vertex
 * @param outputs one entry per edge leaving the vertex; empty for a sink vertex
 * @param restoreState the state the subtask starts from (a checkpoint or savepoint), or {@code null}
 */
public record TaskDeploymentDescriptor(ExecutionAttemptId attemptId, String jobName, int slotIndex, JobVertex vertex,
                                       Configuration jobConfiguration, List<InputWiring> inputs,
                                       List<OutputWiring> outputs, TaskStateSnapshot restoreState) implements Serializable {

    /** A subtask that starts without state. */
    public TaskDeploymentDescriptor(ExecutionAttemptId attemptId, String jobName, int slotIndex, JobVertex vertex,
                                    Configuration jobConfiguration, List<InputWiring> inputs, List<OutputWiring> outputs) {
        this(attemptId, jobName, slotIndex, vertex, jobConfiguration, inputs, outputs, null);
    }

    /**
     * The channels of one input edge, from every producer subtask that sends to this subtask.
     *
     * @param inputNumber the operator input the edge feeds (0 or 1)
     * @param producers where each channel's producer runs: {@code host:port} of its
     *                  TaskManager's data exchange, or {@code null} when it runs in this one;
     *                  empty when all do
     * @param rowType   the schema of the edge's rows ({@link dev.runnel.runtime.jobgraph.JobEdge#rowType()}),
     *                  or {@code null}
     */
    public record InputWiring(int inputNumber, List<ChannelId> channels, List<String> producers, RowType rowType)
            implements Serializable {
        public InputWiring {
            channels = List.copyOf(channels);
            producers = locations(producers, channels, "producer");
        }

        /** An input whose producers all run in the consumer's TaskManager. */
        public InputWiring(int inputNumber, List<ChannelId> channels) {
            this(inputNumber, channels, List.of(), null);
        }

        /** Where channel {@code i}'s producer runs, or {@code null} for this TaskManager. */
        public String producer(int i) {
            return producers.isEmpty() ? null : producers.get(i);
        }
    }

    /**
     * The channels of one output edge, one per subpartition, with how rows are spread over them.
     *
     * @param consumers where each channel's consumer runs: {@code host:port} of its
     *                  TaskManager's data exchange, or {@code null} when it runs in this one;
     *                  empty when all do
     * @param rowType   the schema of the edge's rows, or {@code null}
     */
    public record OutputWiring(Partitioning partitioning, List<ChannelId> channels, List<String> consumers,
                               RowType rowType) implements Serializable {
        public OutputWiring {
            Objects.requireNonNull(partitioning, "partitioning");
            channels = List.copyOf(channels);
            consumers = locations(consumers, channels, "consumer");
        }

        /** An output whose consumers all run in the producer's TaskManager. */
        public OutputWiring(Partitioning partitioning, List<ChannelId> channels) {
            this(partitioning, channels, List.of(), null);
        }

        /** Where channel {@code i}'s consumer runs, or {@code null} for this TaskManager. */
        public String consumer(int i) {
            return consumers.isEmpty() ? null : consumers.get(i);
        }
    }

    /** One location per channel, or none (all in this TaskManager): a copy that keeps its nulls. */
    private static List<String> locations(List<String> locations, List<ChannelId> channels, String side) {
        if (!locations.isEmpty() && locations.size() != channels.size()) {
            throw new IllegalArgumentException(locations.size() + " " + side + " locations for " + channels.size()
                    + " channels");
        }
        // nulls allowed: List.copyOf would refuse them
        return Collections.unmodifiableList(new ArrayList<>(locations));
    }

    public TaskDeploymentDescriptor {
        Objects.requireNonNull(attemptId, "attemptId");
        Objects.requireNonNull(vertex, "vertex");
        jobConfiguration = jobConfiguration.copy();
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    public int subtaskIndex() {
        return attemptId.subtaskIndex();
    }

    public int parallelism() {
        return vertex.parallelism();
    }

    /** A vertex without outgoing edges: its last operator is a sink. */
    public boolean isSinkVertex() {
        return outputs.isEmpty();
    }

    /** {@code Calc -> Sink (2/4)}: the vertex name and the 1-based subtask, as in logs. */
    public String taskName() {
        return vertex.name() + " (" + (subtaskIndex() + 1) + "/" + parallelism() + ")";
    }
}
