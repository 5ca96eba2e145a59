package dev.runnel.runtime.state.backend;

import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.TypeSerializer;

/** A timer service over two {@link TimerQueue}s of its backend: event time and processing time. */
final class TimerServiceImpl<N> implements TimerService<N> {
    private final AbstractKeyedStateBackend backend;
    private final String name;
    private final TypeSerializer<N> namespaceSerializer;
    private final Triggerable<N> target;
    private final TimerQueue eventTimers;
    private final TimerQueue processingTimers;
    private final ByteArrayDataOutput nsOut = new ByteArrayDataOutput(16);
    private final ByteArrayDataInput nsIn = new ByteArrayDataInput();

    TimerServiceImpl(AbstractKeyedStateBackend backend, String name, TypeSerializer<N> namespaceSerializer,
                     Triggerable<N> target, TimerQueue eventTimers, TimerQueue processingTimers) {
        this.backend = backend;
        this.name = name;
        this.namespaceSerializer = namespaceSerializer;
        this.target = target;
        this.eventTimers = eventTimers;
        this.processingTimers = processingTimers;
    }

    TimerQueue queue(boolean eventTime) {
        return eventTime ? eventTimers : processingTimers;
    }

    private void serializeNamespace(N namespace) {
        backend.checkCurrentKey("timer service " + name);
        nsOut.clear();
        AbstractState.serialize(namespaceSerializer, namespace, nsOut);
    }

    @Override
    public void registerEventTimeTimer(N namespace, long time) {
        serializeNamespace(namespace);
        eventTimers.add(time, backend.currentKeyGroup(), backend.keyBytes(), backend.keyLength(), nsOut.buffer(), nsOut.length());
    }

    @Override
    public void deleteEventTimeTimer(N namespace, long time) {
        serializeNamespace(namespace);
        eventTimers.remove(time, backend.currentKeyGroup(), backend.keyBytes(), backend.keyLength(), nsOut.buffer(), nsOut.length());
    }

    @Override
    public void registerProcessingTimeTimer(N namespace, long time) {
        serializeNamespace(namespace);
        processingTimers.add(time, backend.currentKeyGroup(), backend.keyBytes(), backend.keyLength(), nsOut.buffer(),
                nsOut.length());
        backend.processingTimerAdded(time);
    }

    @Override
    public void deleteProcessingTimeTimer(N namespace, long time) {
        serializeNamespace(namespace);
        processingTimers.remove(time, backend.currentKeyGroup(), backend.keyBytes(), backend.keyLength(), nsOut.buffer(),
                nsOut.length());
    }

    @Override
    public long currentWatermark() {
        return backend.currentWatermark();
    }

    @Override
    public long currentProcessingTime() {
        return backend.now();
    }

    /** Delivers {@code entry}, whose key the backend already made current. */
    void fire(TimerQueue.TimerEntry entry, boolean eventTime) throws Exception {
        N namespace = AbstractState.deserialize(namespaceSerializer, nsIn.reset(entry.namespace()));
        Timer<N> timer = new Timer<>(entry.timestamp(), backend.currentKey(), namespace);
        if (eventTime) {
            target.onEventTime(timer);
        } else {
            target.onProcessingTime(timer);
        }
    }
}
