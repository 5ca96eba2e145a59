package dev.runnel.runtime.config;

import java.util.Locale;

/**
 * A number of bytes, written in Flink's memory size syntax: a number and an optional unit
 * ({@code b}, {@code kb}, {@code mb}, {@code gb}, {@code tb}), as in {@code 32kb}.
 */
public record MemorySize(long bytes) {
    /** @throws IllegalArgumentException if {@code text} is not a size */
    public static MemorySize parse(String text) {
        return new MemorySize(parseBytes(text));
    }

    @Override
    public String toString() {
        return bytes % (1 << 20) == 0 && bytes > 0 ? bytes / (1 << 20) + "mb"
                : bytes % (1 << 10) == 0 && bytes > 0 ? bytes / (1 << 10) + "kb" : bytes + "b";
    }

    /**
     * The number of bytes {@code text} stands for.
     *
     * @throws IllegalArgumentException if it is not a size
     */
    public static long parseBytes(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("no number");
        }
        long amount = Long.parseLong(s.substring(0, i));
        long unit = switch (s.substring(i).trim()) {
            case "", "b", "bytes" -> 1L;
            case "k", "kb", "kibibytes" -> 1L << 10;
            case "m", "mb", "mebibytes" -> 1L << 20;
            case "g", "gb", "gibibytes" -> 1L << 30;
            case "t", "tb", "tebibytes" -> 1L << 40;
            default -> throw new IllegalArgumentException("unknown unit '" + s.substring(i).trim() + "'");
        };
        return Math.multiplyExact(amount, unit);
    }
}
