package dev.runnel.runtime.state.backend;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.State;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.ValueState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What both backends share: the current key (serialized once per {@link #setCurrentKey} into
 * a reused buffer, with its key group), the registry of declared states, timer services over
 * {@link TimerQueue}s that subclasses store, firing in timestamp order, scheduling of
 * processing-time timers and of TTL cleanup through the {@link ProcessingTimeService}.
 *
 * <p>Used from the task's thread only, like the operator that owns it.
 */
public abstract class AbstractKeyedStateBackend implements KeyedStateBackend {
    /** The kinds of state, for the registry: a name may be declared again, but only as the same kind. */
    protected enum Kind { VALUE, LIST, MAP }

    protected final KeyedStateBackends.Parameters parameters;
    protected final TypeSerializer<Row> keySerializer;
    protected final ProcessingTimeService clock;
    protected final int maxParallelism;
    private final int keyGroupStart;
    private final int keyGroupEnd;

    private final ByteArrayDataOutput keyOut = new ByteArrayDataOutput(64);
    private final ByteArrayDataInput keyIn = new ByteArrayDataInput();
    private int[] keyFields = new int[0];
    private Row currentKey;
    private int currentKeyGroup = -1;
    private int currentKeyHash;
    private byte[] currentKeyCopy;

    private final Map<String, Kind> declared = new HashMap<>();
    private final Map<String, TimerServiceImpl<?>> timerServices = new HashMap<>();
    private final List<TimerServiceImpl<?>> timerServiceList = new ArrayList<>();
    private long watermark = Long.MIN_VALUE;
    private long scheduledProcessingTime = Long.MAX_VALUE;
    private ProcessingTimeService.Cancellable scheduledTimers;
    private long ttlCleanupInterval = Long.MAX_VALUE;
    private ProcessingTimeService.Cancellable scheduledCleanup;
    private boolean closed;

    protected AbstractKeyedStateBackend(KeyedStateBackends.Parameters parameters) {
        this.parameters = parameters;
        this.keySerializer = parameters.keySerializer();
        this.clock = parameters.processingTimeService();
        this.maxParallelism = parameters.maxParallelism();
        if (maxParallelism < 1 || maxParallelism > 1 << 15) {
            throw new IllegalArgumentException("Max parallelism " + maxParallelism + " of operator '"
                    + parameters.operatorName() + "' is outside [1, 32768]");
        }
        this.keyGroupStart = keyGroupRangeStart(parameters.subtaskIndex(), parameters.parallelism(), maxParallelism);
        this.keyGroupEnd = keyGroupRangeStart(parameters.subtaskIndex() + 1, parameters.parallelism(), maxParallelism);
    }

    /**
     * The first key group of subtask {@code subtask}: the smallest {@code g} with
     * {@link KeyGroups#subtaskForKeyGroup}{@code (g) >= subtask}, so ranges match the routing.
     */
    public static int keyGroupRangeStart(int subtask, int parallelism, int maxParallelism) {
        return (int) (((long) subtask * maxParallelism + parallelism - 1) / parallelism);
    }

    // ---- current key ------------------------------------------------------------------------

    @Override
    public void setCurrentKey(Row key) {
        checkOpen();
        keyOut.clear();
        AbstractState.serialize(keySerializer, key, keyOut);
        int group = KeyGroups.keyGroupFor(key, keyFields(key.arity()), maxParallelism);
        if (group < keyGroupStart || group >= keyGroupEnd) {
            throw new IllegalArgumentException("Key " + key + " of operator '" + parameters.operatorName()
                    + "' is in key group " + group + ", which subtask " + parameters.subtaskIndex() + " does not own (it owns ["
                    + keyGroupStart + ", " + keyGroupEnd + ")); rows must reach a keyed operator through a HASH edge on its key");
        }
        keyChanged(key, group);
    }

    /** Makes the key stored as {@code bytes} current (for timers and key iteration). */
    protected final void setCurrentKeyBytes(byte[] bytes, int offset, int length, int keyGroup) {
        keyOut.clear();
        keyOut.write(bytes, offset, length);
        Row key = AbstractState.deserialize(keySerializer, keyIn.reset(bytes, offset, length));
        keyChanged(key, keyGroup);
    }

    private void keyChanged(Row key, int group) {
        currentKey = key;
        currentKeyGroup = group;
        currentKeyHash = AbstractState.hash(keyOut.buffer(), keyOut.length());
        currentKeyCopy = null;
        onKeyChanged();
    }

    /** Hook for subclasses that derive something from the serialized key (such as a key prefix). */
    protected void onKeyChanged() {
    }

    private int[] keyFields(int arity) {
        if (keyFields.length != arity) {
            int[] fields = new int[arity];
            for (int i = 0; i < arity; i++) {
                fields[i] = i;
            }
            keyFields = fields;
        }
        return keyFields;
    }

    @Override
    public Row currentKey() {
        return currentKey;
    }

    @Override
    public int currentKeyGroup() {
        return currentKeyGroup;
    }

    @Override
    public int keyGroupStart() {
        return keyGroupStart;
    }

    @Override
    public int keyGroupEnd() {
        return keyGroupEnd;
    }

    /** The serialized current key, valid up to {@link #keyLength()} until the key changes. */
    protected final byte[] keyBytes() {
        return keyOut.buffer();
    }

    protected final int keyLength() {
        return keyOut.length();
    }

    protected final int keyHash() {
        return currentKeyHash;
    }

    /** An exact-length copy of the serialized current key, made at most once per key. */
    protected final byte[] keyCopy() {
        if (currentKeyCopy == null) {
            currentKeyCopy = keyOut.toByteArray();
        }
        return currentKeyCopy;
    }

    void checkCurrentKey(String stateName) {
        checkOpen();
        if (currentKey == null) {
            throw new IllegalStateException("State '" + stateName + "' of operator '" + parameters.operatorName()
                    + "' was accessed before setCurrentKey");
        }
    }

    protected final void checkOpen() {
        if (closed) {
            throw new IllegalStateException("The state backend of operator '" + parameters.operatorName() + "' is closed");
        }
    }

    /** Processing time, the clock of state TTL. */
    public final long now() {
        return clock.currentTime();
    }

    // ---- states -----------------------------------------------------------------------------

    @Override
    public final <N, V> ValueState<N, V> valueState(StateDescriptor<N, ?, V> descriptor) {
        declare(descriptor, Kind.VALUE);
        return createValueState(descriptor);
    }

    @Override
    public final <N, V> ListState<N, V> listState(StateDescriptor<N, ?, V> descriptor) {
        declare(descriptor, Kind.LIST);
        return createListState(descriptor);
    }

    @Override
    public final <N, K, V> MapState<N, K, V> mapState(StateDescriptor<N, K, V> descriptor) {
        if (descriptor.userKeySerializer() == null) {
            throw new IllegalArgumentException("Map state '" + descriptor.name() + "' needs a user key serializer");
        }
        declare(descriptor, Kind.MAP);
        return createMapState(descriptor);
    }

    private void declare(StateDescriptor<?, ?, ?> descriptor, Kind kind) {
        checkOpen();
        Kind before = declared.putIfAbsent(descriptor.name(), kind);
        if (before != null && before != kind) {
            throw new IllegalArgumentException("State '" + descriptor.name() + "' of operator '" + parameters.operatorName()
                    + "' is already declared as " + before.name().toLowerCase() + " state, not " + kind.name().toLowerCase());
        }
        if (descriptor.ttl().isNegative()) {
            throw new IllegalArgumentException("State '" + descriptor.name() + "' has a negative TTL " + descriptor.ttl());
        }
        if (descriptor.hasTtl()) {
            scheduleTtlCleanup(Math.max(1, descriptor.ttl().toMillis()));
        }
    }

    protected abstract <N, V> ValueState<N, V> createValueState(StateDescriptor<N, ?, V> descriptor);

    protected abstract <N, V> ListState<N, V> createListState(StateDescriptor<N, ?, V> descriptor);

    protected abstract <N, K, V> MapState<N, K, V> createMapState(StateDescriptor<N, K, V> descriptor);

    // ---- key iteration ----------------------------------------------------------------------

    @Override
    public final <N> void forEachKey(State<N> state, N namespace, KeyAction action) throws Exception {
        checkOpen();
        if (!(state instanceof AbstractState<N, ?, ?> own) || own.backend != this) {
            throw new IllegalArgumentException("State " + state + " does not belong to this backend");
        }
        ByteArrayDataOutput ns = new ByteArrayDataOutput(16);
        AbstractState.serialize(own.descriptor.namespaceSerializer(), namespace, ns);
        forEachKeyBytes(own, ns.toByteArray(), (group, key, offset, length) -> {
            setCurrentKeyBytes(key, offset, length, group);
            action.accept(currentKey);
        });
    }

    /** A serialized key found by {@link #forEachKeyBytes}. */
    @FunctionalInterface
    protected interface KeyBytesAction {
        void accept(int keyGroup, byte[] key, int offset, int length) throws Exception;
    }

    /**
     * Calls {@code action} once per key with a live (unexpired) entry of {@code state} under the
     * serialized {@code namespace}. The action may change state, so implementations iterate over
     * a snapshot.
     */
    protected abstract void forEachKeyBytes(AbstractState<?, ?, ?> state, byte[] namespace, KeyBytesAction action)
            throws Exception;

    // ---- timers -----------------------------------------------------------------------------

    @Override
    public final <N> TimerService<N> timerService(String name, TypeSerializer<N> namespaceSerializer, Triggerable<N> target) {
        checkOpen();
        if (timerServices.containsKey(name)) {
            throw new IllegalArgumentException("Operator '" + parameters.operatorName() + "' already has a timer service named '"
                    + name + "'");
        }
        TimerServiceImpl<N> service = new TimerServiceImpl<>(this, name, namespaceSerializer, target,
                createTimerQueue(name, true), createTimerQueue(name, false));
        timerServices.put(name, service);
        timerServiceList.add(service);
        long restoredProcessingTime = service.queue(false).earliest();
        if (restoredProcessingTime != Long.MAX_VALUE) {
            processingTimerAdded(restoredProcessingTime);
        }
        return service;
    }

    /** The queue of the event-time or processing-time timers of the timer service {@code name}. */
    protected abstract TimerQueue createTimerQueue(String serviceName, boolean eventTime);

    @Override
    public final void advanceWatermark(long newWatermark) throws Exception {
        checkOpen();
        watermark = Math.max(watermark, newWatermark);
        fire(true, watermark);
    }

    @Override
    public final long currentWatermark() {
        return watermark;
    }

    @Override
    public final void restoreWatermark(long restored) {
        checkOpen();
        watermark = Math.max(watermark, restored);
    }

    /** Fires the timers of the domain up to {@code time}, earliest first across all services. */
    private void fire(boolean eventTime, long time) throws Exception {
        while (!closed) {
            TimerServiceImpl<?> next = null;
            long earliest = Long.MAX_VALUE;
            for (TimerServiceImpl<?> service : timerServiceList) {
                long t = service.queue(eventTime).earliest();
                if (next == null || t < earliest) {
                    earliest = t;
                    next = service;
                }
            }
            if (next == null || earliest > time) {
                return;
            }
            TimerQueue.TimerEntry entry = next.queue(eventTime).pollUpTo(time);
            if (entry == null) {
                return;
            }
            setCurrentKeyBytes(entry.key(), 0, entry.key().length, entry.keyGroup());
            next.fire(entry, eventTime);
        }
    }

    /** Makes sure a processing-time callback is due no later than {@code time}. */
    void processingTimerAdded(long time) {
        if (time < scheduledProcessingTime) {
            if (scheduledTimers != null) {
                scheduledTimers.cancel();
            }
            scheduledProcessingTime = time;
            scheduledTimers = clock.schedule(time, this::onProcessingTime);
        }
    }

    private void onProcessingTime(long time) throws Exception {
        scheduledTimers = null;
        scheduledProcessingTime = Long.MAX_VALUE;
        if (closed) {
            return;
        }
        fire(false, Math.max(time, clock.currentTime()));
        long next = Long.MAX_VALUE;
        for (TimerServiceImpl<?> service : timerServiceList) {
            next = Math.min(next, service.queue(false).earliest());
        }
        if (next != Long.MAX_VALUE && !closed) {
            processingTimerAdded(next);
        }
    }

    // ---- TTL cleanup ------------------------------------------------------------------------

    /**
     * Sweeps expired entries away every shortest TTL of the declared states, so that state of
     * keys that are never read again does not live forever (reads also drop what they find expired).
     */
    private void scheduleTtlCleanup(long interval) {
        if (interval < ttlCleanupInterval) {
            ttlCleanupInterval = interval;
            if (scheduledCleanup != null) {
                scheduledCleanup.cancel();
            }
            scheduledCleanup = clock.schedule(clock.currentTime() + interval, this::onTtlCleanup);
        }
    }

    private void onTtlCleanup(long time) {
        scheduledCleanup = null;
        if (closed) {
            return;
        }
        cleanUpExpired(clock.currentTime());
        // A sweep that stopped part-way continues as soon as the task is free again.
        long next = moreCleanupPending() ? clock.currentTime() : clock.currentTime() + ttlCleanupInterval;
        scheduledCleanup = clock.schedule(next, this::onTtlCleanup);
    }

    /** Removes entries that expired at {@code now} from every state with a TTL (or a bounded part of them). */
    protected abstract void cleanUpExpired(long now);

    /** Whether the last {@link #cleanUpExpired} stopped before it swept everything. */
    protected boolean moreCleanupPending() {
        return false;
    }

    /**
     * The number of stored entries of state {@code stateName} (one per key and namespace, one
     * per map entry), expired ones included: for tests of cleanup.
     */
    public abstract long storedEntries(String stateName);

    // ---- close ------------------------------------------------------------------------------

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (scheduledTimers != null) {
            scheduledTimers.cancel();
        }
        if (scheduledCleanup != null) {
            scheduledCleanup.cancel();
        }
        RuntimeException failure = null;
        for (TimerServiceImpl<?> service : timerServiceList) {
            try {
                service.queue(true).close();
                service.queue(false).close();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        try {
            closeStorage();
        } catch (RuntimeException e) {
            if (failure != null) {
                e.addSuppressed(failure);
            }
            throw e;
        }
        if (failure != null) {
            throw failure;
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** Frees what the subclass holds (native handles, files); called once. */
    protected abstract void closeStorage();
}
