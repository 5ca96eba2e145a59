package dev.runnel.runtime.state;

import dev.runnel.runtime.data.Row;

/** A timer that fired: its time, and the key and namespace it was registered for. */
public record Timer<N>(long timestamp, Row key, N namespace) {
}
