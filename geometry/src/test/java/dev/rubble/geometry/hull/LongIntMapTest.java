package dev.rubble.geometry.hull;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** LongIntMap against java.util.HashMap as the reference, over random puts, removes and gets. */
final class LongIntMapTest {
    @Test
    void agreesWithHashMapOverRandomOperationsOnCollidingEdgeKeys() {
        SplittableRandom r = new SplittableRandom(5);
        LongIntMap m = new LongIntMap(4);
        Map<Long, Integer> ref = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            // edge keys of a small polytope, (u << 32) | w: the ones HashMap<Long, ...> hashes to u ^ w
            long key = ((long) r.nextInt(48) << 32) | r.nextInt(48);
            int kind = r.nextInt(3);
            if (kind == 0) {
                int v = r.nextInt(1_000_000);
                m.put(key, v);
                ref.put(key, v);
            } else if (kind == 1) {
                m.remove(key);
                ref.remove(key);
            } else {
                assertThat(m.get(key)).isEqualTo(ref.getOrDefault(key, -1));
            }
        }
        for (long u = 0; u < 48; u++) {
            for (long w = 0; w < 48; w++) {
                long key = (u << 32) | w;
                assertThat(m.get(key)).isEqualTo(ref.getOrDefault(key, -1));
            }
        }
    }

    @Test
    void aClearedMapIsEmptyAndAgreesAgainAcrossManyReuses() {
        SplittableRandom r = new SplittableRandom(6);
        LongIntMap m = new LongIntMap(4);
        Map<Long, Integer> ref = new HashMap<>();
        for (int round = 0; round < 200; round++) {
            int keys = 2 + r.nextInt(200); // a small or a large hull's edges: the table grows, then is reused
            for (int op = 0; op < 2_000; op++) {
                long key = ((long) r.nextInt(keys) << 32) | r.nextInt(keys);
                if (r.nextInt(3) == 0) {
                    m.remove(key);
                    ref.remove(key);
                } else {
                    int v = r.nextInt(1_000_000);
                    m.put(key, v);
                    ref.put(key, v);
                }
            }
            for (Map.Entry<Long, Integer> e : ref.entrySet()) {
                assertThat(m.get(e.getKey())).isEqualTo(e.getValue());
            }
            m.clear();
            for (Long key : ref.keySet()) {
                assertThat(m.get(key)).isEqualTo(-1);
            }
            ref.clear();
        }
    }
}
