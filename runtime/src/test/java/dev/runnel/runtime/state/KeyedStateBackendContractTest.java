package dev.runnel.runtime.state;

import static dev.runnel.runtime.state.StateBackendTestSupport.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.state.backend.AbstractKeyedStateBackend;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every keyed state backend must do; each test runs on every backend type. */
class KeyedStateBackendContractTest {
    private static final TypeSerializer<Row> ROW2 = Serializers.row(List.of(DataType.of(TypeRoot.BIGINT),
            DataType.of(TypeRoot.VARCHAR)));

    private final ManualProcessingTimeService clock = new ManualProcessingTimeService(1_000);
    private final List<KeyedStateBackend> opened = new ArrayList<>();

    static List<String> backends() {
        return StateBackendTestSupport.types();
    }

    private KeyedStateBackend backend(String type) {
        KeyedStateBackend backend = StateBackendTestSupport.create(type, clock);
        opened.add(backend);
        return backend;
    }

    @AfterEach
    void closeBackends() {
        opened.forEach(KeyedStateBackend::close);
    }

    // ---- value state ------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("backends")
    void valueStateIsPerKeyAndNamespace(String type) {
        KeyedStateBackend b = backend(type);
        ValueState<Long, String> s = b.valueState(new StateDescriptor<>("v", Serializers.LONG, null, Serializers.STRING,
                Duration.ZERO));
        b.setCurrentKey(key(1));
        s.setCurrentNamespace(10L);
        assertThat(s.value()).isNull();
        s.update("a");
        s.setCurrentNamespace(20L);
        s.update("b");
        b.setCurrentKey(key(2));
        s.setCurrentNamespace(10L);
        assertThat(s.value()).isNull();
        s.update("c");

        b.setCurrentKey(key(1));
        assertThat(s.value()).isEqualTo("a");
        s.setCurrentNamespace(20L);
        assertThat(s.value()).isEqualTo("b");
        s.clear();
        assertThat(s.value()).isNull();
        s.setCurrentNamespace(10L);
        assertThat(s.value()).isEqualTo("a");
        s.update(null);
        assertThat(s.value()).isNull();
        b.setCurrentKey(key(2));
        assertThat(s.value()).isEqualTo("c");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void valueStateKeepsItsOwnCopyOfARow(String type) {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, Row> s = b.valueState(StateDescriptor.of("row", ROW2, Duration.ZERO));
        Row reused = Row.of(1L, "x");
        b.setCurrentKey(key(7));
        s.update(reused);
        reused.setField(1, "changed");
        assertThat(s.value()).isEqualTo(Row.of(1L, "x"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void statesOfTheSameNameShareEntriesAndOtherNamesDoNot(String type) {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, Long> first = b.valueState(StateDescriptor.of("count", Serializers.LONG, Duration.ZERO));
        ValueState<VoidNamespace, Long> again = b.valueState(StateDescriptor.of("count", Serializers.LONG, Duration.ZERO));
        ValueState<VoidNamespace, Long> other = b.valueState(StateDescriptor.of("other", Serializers.LONG, Duration.ZERO));
        b.setCurrentKey(key(1));
        first.update(5L);
        assertThat(again.value()).isEqualTo(5L);
        assertThat(other.value()).isNull();
        assertThatThrownBy(() -> b.listState(StateDescriptor.of("count", Serializers.LONG, Duration.ZERO)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already declared as value state");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void writesMadeTogetherAreAllThereAfterwardsInTheOrderMade(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, Long> value = b.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ZERO));
        ListState<VoidNamespace, Long> list = b.listState(StateDescriptor.of("l", Serializers.LONG, Duration.ZERO));
        b.setCurrentKey(key(1));
        value.update(1L);
        b.writeTogether(() -> {
            for (long k = 1; k <= 300; k++) {
                b.setCurrentKey(key(k));
                value.update(k * 10);
                list.addAll(List.of(k, k + 1));
                long appended = -k;
                b.writeTogether(() -> list.add(appended));
            }
            b.setCurrentKey(key(1));
            value.clear();
        });
        b.setCurrentKey(key(1));
        assertThat(value.value()).isNull();
        for (long k = 2; k <= 300; k++) {
            b.setCurrentKey(key(k));
            assertThat(value.value()).isEqualTo(k * 10);
            assertThat(list.get()).containsExactly(k, k + 1, -k);
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void keysThatAreEqualAsSqlValuesAreOneKey(String type) {
        KeyedStateBackend b = StateBackendTestSupport.create(type, clock,
                Serializers.row(List.of(DataType.decimal(10, 2))), 0, 1, new Configuration());
        opened.add(b);
        ValueState<VoidNamespace, String> s = b.valueState(StateDescriptor.of("v", Serializers.STRING, Duration.ZERO));
        b.setCurrentKey(Row.of(new BigDecimal("1.0")));
        s.update("one");
        b.setCurrentKey(Row.of(new BigDecimal("1.00")));
        assertThat(s.value()).isEqualTo("one");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void nullKeyFieldsAreKeysToo(String type) {
        KeyedStateBackend b = StateBackendTestSupport.create(type, clock, ROW2, 0, 1, new Configuration());
        opened.add(b);
        ValueState<VoidNamespace, Long> s = b.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ZERO));
        b.setCurrentKey(Row.of(1L, null));
        s.update(1L);
        b.setCurrentKey(Row.of(1L, ""));
        s.update(2L);
        b.setCurrentKey(Row.of(1L, null));
        assertThat(s.value()).isEqualTo(1L);
    }

    // ---- list state -------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("backends")
    void listStateAddsInOrderAndReplaces(String type) {
        KeyedStateBackend b = backend(type);
        ListState<Long, String> s = b.listState(new StateDescriptor<>("l", Serializers.LONG, null, Serializers.STRING,
                Duration.ZERO));
        b.setCurrentKey(key(1));
        s.setCurrentNamespace(1L);
        assertThat(s.get()).isNotNull().isEmpty();
        s.add("a");
        s.add("b");
        s.add("a");
        assertThat(s.get()).containsExactly("a", "b", "a");
        s.setCurrentNamespace(2L);
        assertThat(s.get()).isEmpty();
        s.update(List.of("x", "y"));
        assertThat(s.get()).containsExactly("x", "y");
        s.add("z");
        assertThat(s.get()).containsExactly("x", "y", "z");
        s.update(List.of());
        assertThat(s.get()).isEmpty();

        b.setCurrentKey(key(2));
        s.setCurrentNamespace(1L);
        assertThat(s.get()).isEmpty();
        b.setCurrentKey(key(1));
        assertThat(s.get()).containsExactly("a", "b", "a");
        List<String> snapshot = s.get();
        s.add("c");
        assertThat(snapshot).containsExactly("a", "b", "a");
        s.clear();
        assertThat(s.get()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void listStateRejectsNull(String type) {
        KeyedStateBackend b = backend(type);
        ListState<VoidNamespace, String> s = b.listState(StateDescriptor.of("l", Serializers.STRING, Duration.ZERO));
        b.setCurrentKey(key(1));
        assertThatThrownBy(() -> s.add(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("'l'");
    }

    // ---- map state --------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("backends")
    void mapStateGetPutRemoveAndIteratesInSerializedKeyOrder(String type) {
        KeyedStateBackend b = backend(type);
        MapState<Long, Integer, String> s = b.mapState(new StateDescriptor<>("m", Serializers.LONG, Serializers.INT,
                Serializers.STRING, Duration.ZERO));
        b.setCurrentKey(key(1));
        s.setCurrentNamespace(1L);
        assertThat(s.isEmpty()).isTrue();
        assertThat(s.entries()).isEmpty();
        s.put(30, "c");
        s.put(10, "a");
        s.put(20, "b");
        s.put(300, "d");
        assertThat(s.isEmpty()).isFalse();
        assertThat(s.get(10)).isEqualTo("a");
        assertThat(s.get(11)).isNull();
        assertThat(s.contains(20)).isTrue();
        assertThat(s.contains(21)).isFalse();
        Iterable<Map.Entry<Integer, String>> snapshot = s.entries();
        assertThat(snapshot).extracting(Map.Entry::getKey).containsExactly(10, 20, 30, 300);
        assertThat(snapshot).extracting(Map.Entry::getValue).containsExactly("a", "b", "c", "d");

        s.put(20, "B");
        s.remove(30);
        s.remove(99);
        assertThat(s.entries()).extracting(Map.Entry::getValue).containsExactly("a", "B", "d");
        assertThat(snapshot).extracting(Map.Entry::getValue).containsExactly("a", "b", "c", "d");

        s.setCurrentNamespace(2L);
        assertThat(s.isEmpty()).isTrue();
        s.put(1, "other");
        b.setCurrentKey(key(2));
        s.setCurrentNamespace(1L);
        assertThat(s.isEmpty()).isTrue();
        s.put(10, "key2");

        b.setCurrentKey(key(1));
        s.remove(10);
        s.remove(20);
        s.remove(300);
        assertThat(s.isEmpty()).isTrue();
        s.setCurrentNamespace(2L);
        assertThat(s.get(1)).isEqualTo("other");
        s.clear();
        assertThat(s.isEmpty()).isTrue();
        b.setCurrentKey(key(2));
        s.setCurrentNamespace(1L);
        assertThat(s.get(10)).isEqualTo("key2");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void mapStateWithRowKeysAndValues(String type) {
        KeyedStateBackend b = backend(type);
        MapState<VoidNamespace, Row, Row> s = b.mapState(StateDescriptor.map("rows", ROW2, ROW2, Duration.ZERO));
        b.setCurrentKey(key(1));
        Row k = Row.of(2L, "k");
        s.put(k, Row.of(5L, null));
        k.setField(1, "mutated");
        assertThat(s.get(Row.of(2L, "k"))).isEqualTo(Row.of(5L, null));
        assertThat(s.entries()).extracting(Map.Entry::getKey).containsExactly(Row.of(2L, "k"));
    }

    // ---- TTL --------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("backends")
    void valueExpiresTtlAfterItsLastWriteAndReadsDoNotExtendIt(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, String> s = b.valueState(StateDescriptor.of("v", Serializers.STRING,
                Duration.ofMillis(100)));
        b.setCurrentKey(key(1));
        s.update("a");                       // written at 1000
        clock.setCurrentTime(1_050);
        assertThat(s.value()).isEqualTo("a");
        clock.setCurrentTime(1_099);
        assertThat(s.value()).isEqualTo("a");
        clock.setCurrentTime(1_100);
        assertThat(s.value()).isNull();

        s.update("b");                       // written at 1100
        clock.setCurrentTime(1_150);
        s.update("c");                       // written again at 1150: lives until 1250
        clock.setCurrentTime(1_249);
        assertThat(s.value()).isEqualTo("c");
        clock.setCurrentTime(1_250);
        assertThat(s.value()).isNull();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void listElementsAndMapEntriesExpireOneByOne(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        ListState<VoidNamespace, String> list = b.listState(StateDescriptor.of("l", Serializers.STRING,
                Duration.ofMillis(100)));
        MapState<VoidNamespace, String, Long> map = b.mapState(StateDescriptor.map("m", Serializers.STRING,
                Serializers.LONG, Duration.ofMillis(100)));
        b.setCurrentKey(key(1));
        list.add("old");
        map.put("old", 1L);
        clock.setCurrentTime(1_060);
        list.add("new");
        map.put("new", 2L);
        clock.setCurrentTime(1_100);
        assertThat(list.get()).containsExactly("new");
        assertThat(map.get("old")).isNull();
        assertThat(map.contains("old")).isFalse();
        assertThat(map.entries()).extracting(Map.Entry::getKey).containsExactly("new");
        assertThat(map.isEmpty()).isFalse();
        clock.setCurrentTime(1_160);
        assertThat(list.get()).isEmpty();
        assertThat(map.isEmpty()).isTrue();
        assertThat(map.entries()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void expiredStateIsCleanedUpWithoutBeingRead(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, Long> v = b.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ofMillis(100)));
        MapState<VoidNamespace, Long, Long> m = b.mapState(StateDescriptor.map("m", Serializers.LONG, Serializers.LONG,
                Duration.ofMillis(100)));
        ValueState<VoidNamespace, Long> forever = b.valueState(StateDescriptor.of("f", Serializers.LONG, Duration.ZERO));
        for (long k = 0; k < 50; k++) {
            b.setCurrentKey(key(k));
            v.update(k);
            m.put(k, k);
            m.put(k + 1, k);
            forever.update(k);
        }
        AbstractKeyedStateBackend impl = (AbstractKeyedStateBackend) b;
        assertThat(impl.storedEntries("v")).isEqualTo(50);
        assertThat(impl.storedEntries("m")).isEqualTo(100);
        clock.setCurrentTime(1_099);
        assertThat(impl.storedEntries("v")).isEqualTo(50);
        clock.setCurrentTime(1_300);
        assertThat(impl.storedEntries("v")).isZero();
        assertThat(impl.storedEntries("m")).isZero();
        assertThat(impl.storedEntries("f")).isEqualTo(50);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void forEachKeySkipsExpiredEntries(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, Long> v = b.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ofMillis(100)));
        b.setCurrentKey(key(1));
        v.update(1L);
        clock.setCurrentTime(1_050);
        b.setCurrentKey(key(2));
        v.update(2L);
        clock.setCurrentTime(1_120);
        List<Row> keys = new ArrayList<>();
        b.forEachKey(v, VoidNamespace.INSTANCE, keys::add);
        assertThat(keys).containsExactly(key(2));
    }

    // ---- timers -----------------------------------------------------------------------------

    @FunctionalInterface
    private interface OnFire {
        void run(Timer<Long> timer) throws Exception;
    }

    /** Records fired timers as "time/key/namespace" and lets a test react to them. */
    private static final class Recorder implements Triggerable<Long> {
        final List<String> fired = new ArrayList<>();
        KeyedStateBackend backend;
        OnFire onFire = t -> { };

        @Override
        public void onEventTime(Timer<Long> timer) throws Exception {
            record("e", timer);
        }

        @Override
        public void onProcessingTime(Timer<Long> timer) throws Exception {
            record("p", timer);
        }

        private void record(String domain, Timer<Long> timer) throws Exception {
            assertThat(backend.currentKey()).isEqualTo(timer.key());
            fired.add(domain + timer.timestamp() + "/" + timer.key().getField(0) + "/" + timer.namespace());
            onFire.run(timer);
        }
    }

    private Recorder recorder(KeyedStateBackend b) {
        Recorder r = new Recorder();
        r.backend = b;
        return r;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void eventTimersFireInTimestampOrderOnceWithTheirKeySet(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        Recorder r = recorder(b);
        TimerService<Long> timers = b.timerService("t", Serializers.LONG, r);
        assertThat(timers.currentWatermark()).isEqualTo(Long.MIN_VALUE);
        b.setCurrentKey(key(1));
        timers.registerEventTimeTimer(0L, 30);
        timers.registerEventTimeTimer(0L, 10);
        timers.registerEventTimeTimer(0L, 10);      // duplicate: fires once
        timers.registerEventTimeTimer(5L, 10);      // other namespace: its own timer
        timers.registerEventTimeTimer(0L, -5);      // negative times order before positive ones
        b.setCurrentKey(key(2));
        timers.registerEventTimeTimer(0L, 20);
        timers.registerEventTimeTimer(0L, 40);
        timers.deleteEventTimeTimer(0L, 40);
        timers.deleteEventTimeTimer(0L, 99);        // deleting what is not there is fine

        b.advanceWatermark(20);
        assertThat(r.fired).containsExactly("e-5/1/0", "e10/1/0", "e10/1/5", "e20/2/0");
        assertThat(timers.currentWatermark()).isEqualTo(20);
        r.fired.clear();
        b.advanceWatermark(100);
        assertThat(r.fired).containsExactly("e30/1/0");
        r.fired.clear();
        b.advanceWatermark(200);
        assertThat(r.fired).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void manyTimersAddedDeletedAndTakenInTurnFireAsAnOrderedSetWould(String type) throws Exception {
        // More timers than the RocksDB queue keeps in memory, added before, among and after those
        // it holds, some deleted, taken a part at a time.
        KeyedStateBackend b = backend(type);
        Recorder r = recorder(b);
        TimerService<Long> timers = b.timerService("t", Serializers.LONG, r);
        java.util.TreeSet<String> model = new java.util.TreeSet<>(java.util.Comparator
                .comparingLong((String t) -> Long.parseLong(t.substring(1, t.indexOf('/'))))
                .thenComparing(t -> t));
        java.util.Random random = new java.util.Random(7);
        long watermark = 0;
        List<String> expected = new ArrayList<>();
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < 60; i++) {
                int k = random.nextInt(50);
                long time = watermark + 1 + random.nextInt(2_000);
                b.setCurrentKey(key(k));
                if (random.nextInt(5) == 0) {
                    timers.deleteEventTimeTimer(0L, time);
                    model.remove("e" + time + "/" + k + "/0");
                } else {
                    timers.registerEventTimeTimer(0L, time);
                    model.add("e" + time + "/" + k + "/0");
                }
            }
            watermark += random.nextInt(100);
            while (!model.isEmpty() && Long.parseLong(model.first().substring(1, model.first().indexOf('/'))) <= watermark) {
                expected.add(model.pollFirst());
            }
            b.advanceWatermark(watermark);
            assertThat(r.fired).as("round %d", round).containsExactlyInAnyOrderElementsOf(expected);
        }
        assertThat(r.fired).hasSizeGreaterThan(200);
        b.advanceWatermark(Long.MAX_VALUE);
        expected.addAll(model);
        assertThat(r.fired).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(r.fired).isSortedAccordingTo(java.util.Comparator.comparingLong(
                (String t) -> Long.parseLong(t.substring(1, t.indexOf('/')))));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void timersRegisteredWhileFiringFireInTheSameAdvanceWhenDue(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        Recorder r = recorder(b);
        TimerService<Long> timers = b.timerService("t", Serializers.LONG, r);
        r.onFire = t -> {
            if (t.timestamp() == 10) {
                timers.registerEventTimeTimer(1L, 15);   // due: fires in this advance, after 10
                timers.registerEventTimeTimer(1L, 50);   // not due yet
            }
        };
        b.setCurrentKey(key(3));
        timers.registerEventTimeTimer(0L, 10);
        timers.registerEventTimeTimer(0L, 20);
        b.advanceWatermark(30);
        assertThat(r.fired).containsExactly("e10/3/0", "e15/3/1", "e20/3/0");
        b.advanceWatermark(50);
        assertThat(r.fired).endsWith("e50/3/1");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void timersOfSeveralServicesFireInOneTimestampOrder(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        Recorder first = recorder(b);
        Recorder second = recorder(b);
        List<String> all = new ArrayList<>();
        first.onFire = t -> all.add("first@" + t.timestamp());
        second.onFire = t -> all.add("second@" + t.timestamp());
        TimerService<Long> a = b.timerService("a", Serializers.LONG, first);
        TimerService<Long> c = b.timerService("c", Serializers.LONG, second);
        b.setCurrentKey(key(1));
        a.registerEventTimeTimer(0L, 30);
        c.registerEventTimeTimer(0L, 20);
        a.registerEventTimeTimer(0L, 10);
        b.advanceWatermark(100);
        assertThat(all).containsExactly("first@10", "second@20", "first@30");
        assertThatThrownBy(() -> b.timerService("a", Serializers.LONG, first))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a'");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void processingTimersFireThroughTheClockInOrder(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        Recorder r = recorder(b);
        TimerService<Long> timers = b.timerService("t", Serializers.LONG, r);
        ValueState<VoidNamespace, String> s = b.valueState(StateDescriptor.of("s", Serializers.STRING, Duration.ZERO));
        r.onFire = t -> {
            assertThat(s.value()).isEqualTo("state of " + t.key().getField(0));
            if (t.timestamp() == 1_100) {
                timers.registerProcessingTimeTimer(9L, 1_150);
            }
        };
        for (long k = 1; k <= 2; k++) {
            b.setCurrentKey(key(k));
            s.update("state of " + k);
        }
        b.setCurrentKey(key(2));
        timers.registerProcessingTimeTimer(0L, 1_200);
        timers.registerProcessingTimeTimer(0L, 1_200);
        b.setCurrentKey(key(1));
        timers.registerProcessingTimeTimer(0L, 1_100);
        timers.registerProcessingTimeTimer(0L, 1_300);
        timers.deleteProcessingTimeTimer(0L, 1_300);
        assertThat(timers.currentProcessingTime()).isEqualTo(1_000);

        clock.setCurrentTime(1_099);
        assertThat(r.fired).isEmpty();
        clock.setCurrentTime(1_250);
        assertThat(r.fired).containsExactly("p1100/1/0", "p1150/1/9", "p1200/2/0");
        clock.setCurrentTime(2_000);
        assertThat(r.fired).hasSize(3);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void eventAndProcessingTimersAreSeparate(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        Recorder r = recorder(b);
        TimerService<Long> timers = b.timerService("t", Serializers.LONG, r);
        b.setCurrentKey(key(1));
        timers.registerEventTimeTimer(0L, 1_100);
        timers.registerProcessingTimeTimer(0L, 1_100);
        clock.setCurrentTime(1_200);
        assertThat(r.fired).containsExactly("p1100/1/0");
        b.advanceWatermark(1_100);
        assertThat(r.fired).containsExactly("p1100/1/0", "e1100/1/0");
    }

    // ---- key iteration and key groups -------------------------------------------------------

    @ParameterizedTest
    @MethodSource("backends")
    void forEachKeyVisitsTheKeysWithEntriesInTheNamespace(String type) throws Exception {
        KeyedStateBackend b = backend(type);
        MapState<Long, Long, Long> m = b.mapState(new StateDescriptor<>("m", Serializers.LONG, Serializers.LONG,
                Serializers.LONG, Duration.ZERO));
        for (long k = 0; k < 20; k++) {
            b.setCurrentKey(key(k));
            m.setCurrentNamespace(k % 2);
            m.put(1L, k);
            m.put(2L, k);
        }
        List<Object> visited = new ArrayList<>();
        b.forEachKey(m, 1L, k -> {
            assertThat(b.currentKey()).isEqualTo(k);
            visited.add(k.getField(0));
            m.setCurrentNamespace(1L);
            m.clear();               // changing state while iterating is allowed
        });
        assertThat(visited).containsExactlyInAnyOrder(1L, 3L, 5L, 7L, 9L, 11L, 13L, 15L, 17L, 19L);
        visited.clear();
        b.forEachKey(m, 1L, k -> visited.add(k.getField(0)));
        assertThat(visited).isEmpty();
        b.forEachKey(m, 0L, k -> visited.add(k.getField(0)));
        assertThat(visited).hasSize(10);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void keysMapToTheKeyGroupsOfTheExchange(String type) {
        KeyedStateBackend b = backend(type);
        assertThat(b.keyGroupStart()).isZero();
        assertThat(b.keyGroupEnd()).isEqualTo(128);
        for (long k = 0; k < 200; k++) {
            b.setCurrentKey(key(k));
            assertThat(b.currentKeyGroup()).isEqualTo(KeyGroups.keyGroupFor(key(k), new int[] {0}, 128));
            assertThat(b.currentKey()).isEqualTo(key(k));
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void aSubtaskOwnsTheKeyGroupsRoutedToItAndRejectsOthers(String type) {
        ManualProcessingTimeService c = clock;
        for (int parallelism : new int[] {1, 2, 3, 7}) {
            int expectedStart = 0;
            for (int subtask = 0; subtask < parallelism; subtask++) {
                KeyedStateBackend b = StateBackendTestSupport.create(type, c, StateBackendTestSupport.LONG_KEY, subtask,
                        parallelism, new Configuration());
                try {
                    assertThat(b.keyGroupStart()).isEqualTo(expectedStart);
                    for (int g = b.keyGroupStart(); g < b.keyGroupEnd(); g++) {
                        assertThat(KeyGroups.subtaskForKeyGroup(g, 128, parallelism)).isEqualTo(subtask);
                    }
                    expectedStart = b.keyGroupEnd();
                } finally {
                    b.close();
                }
            }
            assertThat(expectedStart).isEqualTo(128);
        }
        KeyedStateBackend b = StateBackendTestSupport.create(type, c, StateBackendTestSupport.LONG_KEY, 0, 2,
                new Configuration());
        opened.add(b);
        long foreign = 0;
        while (KeyGroups.subtaskFor(key(foreign), new int[] {0}, 128, 2) == 0) {
            foreign++;
        }
        long foreignKey = foreign;
        assertThatThrownBy(() -> b.setCurrentKey(key(foreignKey)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("HASH edge");
    }

    @Test
    void keyGroupRangesMatchTheRoutingForEveryParallelism() {
        for (int max : new int[] {1, 7, 128, 1000}) {
            for (int parallelism = 1; parallelism <= max; parallelism++) {
                for (int subtask = 0; subtask < parallelism; subtask++) {
                    int start = AbstractKeyedStateBackend.keyGroupRangeStart(subtask, parallelism, max);
                    int end = AbstractKeyedStateBackend.keyGroupRangeStart(subtask + 1, parallelism, max);
                    for (int g = start; g < end; g++) {
                        assertThat(KeyGroups.subtaskForKeyGroup(g, max, parallelism)).isEqualTo(subtask);
                    }
                }
                assertThat(AbstractKeyedStateBackend.keyGroupRangeStart(parallelism, parallelism, max)).isEqualTo(max);
            }
        }
    }

    // ---- misuse and lifecycle ---------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("backends")
    void accessWithoutKeyOrNamespaceOrAfterCloseFailsClearly(String type) {
        KeyedStateBackend b = backend(type);
        ValueState<VoidNamespace, Long> v = b.valueState(StateDescriptor.of("v", Serializers.LONG, Duration.ZERO));
        ValueState<Long, Long> w = b.valueState(new StateDescriptor<>("w", Serializers.LONG, null, Serializers.LONG,
                Duration.ZERO));
        assertThatThrownBy(v::value).isInstanceOf(IllegalStateException.class).hasMessageContaining("setCurrentKey");
        b.setCurrentKey(key(1));
        assertThatThrownBy(w::value).isInstanceOf(IllegalStateException.class).hasMessageContaining("setCurrentNamespace");
        b.close();
        b.close();
        assertThatThrownBy(v::value).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void theConfigurationChoosesTheBackend() {
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_BACKEND, "memory");
        assertThatThrownBy(() -> KeyedStateBackends.create(new KeyedStateBackends.Parameters("j", "op", 0, 1, 128, config,
                StateBackendTestSupport.LONG_KEY, clock)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("state.backend.type");
        config.set(StateOptions.STATE_BACKEND, "HashMap");
        try (KeyedStateBackend b = KeyedStateBackends.create(new KeyedStateBackends.Parameters("j", "op", 0, 1, 128,
                config, StateBackendTestSupport.LONG_KEY, clock))) {
            assertThat(b.getClass().getSimpleName()).isEqualTo("HeapKeyedStateBackend");
        }
    }
}
