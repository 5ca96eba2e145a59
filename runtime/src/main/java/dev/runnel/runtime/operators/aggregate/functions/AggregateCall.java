package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.types.DataType;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One aggregate call of a query, as the planner hands it to the runtime: which function, which
 * fields of the input row it reads, and the types involved.
 *
 * @param kind       the function
 * @param args       indexes of the argument fields in the input row (empty for {@code COUNT(*)};
 *                   for {@code LISTAGG} the value and, optionally, the separator field)
 * @param argTypes   the types of those fields, in the same order
 * @param resultType the type of the function's result (as Calcite/Flink derive it, e.g.
 *                   {@code BIGINT NOT NULL} for COUNT, {@code DECIMAL(38, s)} for SUM of a DECIMAL)
 * @param distinct   whether duplicate argument values count once ({@code COUNT(DISTINCT x)})
 * @param filterArg  index of a BOOLEAN field of the input row; the call sees only rows where it
 *                   is TRUE ({@code COUNT(*) FILTER (WHERE …)}); -1 when there is no filter
 * @param name       the output column name, for plans and errors
 */
public record AggregateCall(AggregateKind kind, int[] args, List<DataType> argTypes, DataType resultType,
                            boolean distinct, int filterArg, String name) implements Serializable {
    public AggregateCall {
        Objects.requireNonNull(kind, "kind");
        args = args.clone();
        argTypes = List.copyOf(argTypes);
        Objects.requireNonNull(resultType, "resultType");
        if (args.length != argTypes.size()) {
            throw new IllegalArgumentException("Aggregate " + name + ": " + args.length + " arguments but "
                    + argTypes.size() + " argument types");
        }
    }

    /** A call without DISTINCT and FILTER. */
    public static AggregateCall of(AggregateKind kind, int[] args, List<DataType> argTypes, DataType resultType,
                                   String name) {
        return new AggregateCall(kind, args, argTypes, resultType, false, -1, name);
    }

    @Override
    public int[] args() {
        return args.clone();
    }

    /** The index of the {@code i}-th argument field. */
    public int arg(int i) {
        return args[i];
    }

    public int argCount() {
        return args.length;
    }

    public boolean hasFilter() {
        return filterArg >= 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AggregateCall c && kind == c.kind && Arrays.equals(args, c.args)
                && argTypes.equals(c.argTypes) && resultType.equals(c.resultType) && distinct == c.distinct
                && filterArg == c.filterArg && Objects.equals(name, c.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, Arrays.hashCode(args), argTypes, resultType, distinct, filterArg, name);
    }

    /** {@code COUNT(DISTINCT $1) FILTER $3}, in the style of plan text. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind == AggregateKind.COUNT_STAR ? "COUNT" : kind.name()).append('(');
        if (distinct) {
            sb.append("DISTINCT ");
        }
        if (args.length == 0) {
            sb.append('*');
        }
        for (int i = 0; i < args.length; i++) {
            sb.append(i > 0 ? ", $" : "$").append(args[i]);
        }
        sb.append(')');
        if (filterArg >= 0) {
            sb.append(" FILTER $").append(filterArg);
        }
        return sb.toString();
    }
}
