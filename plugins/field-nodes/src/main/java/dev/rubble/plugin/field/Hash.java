package dev.rubble.plugin.field;

/** SplitMix64-style mixing: a fixed, platform-independent 64-bit hash of a few longs. */
final class Hash {
    private Hash() {
    }

    static long mix(long a) {
        long z = a + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static long mix(long seed, long a) {
        return mix(mix(seed) ^ a);
    }

    static long mix(long seed, long a, long b, long c) {
        return mix(mix(mix(mix(seed) ^ a) ^ b) ^ c);
    }

    /** A double in [0, 1) from the top 53 bits. */
    static double unit(long h) {
        return (h >>> 11) * 0x1.0p-53;
    }
}
