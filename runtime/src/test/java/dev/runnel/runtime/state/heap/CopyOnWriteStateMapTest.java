package dev.runnel.runtime.state.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The copy-on-write map under random puts, removes and in-place changes of list values while
 * snapshots come and go: every snapshot reads exactly what the map held when it was taken, and
 * the map always holds what a plain map given the same operations holds. Few distinct hashes
 * make long chains, so that copies of chain prefixes, removals behind shared entries and resizes
 * during snapshots all happen.
 */
class CopyOnWriteStateMapTest {

    private static StateKey key(int k, int hashes) {
        byte[] bytes = ("k" + k).getBytes(StandardCharsets.UTF_8);
        return new StateKey(bytes, new byte[0], k % hashes);
    }

    private static Map<String, List<Integer>> contents(CopyOnWriteStateMap map) {
        Map<String, List<Integer>> out = new HashMap<>();
        map.forEach((k, v) -> out.put(name(k), copy(v)));
        return out;
    }

    private static Map<String, List<Integer>> contents(CopyOnWriteStateMap.Snapshot snapshot) {
        Map<String, List<Integer>> out = new HashMap<>();
        snapshot.forEach((k, v) -> assertThat(out.put(name(k), copy(v))).as("key %s twice", name(k)).isNull());
        return out;
    }

    private static String name(StateKey k) {
        return new String(k.key(), 0, k.keyLength(), StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> copy(Object value) {
        return new ArrayList<>((List<Integer>) value);
    }

    private record Taken(int version, CopyOnWriteStateMap.Snapshot snapshot, Map<String, List<Integer>> expected) {
    }

    @ParameterizedTest(name = "{0} distinct hashes")
    @ValueSource(ints = {1, 7, 1 << 20})
    @SuppressWarnings("unchecked")
    void snapshotsReadWhatTheMapHeldWhenTakenWhateverTheTaskDoesAfterwards(int hashes) {
        SnapshotVersions versions = new SnapshotVersions();
        CopyOnWriteStateMap map = new CopyOnWriteStateMap(versions, v -> new ArrayList<>((List<Integer>) v));
        Map<String, List<Integer>> reference = new HashMap<>();
        List<Taken> running = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(hashes * 31L + 7);
        int keys = 300;
        for (int step = 0; step < 60_000; step++) {
            int k = random.nextInt(keys);
            StateKey key = key(k, hashes);
            int op = random.nextInt(100);
            if (op < 40) {
                List<Integer> value = new ArrayList<>(List.of(step));
                map.put(key, value);
                reference.put("k" + k, new ArrayList<>(value));
            } else if (op < 60) {
                map.remove(key);
                reference.remove("k" + k);
            } else if (op < 85) {
                List<Integer> value = (List<Integer>) map.getForUpdate(key);
                if (value != null) {
                    value.add(step);
                    reference.get("k" + k).add(step);
                } else {
                    assertThat(reference).doesNotContainKey("k" + k);
                }
            } else if (op < 95) {
                Object value = map.get(key);
                assertThat(value == null ? null : copy(value)).isEqualTo(reference.get("k" + k));
            } else if (op < 98 || running.isEmpty()) {
                int version = versions.begin();
                running.add(new Taken(version, map.snapshot(), deepCopy(reference)));
            } else {
                Taken done = running.remove(random.nextInt(running.size()));
                assertThat(contents(done.snapshot())).isEqualTo(done.expected());
                versions.end(done.version());
            }
            assertThat(map.size()).isEqualTo(reference.size());
        }
        for (Taken done : running) {
            assertThat(contents(done.snapshot())).isEqualTo(done.expected());
            versions.end(done.version());
        }
        assertThat(versions.required()).isZero();
        assertThat(contents(map)).isEqualTo(reference);
    }

    private static Map<String, List<Integer>> deepCopy(Map<String, List<Integer>> map) {
        Map<String, List<Integer>> copy = new HashMap<>();
        map.forEach((k, v) -> copy.put(k, new ArrayList<>(v)));
        return copy;
    }
}
