package dev.runnel.runtime.rpc;

import dev.runnel.runtime.jobgraph.FilteredSerialization;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.UncheckedIOException;

/**
 * The gRPC marshaller of the cluster's control calls: Java serialization, as Flink's RPC uses for
 * job graphs and their operators, which are {@link java.io.Serializable} already, read back
 * through {@link FilteredSerialization}'s filter (only Runnel's and the JDK's classes).
 */
final class JavaSerialization<T> implements MethodDescriptor.Marshaller<T> {
    /** The largest message either side accepts (a job graph, a chunk of result rows). */
    static final int MAX_BYTES = FilteredSerialization.MAX_BYTES;

    private final Class<T> type;

    JavaSerialization(Class<T> type) {
        this.type = type;
    }

    /*
     * gRPC calls stream() inside a stream's onNext and, when it throws, only cancels the stream:
     * the sender never learns why. prepare() serializes first, on the sender's thread, so that a
     * message that cannot be sent fails there with the reason; stream() then takes the bytes.
     */
    private static final ThreadLocal<Prepared> PREPARED = new ThreadLocal<>();

    private record Prepared(Object value, byte[] bytes) {
    }

    /**
     * Serializes {@code value} for the {@link #stream} call that follows on this thread.
     *
     * @throws IllegalArgumentException if it cannot be serialized, naming what is not serializable
     */
    void prepare(T value) {
        try {
            PREPARED.set(new Prepared(value, bytes(value)));
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException(e.getMessage() + ": " + e.getCause().getMessage(), e);
        }
    }

    @Override
    public InputStream stream(T value) {
        Prepared prepared = PREPARED.get();
        if (prepared != null && prepared.value() == value) {
            PREPARED.remove();
            return new ByteArrayInputStream(prepared.bytes());
        }
        return new ByteArrayInputStream(bytes(value));
    }

    private static byte[] bytes(Object value) {
        try {
            return FilteredSerialization.toBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot serialize " + value.getClass().getName() + " for a cluster call", e);
        }
    }

    @Override
    public T parse(InputStream stream) {
        try {
            return FilteredSerialization.fromBytes(stream, type);
        } catch (InvalidClassException e) {
            throw new IllegalArgumentException("A cluster call carried a class this process does not accept: "
                    + e.getMessage(), e);
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new IllegalArgumentException("A cluster call carried bytes that are not a " + type.getSimpleName()
                    + ": " + e, e);
        }
    }
}
