package dev.runnel.planner.catalog;

import dev.runnel.runtime.types.DataType;
import java.util.Objects;

/**
 * One column of a {@link CatalogTable}, of Flink's three kinds. Only physical columns reach the
 * connector's schema; metadata columns are read from (or written to) the connector's metadata;
 * computed columns are evaluated after the scan and can never be written.
 */
public sealed interface TableColumn {
    String name();

    /** The column's type, nullability included. */
    DataType type();

    /** The column's comment, or {@code null}. */
    String comment();

    /** Whether an {@code INSERT} writes this column (physical and non-virtual metadata columns). */
    default boolean persisted() {
        return this instanceof Physical || (this instanceof Metadata m && !m.isVirtual());
    }

    /** A copy of this column with another type. */
    TableColumn withType(DataType newType);

    /** {@code name type [NOT NULL] [COMMENT '...']}. */
    record Physical(String name, DataType type, String comment) implements TableColumn {
        public Physical {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        @Override
        public TableColumn withType(DataType newType) {
            return new Physical(name, newType, comment);
        }
    }

    /**
     * {@code name AS expression}.
     *
     * @param expression the expression as SQL text in Runnel's dialect (backtick-quoted
     *                   identifiers), validated against the table's other columns when created
     * @param type the expression's type
     */
    record Computed(String name, DataType type, String expression, String comment) implements TableColumn {
        public Computed {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(expression, "expression");
        }

        @Override
        public TableColumn withType(DataType newType) {
            return new Computed(name, newType, expression, comment);
        }
    }

    /**
     * {@code name type METADATA [FROM 'key'] [VIRTUAL]}.
     *
     * @param metadataKey the key after FROM, or {@code null} when the column's name is the key
     */
    record Metadata(String name, DataType type, String metadataKey, boolean isVirtual, String comment)
            implements TableColumn {
        public Metadata {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /** The connector's metadata key this column reads. */
        public String key() {
            return metadataKey == null ? name : metadataKey;
        }

        @Override
        public TableColumn withType(DataType newType) {
            return new Metadata(name, newType, metadataKey, isVirtual, comment);
        }
    }
}
