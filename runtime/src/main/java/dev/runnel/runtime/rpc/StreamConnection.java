package dev.runnel.runtime.rpc;

import dev.runnel.runtime.rpc.TaskManagerProtocol.Reply;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.Serializable;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One end of a {@link TaskManagerProtocol} stream: sends messages (from any thread), numbers the
 * calls that wait for a {@link Reply}, sends heartbeats and watches the peer's, and reports the
 * loss of the connection once, whatever noticed it first: the stream failing or ending, or
 * {@code heartbeat.timeout} without a message. After the loss every waiting call fails and
 * whatever is sent is dropped.
 *
 * @param <O> what this end sends
 */
final class StreamConnection<O> {
    private static final Logger LOG = LoggerFactory.getLogger(StreamConnection.class);

    private final StreamObserver<O> out;
    private final JavaSerialization<O> serialization;
    private final ScheduledExecutorService timer;
    private final Supplier<O> heartbeat;
    private final Consumer<String> onLost;
    private final AtomicBoolean lost = new AtomicBoolean();
    private final AtomicLong nextCallId = new AtomicLong();
    private final Map<Long, CompletableFuture<Object>> calls = new ConcurrentHashMap<>();
    private volatile long lastHeardNanos = System.nanoTime();
    private volatile long lastHeardMillis = System.currentTimeMillis();
    private volatile RuntimeException lossFailure;
    private ScheduledFuture<?> heartbeats;

    /**
     * @param out       the stream to the peer (gRPC's observers are not thread-safe: every
     *                  message goes through {@link #send})
     * @param serialization the stream's marshaller of what this end sends
     * @param heartbeat makes the heartbeat message this end sends
     * @param onLost    told the cause once, when the connection is lost
     */
    StreamConnection(StreamObserver<O> out, JavaSerialization<O> serialization, ScheduledExecutorService timer,
                     Supplier<O> heartbeat, Consumer<String> onLost) {
        this.out = out;
        this.serialization = serialization;
        this.timer = timer;
        this.heartbeat = heartbeat;
        this.onLost = onLost;
    }

    /**
     * Sends {@code message}; dropped once the connection is lost.
     *
     * @throws IllegalArgumentException if the message cannot be serialized (the connection lives on)
     */
    void send(O message) {
        synchronized (out) {
            if (lost.get()) {
                return;
            }
            serialization.prepare(message);
            try {
                out.onNext(message);
            } catch (RuntimeException e) {
                LOG.debug("Could not send {}", message.getClass().getSimpleName(), e);
                lose("could not send a message: " + e.getMessage());
            }
        }
    }

    /**
     * Sends the call {@code message(callId)} and completes with the value of the peer's
     * {@link Reply}, or fails with the peer's exception, or with the loss of the connection.
     */
    CompletableFuture<Object> call(LongFunction<O> message) {
        CompletableFuture<Object> result = new CompletableFuture<>();
        long callId = nextCallId.incrementAndGet();
        calls.put(callId, result);
        if (lossFailure != null) {
            calls.remove(callId);
            result.completeExceptionally(lossFailure);
            return result;
        }
        try {
            send(message.apply(callId));
        } catch (IllegalArgumentException e) {
            calls.remove(callId);
            result.completeExceptionally(e);
        }
        return result;
    }

    /** A message arrived: the peer is alive. */
    void heard() {
        lastHeardNanos = System.nanoTime();
        lastHeardMillis = System.currentTimeMillis();
    }

    /** When the peer's last message arrived, in epoch milliseconds. */
    long lastHeardMillis() {
        return lastHeardMillis;
    }

    /** The peer answered a call. */
    void replied(Reply reply) {
        CompletableFuture<Object> call = calls.remove(reply.callId());
        if (call == null) {
            return;
        }
        if (reply.failure() != null) {
            call.completeExceptionally(reply.failure());
        } else {
            call.complete(reply.value());
        }
    }

    /** Answers the peer's call {@code callId} once {@code result} completes. */
    void reply(long callId, CompletableFuture<?> result, Function<Reply, O> wrap) {
        result.whenComplete((value, failure) -> {
            if (failure == null) {
                try {
                    send(wrap.apply(new Reply(callId, (Serializable) value, null)));
                    return;
                } catch (IllegalArgumentException | ClassCastException e) {
                    failure = e; // the caller must hear of it, or it waits for ever
                }
            }
            send(wrap.apply(new Reply(callId, null,
                    ClusterRpc.Outcome.failed(RemoteClusterClient.unwrap(failure)).failure())));
        });
    }

    /**
     * Sends a heartbeat every {@code interval} and counts the connection lost when nothing
     * arrived for {@code timeout}. Called again, it replaces the previous rhythm.
     */
    synchronized void heartbeats(Duration interval, Duration timeout) {
        if (heartbeats != null) {
            heartbeats.cancel(false);
        }
        if (lost.get()) {
            return;
        }
        heartbeat(timeout);
        heartbeats = timer.scheduleAtFixedRate(() -> heartbeat(timeout), interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void heartbeat(Duration timeout) {
        long silentNanos = System.nanoTime() - lastHeardNanos;
        if (silentNanos > timeout.toNanos()) {
            lose("no heartbeat for " + TimeUnit.NANOSECONDS.toSeconds(silentNanos) + " s (heartbeat.timeout "
                    + timeout.toSeconds() + " s)");
            return;
        }
        send(heartbeat.get());
    }

    /**
     * The connection is lost ({@code cause} says why): reported once; waiting calls fail, the
     * stream is ended with an error if it is still open.
     */
    void lose(String cause) {
        if (!lost.compareAndSet(false, true)) {
            return;
        }
        synchronized (this) {
            if (heartbeats != null) {
                heartbeats.cancel(false);
            }
        }
        lossFailure = new ClusterConnectionException("The connection was lost: " + cause);
        calls.keySet().forEach(id -> {
            CompletableFuture<Object> call = calls.remove(id);
            if (call != null) {
                call.completeExceptionally(lossFailure);
            }
        });
        synchronized (out) {
            try {
                out.onError(Status.UNAVAILABLE.withDescription(cause).asRuntimeException());
            } catch (RuntimeException e) {
                // ended already
            }
        }
        onLost.accept(cause);
    }

    /** Whether the connection was lost. */
    boolean isLost() {
        return lost.get();
    }
}
