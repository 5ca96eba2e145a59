package dev.runnel.runtime.jobgraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * Java serialization of what Runnel's processes hand each other as objects (job graphs, whose
 * operators are {@link java.io.Serializable}, and the cluster's control messages), read back
 * with a filter: only Runnel's and the JDK's classes (and arrays of them), at a bounded depth
 * and size, so that bytes from a peer or a shared directory cannot make this process
 * instantiate arbitrary classes.
 */
public final class FilteredSerialization {
    /** The largest object graph read (a job graph, a chunk of result rows). */
    public static final int MAX_BYTES = 64 << 20;

    private static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=200;maxbytes=" + MAX_BYTES + ";dev.runnel.**;java.**;!*");

    private FilteredSerialization() {
    }

    /** The serialized form of {@code value}; fails naming the class that is not serializable. */
    public static byte[] toBytes(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads one {@code type} from {@code stream} through the filter.
     *
     * @throws java.io.InvalidClassException when the bytes name a class the filter refuses
     * @throws ClassCastException when they hold something else than a {@code type}
     */
    public static <T> T fromBytes(InputStream stream, Class<T> type) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(stream)) {
            in.setObjectInputFilter(FILTER);
            return type.cast(in.readObject());
        }
    }
}
