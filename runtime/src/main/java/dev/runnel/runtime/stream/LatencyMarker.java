package dev.runnel.runtime.stream;

/**
 * A probe of end-to-end latency, as Flink's latency markers: a source subtask emits one every
 * {@code metrics.latency.interval}, stamped with the wall-clock time it was emitted. Markers
 * pass operators by (they wait behind the rows queued in exchanges, but not for operators to
 * process rows or fire windows) and go to one random consumer on every edge; a sink records
 * how long the marker took to reach it.
 *
 * @param markedTimeMicros wall-clock time of emission, microseconds since the epoch
 * @param sourceSubtask the index of the source subtask that emitted it
 */
public record LatencyMarker(long markedTimeMicros, int sourceSubtask) implements StreamElement {
}
