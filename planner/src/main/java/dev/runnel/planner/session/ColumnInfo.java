package dev.runnel.planner.session;

import dev.runnel.runtime.types.DataType;

/** A result column: its name and SQL type. */
public record ColumnInfo(String name, DataType type) {
}
