package dev.runnel.runtime.jobgraph;

import dev.runnel.runtime.config.Configuration;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a client submits: vertices (chains of operators with a parallelism) and the edges
 * between them, with the job's name and configuration. Serializable and free of SQL.
 */
public record JobGraph(String name, List<JobVertex> vertices, List<JobEdge> edges, Configuration configuration)
        implements Serializable {

    public JobGraph {
        Objects.requireNonNull(name, "name");
        vertices = List.copyOf(vertices);
        edges = List.copyOf(edges);
        configuration = configuration.copy();
        Set<Integer> ids = new HashSet<>();
        for (JobVertex v : vertices) {
            if (!ids.add(v.id())) {
                throw new IllegalArgumentException("Duplicate vertex id " + v.id());
            }
        }
        for (JobEdge e : edges) {
            if (!ids.contains(e.sourceId()) || !ids.contains(e.targetId())) {
                throw new IllegalArgumentException("Edge " + e + " refers to an unknown vertex");
            }
        }
    }

    public JobVertex vertex(int id) {
        for (JobVertex v : vertices) {
            if (v.id() == id) {
                return v;
            }
        }
        throw new IllegalArgumentException("No vertex " + id);
    }

    public List<JobEdge> inputsOf(int vertexId) {
        List<JobEdge> in = new ArrayList<>();
        for (JobEdge e : edges) {
            if (e.targetId() == vertexId) {
                in.add(e);
            }
        }
        return in;
    }

    public List<JobEdge> outputsOf(int vertexId) {
        List<JobEdge> out = new ArrayList<>();
        for (JobEdge e : edges) {
            if (e.sourceId() == vertexId) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The job's parallelism: that of its vertices that {@linkplain JobVertex#followsJob follow the
     * job} (the largest, should they differ), or the largest vertex parallelism when none does.
     */
    public int parallelism() {
        return vertices.stream().filter(JobVertex::followsJob).mapToInt(JobVertex::parallelism).max()
                .orElse(maxParallelism());
    }

    /** Whether rescaling changes anything: some vertex follows the job's parallelism. */
    public boolean isRescalable() {
        return vertices.stream().anyMatch(JobVertex::followsJob);
    }

    /**
     * This job at {@code newParallelism}: every vertex that follows the job gets it, the others
     * keep theirs. A {@code FORWARD} edge whose ends then differ becomes {@code REBALANCE} (the
     * planner chose {@code FORWARD} only because the parallelisms matched; no keyed exchange is
     * ever {@code FORWARD}).
     */
    public JobGraph withParallelism(int newParallelism) {
        List<JobVertex> rescaled = new ArrayList<>();
        for (JobVertex v : vertices) {
            rescaled.add(v.followsJob() ? v.withParallelism(newParallelism) : v);
        }
        JobGraph scaled = new JobGraph(name, rescaled, List.of(), configuration);
        List<JobEdge> newEdges = new ArrayList<>();
        for (JobEdge e : edges) {
            boolean mismatch = scaled.vertex(e.sourceId()).parallelism() != scaled.vertex(e.targetId()).parallelism();
            newEdges.add(mismatch && e.partitioning() instanceof Partitioning.Forward
                    ? new JobEdge(e.sourceId(), e.targetId(), e.targetInput(), new Partitioning.Rebalance(), e.rowType())
                    : e);
        }
        return new JobGraph(name, rescaled, newEdges, configuration);
    }

    /** The number of slots the job needs with slot sharing: the largest vertex parallelism. */
    public int maxParallelism() {
        return vertices.stream().mapToInt(JobVertex::parallelism).max().orElse(0);
    }
}
