package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.state.ManagedMemory;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.WriteBufferManager;

/**
 * The block cache and write buffer budget of one RocksDB instance. With managed memory (the
 * default), every instance of a slot uses the same cache and budget, sized from the slot's
 * managed memory (or {@code state.backend.rocksdb.memory.fixed-per-slot}) as Flink sizes them:
 * write buffers are charged to the cache, so the two together stay within the slot's memory,
 * and index and filter blocks live in the cache too (pinned at the top level, kept with high
 * priority). Without it, each instance has a cache of {@code state.backend.rocksdb.block.cache-size}
 * of its own and write buffers bounded per column family only.
 */
final class RocksDbMemory implements AutoCloseable {
    /** Smallest memory a slot's RocksDB instances can share. */
    private static final long MIN_SHARED_BYTES = 4L << 20;

    /** The cache and write buffer budget that the instances of a slot share. */
    record Shared(LRUCache cache, WriteBufferManager writeBuffers, long writeBufferBytes) implements AutoCloseable {
        static Shared create(long bytes, double writeBufferRatio, double highPriorityRatio) {
            // As Flink's RocksDBMemoryControllerUtils: RocksDB can exceed the write buffer limit by
            // half before it stalls, so the cache holds what is left when write buffers take their share.
            long cacheBytes = (long) ((3 - writeBufferRatio) * bytes / 3);
            long writeBufferBytes = (long) (2 * bytes * writeBufferRatio / 3);
            LRUCache cache = new LRUCache(cacheBytes, -1, false, highPriorityRatio);
            return new Shared(cache, new WriteBufferManager(writeBufferBytes, cache), writeBufferBytes);
        }

        @Override
        public void close() {
            writeBuffers.close();
            cache.close();
        }
    }

    private final Cache cache;
    /** Null without managed memory. */
    private final WriteBufferManager writeBuffers;
    private final long writeBufferBytes;
    private final AutoCloseable release;

    private RocksDbMemory(Cache cache, WriteBufferManager writeBuffers, long writeBufferBytes, AutoCloseable release) {
        this.cache = cache;
        this.writeBuffers = writeBuffers;
        this.writeBufferBytes = writeBufferBytes;
        this.release = release;
    }

    /**
     * The memory of an instance in {@code slot} (null: outside a TaskManager, the instance has
     * {@link ManagedMemory#SIZE} to itself).
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of an invalid option
     */
    static RocksDbMemory of(Configuration configuration, ManagedMemory.Slot slot) {
        if (!configuration.get(RocksDbOptions.USE_MANAGED_MEMORY)
                && configuration.get(RocksDbOptions.FIXED_PER_SLOT) == null) {
            LRUCache own = new LRUCache(RocksDbOptions.bytes(configuration, RocksDbOptions.BLOCK_CACHE_SIZE, 0));
            return new RocksDbMemory(own, null, 0, own);
        }
        double writeBufferRatio = RocksDbOptions.ratio(configuration, RocksDbOptions.WRITE_BUFFER_RATIO, true);
        double highPriorityRatio = RocksDbOptions.ratio(configuration, RocksDbOptions.HIGH_PRIO_POOL_RATIO, false);
        ManagedMemory.Slot in = slot != null ? slot
                : ManagedMemory.Slot.standalone(configuration.get(ManagedMemory.SIZE).bytes());
        ManagedMemory.Lease<Shared> lease;
        if (configuration.get(RocksDbOptions.FIXED_PER_SLOT) != null) {
            long fixed = RocksDbOptions.bytes(configuration, RocksDbOptions.FIXED_PER_SLOT, MIN_SHARED_BYTES);
            lease = in.share("rocksdb fixed " + fixed + " " + writeBufferRatio + " " + highPriorityRatio,
                    ignored -> Shared.create(fixed, writeBufferRatio, highPriorityRatio));
        } else {
            if (in.bytes() < MIN_SHARED_BYTES) {
                throw new IllegalStateException("A slot's managed memory (" + in.bytes() + " bytes of "
                        + ManagedMemory.SIZE.key() + ") is too small for RocksDB: it needs at least "
                        + MIN_SHARED_BYTES + " bytes per slot");
            }
            lease = in.share("rocksdb " + writeBufferRatio + " " + highPriorityRatio,
                    bytes -> Shared.create(bytes, writeBufferRatio, highPriorityRatio));
        }
        Shared shared = lease.resource();
        return new RocksDbMemory(shared.cache(), shared.writeBuffers(), shared.writeBufferBytes(), lease);
    }

    /** Sets the instance's write buffer budget, if it shares one. */
    void configure(DBOptions options) {
        if (writeBuffers != null) {
            options.setWriteBufferManager(writeBuffers);
        }
    }

    /** Sets the block cache, and keeps index and filter blocks in it when the memory is shared. */
    void configure(BlockBasedTableConfig table) {
        table.setBlockCache(cache);
        if (writeBuffers != null) {
            table.setCacheIndexAndFilterBlocks(true).setCacheIndexAndFilterBlocksWithHighPriority(true)
                    .setPinTopLevelIndexAndFilter(true);
        }
    }

    /** The write buffer budget of the slot, 0 when there is none. */
    long writeBufferBytes() {
        return writeBufferBytes;
    }

    @Override
    public void close() throws Exception {
        release.close();
    }
}
