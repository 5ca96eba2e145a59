package dev.runnel.runtime.stream;

/** Event time has advanced to {@code timestamp} (epoch millis): no later row will be older. */
public record Watermark(long timestamp) implements StreamElement {
    public static final Watermark MAX = new Watermark(Long.MAX_VALUE);
}
