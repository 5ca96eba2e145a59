package dev.runnel.runtime.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The defaults every benchmark here inherits: throughput per second, one fork, 2 × 1 s of
 * warm-up and 3 × 2 s of measurement, so that a run of all of them stays near five minutes on
 * two cores. Command-line options ({@code -f}, {@code -wi}, {@code -i}, {@code -r}) override them.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public abstract class ShortRuns {
}
