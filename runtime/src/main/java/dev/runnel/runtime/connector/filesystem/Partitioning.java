package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a filesystem table's rows map to Hive-style partition directories, as in Flink:
 * a row goes to {@code k1=v1/k2=v2/} under the table's path (keys in {@code PARTITIONED BY}
 * order), its partition columns are not written into the file, and a reader fills them from
 * the directory names again. A NULL or empty value is written as the default partition name
 * ({@code __DEFAULT_PARTITION__}), which reads back as NULL. Characters that cannot appear in a
 * directory name are escaped as {@code %XX}, with Flink's (and Hive's) set of escaped characters.
 * An unpartitioned table has no keys: its data row is the whole row and its path is empty.
 */
final class Partitioning implements Serializable {
    private static final long serialVersionUID = 1L;

    private final RowType schema;
    private final List<String> keys;
    private final int[] keyIndexes;
    private final int[] dataIndexes;
    private final RowType dataType;
    private final String defaultName;

    Partitioning(RowType schema, List<String> keys, String defaultName) {
        this.schema = schema;
        this.keys = List.copyOf(keys);
        this.defaultName = defaultName;
        keyIndexes = new int[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            keyIndexes[i] = schema.indexOf(keys.get(i));
            if (keyIndexes[i] < 0) {
                throw new IllegalArgumentException("Partition column '" + keys.get(i) + "' is not in " + schema);
            }
        }
        List<RowType.Field> data = new ArrayList<>();
        dataIndexes = new int[schema.arity() - keys.size()];
        int d = 0;
        for (int i = 0; i < schema.arity(); i++) {
            if (!keys.contains(schema.name(i))) {
                dataIndexes[d++] = i;
                data.add(schema.field(i));
            }
        }
        dataType = new RowType(data);
    }

    boolean isPartitioned() {
        return !keys.isEmpty();
    }

    List<String> keys() {
        return keys;
    }

    /** The columns written into the files: every physical column but the partition columns. */
    RowType dataType() {
        return dataType;
    }

    /** The partition directory of {@code row} relative to the table's path, such as {@code dt=2024-01-01/hr=10}. */
    String path(Row row) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < keyIndexes.length; i++) {
            if (i > 0) {
                sb.append('/');
            }
            int index = keyIndexes[i];
            String text = Values.toText(row.getField(index), schema.type(index));
            sb.append(escape(keys.get(i))).append('=')
                    .append(text == null || text.isEmpty() ? defaultName : escape(text));
        }
        return sb.toString();
    }

    /** The part of {@code row} that is written into a file. */
    Row dataRow(Row row) {
        if (!isPartitioned()) {
            return row;
        }
        Object[] fields = new Object[dataIndexes.length];
        for (int i = 0; i < dataIndexes.length; i++) {
            fields[i] = row.getField(dataIndexes[i]);
        }
        return new Row(row.kind(), fields);
    }

    /** The table's row from a row read from a file and the values of its partition directory. */
    Row fullRow(Row data, Object[] partitionValues) {
        if (!isPartitioned()) {
            return data;
        }
        Object[] fields = new Object[schema.arity()];
        for (int i = 0; i < dataIndexes.length; i++) {
            fields[dataIndexes[i]] = data.getField(i);
        }
        for (int i = 0; i < keyIndexes.length; i++) {
            fields[keyIndexes[i]] = partitionValues[i];
        }
        return new Row(data.kind(), fields);
    }

    /**
     * Whether {@code relativeDir} (relative to the table's path) is a partition directory of this
     * table: exactly one {@code key=value} level per partition key, in order. For an
     * unpartitioned table only the table's directory itself is.
     */
    boolean isPartitionDirectory(Path relativeDir) {
        int levels = relativeDir == null || relativeDir.toString().isEmpty() ? 0 : relativeDir.getNameCount();
        if (levels != keys.size()) {
            return false;
        }
        for (int i = 0; i < levels; i++) {
            String name = relativeDir.getName(i).toString();
            int eq = name.indexOf('=');
            if (eq < 0 || !unescape(name.substring(0, eq)).equals(keys.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The partition column values of the partition directory {@code relativeDir}.
     *
     * @throws IllegalArgumentException if a value does not convert to its column's type
     */
    Object[] values(Path relativeDir) {
        Object[] values = new Object[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            String name = relativeDir.getName(i).toString();
            String text = unescape(name.substring(name.indexOf('=') + 1));
            values[i] = text.equals(defaultName) ? null : convert(text, keyIndexes[i], name);
        }
        return values;
    }

    private Object convert(String text, int index, String directory) {
        DataType type = schema.type(index);
        try {
            return TextValues.parse(text, type);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Partition directory '" + directory + "' has a value that is not a "
                    + type + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
    }

    /** Whether a partition value of {@code type} can be written as a directory name and read back. */
    static boolean supportedKeyType(DataType type) {
        return type.root() != TypeRoot.BINARY && type.root() != TypeRoot.VARBINARY;
    }

    /** {@code text} with the characters that cannot stand in a directory name as {@code %XX}. */
    static String escape(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (needsEscape(c)) {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                sb.append('%').append(String.format("%02X", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? text : sb.toString();
    }

    private static boolean needsEscape(char c) {
        return c < 0x20 || c == 0x7F || "\"#%'*/:=?\\{[]^".indexOf(c) >= 0;
    }

    /** The inverse of {@link #escape}; a {@code %} not followed by two hex digits stays as it is. */
    static String unescape(String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length()) {
                int hi = Character.digit(text.charAt(i + 1), 16);
                int lo = Character.digit(text.charAt(i + 2), 16);
                if (hi >= 0 && lo >= 0) {
                    sb.append((char) (hi * 16 + lo));
                    i += 2;
                    continue;
                }
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
