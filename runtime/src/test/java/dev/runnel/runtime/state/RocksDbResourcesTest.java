package dev.runnel.runtime.state;

import static dev.runnel.runtime.state.StateBackendTestSupport.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.state.rocksdb.RocksDbKeyedStateBackend;
import dev.runnel.runtime.state.rocksdb.RocksDbOptions;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import dev.runnel.runtime.testing.TestOperators;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RocksDB's native resources and files live exactly as long as the backend, also when a task fails. */
class RocksDbResourcesTest {
    @TempDir
    Path localDir;

    private final ManualProcessingTimeService clock = new ManualProcessingTimeService(0);

    private Configuration config() {
        Configuration config = new Configuration();
        config.set(StateOptions.ROCKSDB_LOCAL_DIR, localDir.toString());
        return config;
    }

    private RocksDbKeyedStateBackend open(int subtask) {
        return (RocksDbKeyedStateBackend) StateBackendTestSupport.create(KeyedStateBackends.ROCKSDB, clock,
                StateBackendTestSupport.LONG_KEY, subtask, 2, config());
    }

    private List<Path> filesUnderLocalDir() throws IOException {
        try (Stream<Path> files = Files.list(localDir)) {
            return files.toList();
        }
    }

    @Test
    void closeReleasesEverythingAndDeletesTheDirectoryAndAReopenStartsEmpty() throws Exception {
        RocksDbKeyedStateBackend first = open(0);
        RocksDbKeyedStateBackend other = open(1);
        assertThat(first.directory()).isNotEqualTo(other.directory());
        assertThat(first.directory().getParent()).isEqualTo(localDir);
        assertThat(first.directory().getFileName().toString()).startsWith("test-job-test-op-0-");
        ValueState<VoidNamespace, Long> v = first.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ZERO));
        TimerService<VoidNamespace> timers = first.timerService("t", VoidNamespace.SERIALIZER, null);
        long k = firstKeyOf(first);
        first.setCurrentKey(key(k));
        v.update(42L);
        timers.registerEventTimeTimer(VoidNamespace.INSTANCE, 10);
        assertThat(Files.list(first.directory()).count()).isPositive();

        first.close();
        first.close();
        other.close();
        assertThat(first.directory()).doesNotExist();
        assertThat(filesUnderLocalDir()).isEmpty();

        RocksDbKeyedStateBackend again = open(0);
        try {
            ValueState<VoidNamespace, Long> v2 = again.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ZERO));
            again.setCurrentKey(key(k));
            assertThat(v2.value()).isNull();
            v2.update(7L);
            assertThat(v2.value()).isEqualTo(7L);
        } finally {
            again.close();
        }
        assertThat(filesUnderLocalDir()).isEmpty();
    }

    @Test
    void theInstancesOfASlotShareOneCacheAndWriteBufferBudgetThatTheLastOneToCloseReleases() throws Exception {
        ManagedMemory.Slot slot = ManagedMemory.of(64L << 20, 1).slot(0);
        RocksDbKeyedStateBackend a = openIn(slot, config());
        RocksDbKeyedStateBackend b = openIn(slot, config());
        assertThat(slot.sharedResources()).isEqualTo(1);
        writeAndRead(a);
        a.close();
        assertThat(slot.sharedResources()).isEqualTo(1);
        writeAndRead(b);
        b.close();
        assertThat(slot.sharedResources()).isZero();

        Configuration unmanaged = config();
        unmanaged.set(RocksDbOptions.USE_MANAGED_MEMORY, false);
        RocksDbKeyedStateBackend own = openIn(slot, unmanaged);
        assertThat(slot.sharedResources()).isZero();
        writeAndRead(own);
        own.close();
        assertThat(filesUnderLocalDir()).isEmpty();
    }

    @Test
    void badRocksDbOptionsAreErrorsNamingTheKey() {
        Configuration compression = config();
        compression.set(RocksDbOptions.COMPRESSION_PER_LEVEL.key(), "NO_COMPRESSION;BROTLI");
        assertThatThrownBy(() -> openIn(null, compression)).hasMessageContaining("state.backend.rocksdb.compression.per.level")
                .hasMessageContaining("BROTLI");
        Configuration ratio = config();
        ratio.set(RocksDbOptions.WRITE_BUFFER_RATIO.key(), "1.5");
        assertThatThrownBy(() -> openIn(null, ratio)).hasMessageContaining("state.backend.rocksdb.memory.write-buffer-ratio");
        Configuration tiny = config();
        tiny.set(RocksDbOptions.FIXED_PER_SLOT.key(), "1kb");
        assertThatThrownBy(() -> openIn(null, tiny)).hasMessageContaining("state.backend.rocksdb.memory.fixed-per-slot");
    }

    private RocksDbKeyedStateBackend openIn(ManagedMemory.Slot slot, Configuration config) {
        return (RocksDbKeyedStateBackend) KeyedStateBackends.create(new KeyedStateBackends.Parameters("test-job",
                "test-op", 0, 1, 128, config, StateBackendTestSupport.LONG_KEY, clock, List.of(), slot));
    }

    private static void writeAndRead(RocksDbKeyedStateBackend backend) {
        ValueState<VoidNamespace, Long> v = backend.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ZERO));
        for (long k = 0; k < 1_000; k++) {
            backend.setCurrentKey(key(k));
            v.update(k * 2);
        }
        backend.setCurrentKey(key(999L));
        assertThat(v.value()).isEqualTo(1998L);
    }

    @Test
    void manyOpenAndCloseCyclesLeaveNothingBehind() throws Exception {
        for (int i = 0; i < 20; i++) {
            RocksDbKeyedStateBackend b = open(0);
            MapState<VoidNamespace, Long, Long> m = b.mapState(StateDescriptor.map("m", Serializers.LONG, Serializers.LONG,
                    Duration.ofMinutes(1)));
            b.setCurrentKey(key(firstKeyOf(b)));
            m.put(1L, 1L);
            b.close();
        }
        assertThat(filesUnderLocalDir()).isEmpty();
    }

    @Test
    void directoriesLeftByAProcessThatDiedAreDeletedWhenTheNextBackendStarts() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path orphan = Files.createDirectories(localDir.resolve("job-op-0-123"));
        Files.writeString(orphan.resolve("runnel.pid"), Long.toString(ended.pid()));
        Files.writeString(orphan.resolve("000001.sst"), "left behind");
        Path live = Files.createDirectories(localDir.resolve("job-op-1-456"));
        Files.writeString(live.resolve("runnel.pid"), Long.toString(ProcessHandle.current().pid()));
        Path foreign = Files.createDirectories(localDir.resolve("not-ours"));

        open(0).close();

        assertThat(orphan).doesNotExist();
        assertThat(live).exists();
        assertThat(foreign).exists();
    }

    private static long firstKeyOf(KeyedStateBackend b) {
        for (long k = 0; ; k++) {
            int group = dev.runnel.runtime.network.KeyGroups.keyGroupFor(key(k), new int[] {0}, 128);
            if (group >= b.keyGroupStart() && group < b.keyGroupEnd()) {
                return k;
            }
        }
    }

    private JobInfo runKeyedJob(EmbeddedCluster cluster, long failAt) {
        List<Row> input = new ArrayList<>();
        for (long i = 0; i < 2_000; i++) {
            input.add(Row.of(i, i % 37));
        }
        Configuration jobConfig = config();
        jobConfig.set(StateOptions.STATE_BACKEND, KeyedStateBackends.ROCKSDB);
        JobGraph job = new JobGraph("keyed",
                List.of(new JobVertex(1, "Source", 2, new ValuesSourceFactory(input), List.of()),
                        new JobVertex(2, "Count", 2, null, List.of(new TestOperators.CountPerKey(failAt, true))),
                        new JobVertex(3, "Collect", 1, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1})),
                        new JobEdge(2, 3, 0, new Partitioning.Global())),
                jobConfig);
        JobId id = cluster.submitJob(job);
        try {
            while (!cluster.fetchResults(id, 1_000, Duration.ofSeconds(10)).endOfResult()) {
                // drain the results so the job can finish
            }
        } catch (RuntimeException failedJob) {
            // The job's end state is checked below.
        }
        return cluster.jobTermination(id).join();
    }

    @Test
    void aTaskThatFinishesOrFailsClosesItsRocksDb() throws Exception {
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration())) {
            JobInfo finished = runKeyedJob(cluster, -1);
            assertThat(finished.status()).isEqualTo(JobStatus.FINISHED);
            await().untilAsserted(() -> assertThat(filesUnderLocalDir()).isEmpty());

            JobInfo failed = runKeyedJob(cluster, 1_500);
            assertThat(failed.status()).isEqualTo(JobStatus.FAILED);
            assertThat(failed.failureCause()).contains("failing at row 1500");
            await().untilAsserted(() -> assertThat(filesUnderLocalDir()).isEmpty());
        }
    }
}
