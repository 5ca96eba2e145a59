package dev.runnel.runtime.state.backend;

import dev.runnel.runtime.state.State;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.VoidNamespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * What every state of both backends shares: its descriptor, its backend, and the serialized
 * current namespace (serialized once per {@link #setCurrentNamespace}, not per access).
 * States scoped to the key only ({@link VoidNamespace}) start with their namespace set.
 */
public abstract class AbstractState<N, K, V> implements State<N> {
    protected final StateDescriptor<N, K, V> descriptor;
    protected final AbstractKeyedStateBackend backend;
    protected final long ttlMillis;
    private final ByteArrayDataOutput nsOut = new ByteArrayDataOutput(16);
    private N namespace;
    private boolean namespaceSet;
    private int nsHash;
    private byte[] nsCopy;
    private int nsVersion;

    protected AbstractState(StateDescriptor<N, K, V> descriptor, AbstractKeyedStateBackend backend) {
        this.descriptor = descriptor;
        this.backend = backend;
        this.ttlMillis = descriptor.ttl().toMillis();
        if (descriptor.namespaceSerializer() == VoidNamespace.SERIALIZER) {
            @SuppressWarnings("unchecked")
            N none = (N) VoidNamespace.INSTANCE;
            setCurrentNamespace(none);
        }
    }

    public StateDescriptor<N, K, V> descriptor() {
        return descriptor;
    }

    public String name() {
        return descriptor.name();
    }

    @Override
    public void setCurrentNamespace(N namespace) {
        this.namespace = namespace;
        nsOut.clear();
        serialize(descriptor.namespaceSerializer(), namespace, nsOut);
        nsHash = hash(nsOut.buffer(), nsOut.length());
        nsCopy = null;
        nsVersion++;
        namespaceSet = true;
    }

    /** Changes whenever the namespace is set, so subclasses can cache what they derive from it. */
    protected final int namespaceVersion() {
        return nsVersion;
    }

    public N currentNamespace() {
        return namespace;
    }

    /** Fails unless a current key and namespace are set; call at the start of every access. */
    protected final void checkScope() {
        backend.checkCurrentKey(descriptor.name());
        if (!namespaceSet) {
            throw new IllegalStateException("State '" + descriptor.name() + "' was accessed before setCurrentNamespace");
        }
    }

    /** The serialized current namespace, valid up to {@link #namespaceLength()}. */
    protected final byte[] namespaceBytes() {
        return nsOut.buffer();
    }

    protected final int namespaceLength() {
        return nsOut.length();
    }

    protected final int namespaceHash() {
        return nsHash;
    }

    /** An exact-length copy of the serialized namespace, made once per namespace change. */
    protected final byte[] namespaceCopy() {
        if (nsCopy == null) {
            nsCopy = nsOut.toByteArray();
        }
        return nsCopy;
    }

    protected final boolean hasTtl() {
        return ttlMillis > 0;
    }

    /** Whether an entry last written at {@code writeTime} is expired now (Flink's NeverReturnExpired). */
    protected final boolean expired(long writeTime, long now) {
        return ttlMillis > 0 && now - writeTime >= ttlMillis;
    }

    public static int hash(byte[] bytes, int length) {
        int h = 1;
        for (int i = 0; i < length; i++) {
            h = 31 * h + bytes[i];
        }
        return h;
    }

    public static <T> void serialize(dev.runnel.runtime.state.TypeSerializer<T> serializer, T value,
                                     ByteArrayDataOutput out) {
        try {
            serializer.serialize(value, out);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not serialize state value " + value, e);
        }
    }

    public static <T> T deserialize(dev.runnel.runtime.state.TypeSerializer<T> serializer, ByteArrayDataInput in) {
        try {
            return serializer.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not deserialize state bytes (was the state declared with another serializer?)", e);
        }
    }

    static boolean sameBytes(byte[] a, int aLen, byte[] b, int bLen) {
        return Arrays.equals(a, 0, aLen, b, 0, bLen);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + descriptor.name() + "]";
    }
}
