package dev.runnel.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ManagedMemoryTest {
    /** A resource that remembers its size and whether it was closed. */
    private static final class Resource implements AutoCloseable {
        final long bytes;
        boolean closed;

        Resource(long bytes) {
            this.bytes = bytes;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void theSizeIsDividedEvenlyAmongTheSlots() {
        ManagedMemory memory = ManagedMemory.of(new Configuration(Map.of("taskmanager.memory.managed.size", "300mb")), 3);
        assertThat(memory.slotCount()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(memory.slot(i).bytes()).isEqualTo(100L << 20);
        }
    }

    @Test
    void theSubtasksOfASlotShareOneResourceThatTheLastLeaseCloses() throws Exception {
        ManagedMemory.Slot slot = ManagedMemory.of(64L << 20, 2).slot(1);
        List<Resource> created = new ArrayList<>();
        var first = slot.share("cache", bytes -> add(created, new Resource(bytes)));
        var second = slot.share("cache", bytes -> add(created, new Resource(bytes)));
        var other = slot.share("other", bytes -> add(created, new Resource(bytes)));

        assertThat(second.resource()).isSameAs(first.resource());
        assertThat(first.resource().bytes).isEqualTo(32L << 20);
        assertThat(created).hasSize(2);
        first.close();
        first.close(); // twice is harmless: the second lease still holds it
        assertThat(second.resource().closed).isFalse();
        second.close();
        assertThat(created.get(0).closed).isTrue();
        assertThat(slot.sharedResources()).isEqualTo(1);
        other.close();
        assertThat(slot.sharedResources()).isZero();

        var again = slot.share("cache", bytes -> add(created, new Resource(bytes)));
        assertThat(again.resource()).isNotSameAs(created.get(0));
        again.close();
    }

    @Test
    void slotsShareNothingWithEachOther() throws Exception {
        ManagedMemory memory = ManagedMemory.of(64L << 20, 2);
        try (var a = memory.slot(0).share("cache", Resource::new);
             var b = memory.slot(1).share("cache", Resource::new)) {
            assertThat(a.resource()).isNotSameAs(b.resource());
        }
    }

    @Test
    void aSizeThatIsNotPositiveIsAnErrorNamingTheKey() {
        assertThatThrownBy(() -> ManagedMemory.of(new Configuration(Map.of("taskmanager.memory.managed.size", "0")), 2))
                .isInstanceOf(ConfigException.class).hasMessageContaining("taskmanager.memory.managed.size");
        assertThatThrownBy(() -> ManagedMemory.of(new Configuration(Map.of("taskmanager.memory.managed.size", "lots")), 2))
                .isInstanceOf(ConfigException.class).hasMessageContaining("taskmanager.memory.managed.size");
    }

    private static Resource add(List<Resource> created, Resource resource) {
        created.add(resource);
        return resource;
    }
}
