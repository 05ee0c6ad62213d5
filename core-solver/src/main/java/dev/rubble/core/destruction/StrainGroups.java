package dev.rubble.core.destruction;

import java.util.Arrays;

/**
 * What the grouping pass made of the step's strained list, read by the passes after it: the
 * holders (collection-major, then first-strained order), each holder's range of entries
 * {@code [holderStart[k], holderStart[k + 1])}, the load each entry was evaluated with and whether
 * it broke, how many children each holder lost, and the holders evaluated this step in the order
 * they were evaluated (every holder, or the break budget's first-strained prefix). Per step; not saved.
 */
final class StrainGroups {
    int[] holders = new int[16], holderStart = new int[17], holderBroken = new int[16];
    int holderCount;
    /** Per global node: the holder index of a grouped holder (valid while {@code holders[holderIdx[h]] == h}). */
    int[] holderIdx = new int[0];
    int[] entries = new int[16];
    double[] applied = new double[16];
    boolean[] broken = new boolean[16];
    int entryCount;
    int[] evaluated = new int[16];
    int evaluatedCount;

    void growHolders(int cap) {
        holders = Arrays.copyOf(holders, cap);
        holderBroken = Arrays.copyOf(holderBroken, cap);
        holderStart = Arrays.copyOf(holderStart, cap + 1);
    }

    void growEntries(int n) {
        if (entries.length < n) {
            int cap = Math.max(n, entries.length * 2);
            entries = new int[cap];
            applied = new double[cap];
            broken = new boolean[cap];
        }
    }

    void growNodes(int n) {
        if (holderIdx.length < n) {
            holderIdx = Arrays.copyOf(holderIdx, Math.max(n, holderIdx.length * 2));
        }
    }

    /** Records that holder k was evaluated (in evaluation order). */
    void evaluated(int k) {
        if (evaluatedCount == evaluated.length) {
            evaluated = Arrays.copyOf(evaluated, evaluatedCount * 2);
        }
        evaluated[evaluatedCount++] = k;
    }
}
