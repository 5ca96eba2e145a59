package dev.runnel.planner.plan.logical;

import dev.runnel.runtime.operators.rank.RankType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * What a Top-N computes: {@code rankType() OVER (PARTITION BY partitionKey ORDER BY order)}
 * restricted to ranks {@code [rankStart, rankEnd]}, with the rank number as an extra last
 * column when {@code outputRankNumber}.
 *
 * @param rankFieldName the name of the rank number column
 */
public record RankSpec(ImmutableBitSet partitionKey, RelCollation order, RankType rankType, long rankStart,
                       long rankEnd, boolean outputRankNumber, String rankFieldName) {
    public RankSpec {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(rankType, "rankType");
    }

    public RankSpec withoutRankNumber() {
        return new RankSpec(partitionKey, order, rankType, rankStart, rankEnd, false, rankFieldName);
    }

    /**
     * Whether NULL sorts first for {@code field}: as written, else as Flink's default (NULLs are
     * the smallest values: first ascending, last descending).
     */
    public static boolean nullsFirst(RelFieldCollation field) {
        return switch (field.nullDirection) {
            case FIRST -> true;
            case LAST -> false;
            case UNSPECIFIED -> !field.direction.isDescending();
        };
    }

    /** {@code rankType → ROW_NUMBER, rankRange → rankStart=1, rankEnd=3, partitionBy → …, orderBy → …}, the terms of Flink's Rank. */
    public Map<String, String> explainItems(List<String> inputFields) {
        Map<String, String> items = new LinkedHashMap<>();
        items.put("rankType", rankType.name());
        items.put("rankRange", "rankStart=" + rankStart + ", rankEnd=" + rankEnd);
        items.put("partitionBy", String.join(", ", partitionKey.asList().stream().map(inputFields::get).toList()));
        items.put("orderBy", orderText(order, inputFields));
        return items;
    }

    /** {@code amount DESC, price ASC}, with a null order only where it is not the default. */
    public static String orderText(RelCollation order, List<String> inputFields) {
        List<String> keys = new ArrayList<>();
        for (RelFieldCollation field : order.getFieldCollations()) {
            boolean descending = field.direction.isDescending();
            String text = inputFields.get(field.getFieldIndex()) + (descending ? " DESC" : " ASC");
            boolean nullsFirst = nullsFirst(field);
            if (nullsFirst == descending) {
                text += nullsFirst ? " NULLS FIRST" : " NULLS LAST";
            }
            keys.add(text);
        }
        return String.join(", ", keys);
    }
}
