package dev.rubble.core.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link IgnoredPairs#replaceAll} (the constraints' collideConnected pairs) against pair-by-pair {@link IgnoredPairs#set}. */
class IgnoredPairsTest {

    @Test
    void replaceAllHoldsExactlyThePairsSetOneByOneWouldHold() {
        SplittableRandom r = new SplittableRandom(29);
        for (int round = 0; round < 200; round++) {
            int n = r.nextInt(0, 300);
            long[] a = new long[n], b = new long[n];
            IgnoredPairs reference = new IgnoredPairs();
            for (int i = 0; i < n; i++) {
                // few distinct handles (repeats and both orders), generations in the high word
                long x = (long) r.nextInt(3) << 32 | r.nextInt(40), y;
                do {
                    y = (long) r.nextInt(3) << 32 | r.nextInt(40);
                } while (y == x);
                a[i] = x;
                b[i] = y;
                reference.set(x, y, true);
            }
            IgnoredPairs bulk = new IgnoredPairs();
            bulk.set(7, 8, true); // replaced, not kept
            bulk.replaceAll(a, b, n);
            assertThat(bulk.size()).isEqualTo(reference.size());
            for (int i = 0; i < bulk.size(); i++) {
                assertThat(bulk.first(i)).isEqualTo(reference.first(i));
                assertThat(bulk.second(i)).isEqualTo(reference.second(i));
            }
        }
    }

    @Test
    void replaceAllWithNothingEmptiesAndAPairOfOneBodyIsRefused() {
        IgnoredPairs p = new IgnoredPairs();
        p.set(1, 2, true);
        p.replaceAll(new long[0], new long[0], 0);
        assertThat(p.size()).isZero();
        assertThat(p.contains(1, 2)).isFalse();
        assertThatThrownBy(() -> p.replaceAll(new long[] {5}, new long[] {5}, 1)).hasMessageContaining("twice");
    }
}
