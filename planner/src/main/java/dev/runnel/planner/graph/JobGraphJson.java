package dev.runnel.planner.graph;

import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A job graph as JSON ({@code EXPLAIN JSON_EXECUTION_PLAN}): its vertices with id, name,
 * parallelism, source and chained operators, and its edges with their partitioning. Laid out
 * as Jackson's default pretty printer does, two spaces per level.
 */
public final class JobGraphJson {
    private JobGraphJson() {
    }

    public static String toJson(JobGraph graph) {
        List<String> vertices = new ArrayList<>();
        for (JobVertex v : graph.vertices()) {
            List<String> fields = new ArrayList<>();
            fields.add(field("id", String.valueOf(v.id())));
            fields.add(field("name", string(v.name())));
            fields.add(field("parallelism", String.valueOf(v.parallelism())));
            if (v.isSource()) {
                fields.add(field("source", string(v.source().name())));
            }
            List<String> operators = new ArrayList<>();
            for (OperatorFactory operator : v.operators()) {
                operators.add(string(operator.name()));
            }
            fields.add(field("operators", array(operators)));
            vertices.add(object(fields, "    "));
        }
        List<String> edges = new ArrayList<>();
        for (JobEdge e : graph.edges()) {
            edges.add(object(List.of(
                    field("source", String.valueOf(e.sourceId())),
                    field("target", String.valueOf(e.targetId())),
                    field("input", String.valueOf(e.targetInput())),
                    field("partitioning", string(e.partitioning().toString()))), "    "));
        }
        return "{\n"
                + "  " + field("name", string(graph.name())) + ",\n"
                + "  " + field("vertices", array(vertices)) + ",\n"
                + "  " + field("edges", array(edges)) + "\n"
                + "}";
    }

    private static String field(String name, String json) {
        return string(name) + " : " + json;
    }

    /** An object whose fields sit at {@code indent}, its closing brace two spaces less. */
    private static String object(List<String> fields, String indent) {
        return "{\n" + indent + String.join(",\n" + indent, fields) + "\n" + indent.substring(2) + "}";
    }

    /** Jackson's layout: {@code [ a, b ]}, objects as {@code [ {…}, {…} ]}. */
    private static String array(List<String> elements) {
        return elements.isEmpty() ? "[ ]" : "[ " + String.join(", ", elements) + " ]";
    }

    static String string(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
