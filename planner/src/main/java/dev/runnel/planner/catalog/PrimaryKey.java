package dev.runnel.planner.catalog;

import java.util.List;
import java.util.Objects;

/**
 * {@code CONSTRAINT name PRIMARY KEY (columns) NOT ENFORCED}: the key's columns are NOT NULL;
 * nothing checks uniqueness (Runnel does not own the data).
 *
 * @param name the constraint's name, generated as Flink does ({@code PK_<columns>}) when none was given
 */
public record PrimaryKey(String name, List<String> columns) {
    public PrimaryKey {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
    }

    /** The name Flink gives an unnamed key: {@code PK_} and the column names joined by {@code _}. */
    public static String defaultName(List<String> columns) {
        return "PK_" + String.join("_", columns);
    }
}
