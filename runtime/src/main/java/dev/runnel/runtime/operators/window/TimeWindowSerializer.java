package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.state.TypeSerializer;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Writes a window as its start and end, so that a key's windows are stored in order of their start. */
public enum TimeWindowSerializer implements TypeSerializer<TimeWindow> {
    INSTANCE;

    @Override
    public void serialize(TimeWindow window, DataOutput out) throws IOException {
        out.writeLong(window.start());
        out.writeLong(window.end());
    }

    @Override
    public TimeWindow deserialize(DataInput in) throws IOException {
        long start = in.readLong();
        return new TimeWindow(start, in.readLong());
    }

    @Override
    public TimeWindow copy(TimeWindow window) {
        return window;
    }
}
