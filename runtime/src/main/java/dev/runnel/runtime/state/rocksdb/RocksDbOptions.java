package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.config.MemorySize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rocksdb.CompressionType;

/**
 * The job options of the RocksDB state backend, with Flink's keys. How much memory RocksDB takes
 * is bounded per slot ({@link dev.runnel.runtime.state.ManagedMemory}) unless
 * {@link #USE_MANAGED_MEMORY} is off; the defaults were measured on Nexmark (docs/state.md).
 */
public final class RocksDbOptions {
    private RocksDbOptions() {
    }

    public static final ConfigOption<Boolean> USE_MANAGED_MEMORY = ConfigOption.of(
            "state.backend.rocksdb.memory.managed", Boolean.class, true,
            "Whether the RocksDB instances of a slot share the slot's managed memory (taskmanager.memory.managed.size "
                    + "divided by the slots): one block cache, which write buffers are charged to as well.");

    public static final ConfigOption<MemorySize> FIXED_PER_SLOT = ConfigOption.of(
            "state.backend.rocksdb.memory.fixed-per-slot", MemorySize.class, null,
            "If set, the memory the RocksDB instances of a slot share, instead of the slot's managed memory.");

    public static final ConfigOption<Double> WRITE_BUFFER_RATIO = ConfigOption.of(
            "state.backend.rocksdb.memory.write-buffer-ratio", Double.class, 0.5,
            "The part of a slot's RocksDB memory that write buffers (memtables) may take.");

    public static final ConfigOption<Double> HIGH_PRIO_POOL_RATIO = ConfigOption.of(
            "state.backend.rocksdb.memory.high-prio-pool-ratio", Double.class, 0.1,
            "The part of a slot's block cache kept for index and filter blocks.");

    public static final ConfigOption<MemorySize> WRITE_BUFFER_SIZE = ConfigOption.of(
            "state.backend.rocksdb.writebuffer.size", MemorySize.class, new MemorySize(64L << 20),
            "The most a column family's write buffer (memtable) holds before it is written to a file.");

    public static final ConfigOption<Integer> WRITE_BUFFER_COUNT = ConfigOption.of(
            "state.backend.rocksdb.writebuffer.count", Integer.class, 2,
            "The number of write buffers a column family may have, the one written to and those being flushed.");

    public static final ConfigOption<MemorySize> BLOCK_CACHE_SIZE = ConfigOption.of(
            "state.backend.rocksdb.block.cache-size", MemorySize.class, new MemorySize(8L << 20),
            "Each instance's block cache when state.backend.rocksdb.memory.managed is false.");

    public static final ConfigOption<Boolean> USE_BLOOM_FILTER = ConfigOption.of(
            "state.backend.rocksdb.use-bloom-filter", Boolean.class, true,
            "Whether files carry bloom filters, so that a point read skips the files that cannot hold its key.");

    public static final ConfigOption<Double> BLOOM_FILTER_BITS_PER_KEY = ConfigOption.of(
            "state.backend.rocksdb.bloom-filter.bits-per-key", Double.class, 10.0,
            "Bits per key of the bloom filters.");

    public static final ConfigOption<String> COMPRESSION_PER_LEVEL = ConfigOption.of(
            "state.backend.rocksdb.compression.per.level", String.class, "LZ4_COMPRESSION",
            "The compression of each level's files, a ';'-list such as 'NO_COMPRESSION;LZ4_COMPRESSION' (the last "
                    + "one applies to the deeper levels): NO_COMPRESSION, SNAPPY_COMPRESSION, LZ4_COMPRESSION, "
                    + "LZ4HC_COMPRESSION, ZSTD_COMPRESSION or ZLIB_COMPRESSION.");

    public static List<ConfigOption<?>> all() {
        return List.of(USE_MANAGED_MEMORY, FIXED_PER_SLOT, WRITE_BUFFER_RATIO, HIGH_PRIO_POOL_RATIO, WRITE_BUFFER_SIZE,
                WRITE_BUFFER_COUNT, BLOCK_CACHE_SIZE, USE_BLOOM_FILTER, BLOOM_FILTER_BITS_PER_KEY,
                COMPRESSION_PER_LEVEL);
    }

    /**
     * Checks {@code value} for {@code key}, one of this class's options whose values are more
     * than their type (ratios, compressions); others pass.
     *
     * @throws ConfigException naming the key when the value is not allowed
     */
    public static void validate(String key, String value) {
        Configuration one = new Configuration(Map.of(key, value));
        if (key.equals(COMPRESSION_PER_LEVEL.key())) {
            compressionPerLevel(one);
        } else if (key.equals(WRITE_BUFFER_RATIO.key())) {
            ratio(one, WRITE_BUFFER_RATIO, true);
        } else if (key.equals(HIGH_PRIO_POOL_RATIO.key())) {
            ratio(one, HIGH_PRIO_POOL_RATIO, false);
        }
    }

    /** RocksDB has 7 levels by default; a shorter list repeats its last entry for the deeper ones. */
    private static final int LEVELS = 7;

    /**
     * {@link #COMPRESSION_PER_LEVEL}, one entry per level.
     *
     * @throws ConfigException naming the key for an unknown compression
     */
    static List<CompressionType> compressionPerLevel(Configuration configuration) {
        String raw = configuration.get(COMPRESSION_PER_LEVEL);
        List<CompressionType> levels = new ArrayList<>();
        for (String part : raw.split(";")) {
            String name = part.trim().toUpperCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            CompressionType type = switch (name) {
                case "NO_COMPRESSION" -> CompressionType.NO_COMPRESSION;
                case "SNAPPY_COMPRESSION" -> CompressionType.SNAPPY_COMPRESSION;
                case "LZ4_COMPRESSION" -> CompressionType.LZ4_COMPRESSION;
                case "LZ4HC_COMPRESSION" -> CompressionType.LZ4HC_COMPRESSION;
                case "ZSTD_COMPRESSION" -> CompressionType.ZSTD_COMPRESSION;
                case "ZLIB_COMPRESSION" -> CompressionType.ZLIB_COMPRESSION;
                default -> throw ConfigException.invalidValue(COMPRESSION_PER_LEVEL.key(), "Invalid value '"
                        + part.trim() + "' in option '" + COMPRESSION_PER_LEVEL.key() + "': expected NO_COMPRESSION, "
                        + "SNAPPY_COMPRESSION, LZ4_COMPRESSION, LZ4HC_COMPRESSION, ZSTD_COMPRESSION or ZLIB_COMPRESSION");
            };
            levels.add(type);
        }
        if (levels.isEmpty()) {
            throw ConfigException.invalidValue(COMPRESSION_PER_LEVEL.key(), "Option '" + COMPRESSION_PER_LEVEL.key()
                    + "' names no compression");
        }
        while (levels.size() < LEVELS) {
            levels.add(levels.get(levels.size() - 1));
        }
        return levels;
    }

    /** @throws ConfigException naming the key when {@code option} is not within [0, 1] ({@code exclusiveZero}: (0, 1]) */
    static double ratio(Configuration configuration, ConfigOption<Double> option, boolean exclusiveZero) {
        double value = configuration.get(option);
        if (!(value <= 1.0 && (exclusiveZero ? value > 0 : value >= 0))) {
            throw ConfigException.invalidValue(option.key(), "Option '" + option.key() + "' must be "
                    + (exclusiveZero ? "above 0" : "at least 0") + " and at most 1, was " + value);
        }
        return value;
    }

    /** @throws ConfigException naming the key when {@code option} is below {@code min} bytes */
    static long bytes(Configuration configuration, ConfigOption<MemorySize> option, long min) {
        long bytes = configuration.get(option).bytes();
        if (bytes < min) {
            throw ConfigException.invalidValue(option.key(), "Option '" + option.key() + "' must be at least "
                    + new MemorySize(min) + ", was " + new MemorySize(bytes));
        }
        return bytes;
    }
}
