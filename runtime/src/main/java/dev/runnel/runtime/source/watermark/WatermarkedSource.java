package dev.runnel.runtime.source.watermark;

import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.source.SplitEnumerator;
import dev.runnel.runtime.source.SplitEnumeratorContext;
import java.util.Objects;

/**
 * A source whose readers generate watermarks from their rows by a {@link WatermarkStrategy}
 * (see {@link WatermarkedSourceReader}): the watermark is applied right where rows are read,
 * per split, as Flink does for a source with a watermark strategy.
 */
public record WatermarkedSource(SourceFactory source, WatermarkStrategy strategy) implements SourceFactory {
    public WatermarkedSource {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(strategy, "strategy");
    }

    /** The source's name, then where its watermarks come from: {@code TableSourceScan(…) -> WatermarkAssigner(…)}. */
    @Override
    public String name() {
        return source.name() + " -> " + strategy.description();
    }

    /** The watermark expression may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return source.stateSignature() + " -> WatermarkAssigner";
    }

    @Override
    public boolean isBounded() {
        return source.isBounded();
    }

    /** The source's own: watermarks change nothing about its splits. */
    @Override
    public SplitEnumerator createEnumerator(SplitEnumeratorContext context, byte[] restoredState) {
        return source.createEnumerator(context, restoredState);
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new WatermarkedSourceReader(source.createReader(subtaskIndex, parallelism), strategy);
    }
}
