package dev.runnel.runtime.network;

/**
 * A channel was released (its producer or consumer was cancelled or failed) while a task was
 * writing to it or waiting for room in it. The task stops without reporting a failure of its own.
 */
public class ChannelReleasedException extends RuntimeException {
    public ChannelReleasedException(String message) {
        super(message);
    }
}
