package dev.runnel.runtime.operators.expand;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Flink's Expand, which grouping sets are planned with: each input row becomes one output row
 * per {@link Projection} (one per grouping set), of the same kind, so that a retraction expands
 * into the retractions of what its insert expanded into. Stateless.
 *
 * @param name        readable name, such as {@code Expand(projects=[{a, b, 0 AS $e}, {a, null AS b, 1 AS $e}])}
 * @param projections the output rows made of each input row, in order
 */
public record ExpandOperatorFactory(String name, List<Projection> projections) implements OperatorFactory {
    public ExpandOperatorFactory {
        Objects.requireNonNull(name, "name");
        projections = List.copyOf(projections);
    }

    @Override
    public Operator create() {
        return new ExpandOperator(projections);
    }

    /**
     * One output row: field {@code i} is input field {@code sources[i]}, or {@code constants[i]}
     * (NULL or the grouping set's id) where {@code sources[i]} is -1.
     */
    public record Projection(int[] sources, Object[] constants) implements Serializable {
        public Projection {
            sources = sources.clone();
            constants = constants.clone();
            if (sources.length != constants.length) {
                throw new IllegalArgumentException(sources.length + " sources but " + constants.length + " constants");
            }
        }

        Object[] apply(Object[] input) {
            Object[] out = new Object[sources.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = sources[i] >= 0 ? input[sources[i]] : constants[i];
            }
            return out;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Projection p && Arrays.equals(sources, p.sources) && Arrays.equals(constants, p.constants);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(sources) + Arrays.hashCode(constants);
        }

        @Override
        public String toString() {
            return "Projection" + Arrays.toString(sources) + Arrays.toString(constants);
        }
    }
}
