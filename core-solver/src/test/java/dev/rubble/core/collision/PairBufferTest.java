package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pair list's sort against {@link Arrays#sort} of the same packed pairs. */
class PairBufferTest {
    private static long[] sortedReference(int[] a, int[] b) {
        long[] ref = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            int lo = Math.min(a[i], b[i]), hi = Math.max(a[i], b[i]);
            ref[i] = ((long) lo << 32) | hi;
        }
        Arrays.sort(ref);
        return ref;
    }

    private static void check(int[] a, int[] b) {
        PairBuffer p = new PairBuffer();
        for (int i = 0; i < a.length; i++) {
            p.pair(a[i], b[i]);
        }
        p.sort();
        long[] ref = sortedReference(a, b);
        assertThat(p.size()).isEqualTo(ref.length);
        for (int i = 0; i < ref.length; i++) {
            assertThat(p.packed(i)).as("pair %d of %d", i, ref.length).isEqualTo(ref[i]);
            assertThat(p.first(i)).isEqualTo((int) (ref[i] >>> 32));
            assertThat(p.second(i)).isEqualTo((int) ref[i]);
        }
    }

    private static void random(long seed, int n, int maxSlot) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n], b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(maxSlot);
            b[i] = r.nextInt(maxSlot);
        }
        check(a, b);
    }

    @Test
    void sortsLikeASortOfThePackedPairsWhateverTheSlotWidths() {
        random(1, 11_000, 4_000); // the pile: 24 bits packed, two passes
        random(2, 5_000, 2);
        random(3, 3_000, 1 << 12); // b exactly 12 bits
        random(4, 3_000, (1 << 12) + 1);
        random(5, 20_000, 100_000);
        random(6, 2_000, Integer.MAX_VALUE); // 31-bit slots: 62 bits packed, every digit
        random(7, 1, 10);
    }

    /** Small scenes' pair counts, sorted in 8-bit digits (the chain's 100 pairs, the pyramid's few hundred), and the sizes around the switch. */
    @Test
    void sortsSmallSetsInEitherDigitWidth() {
        random(8, 100, 101); // the 100-link chain: 14 bits packed
        random(9, 600, 211); // the 20-row pyramid: 16 bits packed
        random(10, 300, Integer.MAX_VALUE); // 62 bits in 8-bit digits: eight passes
        random(11, 40, 1 << 20);
        for (int n = 2; n <= 4_096; n *= 2) { // across the 8- and 12-bit digits' break-even, wide and narrow slots
            random(12 + n, n, 300);
            random(13 + n, n, 5_000);
            random(14 + n, n, 1 << 30);
        }
    }

    @Test
    void edgesAllEqualOneDistinctSlotZeroAndReversedPairs() {
        check(new int[] {5, 5, 5}, new int[] {9, 9, 9}); // every key equal: no pass runs
        check(new int[] {0, 0}, new int[] {0, 0}); // slot 0 only: zero bits for b
        check(new int[] {9, 1, 7, 3}, new int[] {2, 8, 0, 3}); // given high-first; same slot twice
        check(new int[] {Integer.MAX_VALUE, 0}, new int[] {0, Integer.MAX_VALUE - 1});
        check(new int[0], new int[0]);
    }

    @Test
    void sortsAgainAfterClearAndGrowth() {
        PairBuffer p = new PairBuffer();
        for (int round = 0; round < 3; round++) {
            p.clear();
            SplittableRandom r = new SplittableRandom(round);
            int n = 100 << (2 * round);
            long[] ref = new long[n];
            for (int i = 0; i < n; i++) {
                int x = r.nextInt(50_000), y = r.nextInt(50_000);
                p.pair(x, y);
                ref[i] = ((long) Math.min(x, y) << 32) | Math.max(x, y);
            }
            p.sort();
            Arrays.sort(ref);
            for (int i = 0; i < n; i++) {
                assertThat(p.packed(i)).isEqualTo(ref[i]);
            }
        }
    }
}
