package dev.runnel.runtime.state;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.config.MemorySize;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * A TaskManager's managed memory ({@value #SIZE_KEY}), divided evenly among its slots, as in
 * Flink: what state backends use outside the Java heap. The subtasks of one slot share the
 * slot's part through resources that the first of them creates and the last one closes (the
 * RocksDB instances of a slot share one block cache and one write buffer budget), so the memory
 * a job's state takes does not grow with the number of its stateful operators.
 *
 * <p>Thread-safe: tasks of a slot start and end on their own threads.
 */
public final class ManagedMemory {
    static final String SIZE_KEY = "taskmanager.memory.managed.size";

    /** Cluster: the TaskManager's managed memory, shared by its slots in equal parts. */
    public static final ConfigOption<MemorySize> SIZE = ConfigOption.of(SIZE_KEY, MemorySize.class,
            new MemorySize(512L << 20),
            "The TaskManager's managed memory, divided evenly among its slots: the RocksDB instances of the "
                    + "subtasks in one slot share their slot's part (block cache and write buffers).");

    private final Slot[] slots;

    private ManagedMemory(long bytes, int slotCount) {
        if (slotCount < 1) {
            throw new IllegalArgumentException("Managed memory needs at least one slot, got " + slotCount);
        }
        slots = new Slot[slotCount];
        for (int i = 0; i < slotCount; i++) {
            slots[i] = new Slot(bytes / slotCount);
        }
    }

    /** {@code bytes} of managed memory divided among {@code slotCount} slots. */
    public static ManagedMemory of(long bytes, int slotCount) {
        return new ManagedMemory(bytes, slotCount);
    }

    /**
     * The managed memory that {@link #SIZE} in {@code configuration} gives a TaskManager with
     * {@code slotCount} slots.
     *
     * @throws ConfigException naming the key when the size is not positive
     */
    public static ManagedMemory of(Configuration configuration, int slotCount) {
        long bytes = configuration.get(SIZE).bytes();
        if (bytes <= 0) {
            throw ConfigException.invalidValue(SIZE_KEY, "Option '" + SIZE_KEY + "' must be above 0, was " + bytes);
        }
        return new ManagedMemory(bytes, slotCount);
    }

    public Slot slot(int index) {
        return slots[index];
    }

    public int slotCount() {
        return slots.length;
    }

    /** One slot's part of the managed memory and the resources its subtasks share in it. */
    public static final class Slot {
        private final long bytes;
        private final Map<String, Shared<?>> shared = new HashMap<>();

        private Slot(long bytes) {
            this.bytes = bytes;
        }

        /** A slot of {@code bytes} of its own, for a backend that runs outside a TaskManager (tests, tools). */
        public static Slot standalone(long bytes) {
            return new Slot(bytes);
        }

        /** This slot's part of the managed memory, in bytes. */
        public long bytes() {
            return bytes;
        }

        /**
         * Leases the resource of kind {@code kind} that the subtasks of this slot share: the first
         * lease creates it with {@code create.apply(bytes())}, later ones get the same one, and
         * closing the last lease closes it (a later lease creates a new one).
         */
        public synchronized <T extends AutoCloseable> Lease<T> share(String kind, LongFunction<T> create) {
            @SuppressWarnings("unchecked")
            Shared<T> resource = (Shared<T>) shared.get(kind);
            if (resource == null) {
                resource = new Shared<>(create.apply(bytes));
                shared.put(kind, resource);
            }
            resource.leases++;
            return new Lease<>(this, kind, resource);
        }

        private synchronized void release(String kind, Shared<?> resource) throws Exception {
            if (--resource.leases == 0) {
                shared.remove(kind, resource);
                resource.value.close();
            }
        }

        /** The number of resources this slot holds now (tests check that the last lease closed them). */
        public synchronized int sharedResources() {
            return shared.size();
        }
    }

    private static final class Shared<T extends AutoCloseable> {
        private final T value;
        private int leases;

        private Shared(T value) {
            this.value = value;
        }
    }

    /** A use of a shared resource; closing it twice is harmless. */
    public static final class Lease<T extends AutoCloseable> implements AutoCloseable {
        private final Slot slot;
        private final String kind;
        private final Shared<T> resource;
        private boolean closed;

        private Lease(Slot slot, String kind, Shared<T> resource) {
            this.slot = slot;
            this.kind = kind;
            this.resource = resource;
        }

        public T resource() {
            return resource.value;
        }

        @Override
        public void close() throws Exception {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
            }
            slot.release(kind, resource);
        }
    }
}
