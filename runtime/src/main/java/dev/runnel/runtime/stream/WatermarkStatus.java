package dev.runnel.runtime.stream;

/**
 * Whether the producer of a channel currently holds back event time. An {@link #IDLE} producer
 * (a source split without rows for {@code table.exec.source.idle-timeout}, or a task whose
 * inputs are all idle) sends no rows or watermarks for a while, so its consumers leave its
 * channel out of their watermark minimum until it sends {@link #ACTIVE} again, which it does
 * before its next row.
 */
public enum WatermarkStatus implements StreamElement {
    IDLE,
    ACTIVE;

    public boolean isIdle() {
        return this == IDLE;
    }
}
