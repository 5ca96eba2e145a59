package dev.runnel.runtime.connector.nexmark;

/**
 * A small, fast pseudo-random generator (SplitMix64) that is re-seeded for every event, so
 * that event {@code n} is the same whichever subtask generates it and whatever came before.
 * Not thread-safe; one per reader.
 */
final class NexmarkRandom {
    private long state;

    /** Positions the generator at the start of event {@code eventId}'s stream under {@code seed}. */
    void reset(long seed, long eventId) {
        state = mix(seed ^ mix(eventId + 0x632BE59BD9B4E019L));
    }

    long nextLong() {
        state += 0x9E3779B97F4A7C15L;
        return mix(state);
    }

    /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
    int nextInt(int bound) {
        return (int) nextLong((long) bound);
    }

    /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
    long nextLong(long bound) {
        // The modulo bias is below 2^-40 for the bounds the model uses (at most a few million).
        return (nextLong() >>> 1) % bound;
    }

    /** Uniform in {@code [0, 1)}. */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
