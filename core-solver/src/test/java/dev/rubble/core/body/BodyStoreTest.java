package dev.rubble.core.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.MassProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class BodyStoreTest {

    private static int create(BodyStore s, MotionType m) {
        Box box = new Box(0.5, 0.5, 0.5);
        MassProperties mp = m == MotionType.DYNAMIC ? box.massProperties(1000) : null;
        return s.create(box, m, mp, 0, 0, 0, 0, 0, 0, 1);
    }

    /** Every partition is exactly the set of live bodies in that state, and order/rank are inverse. */
    private static void assertConsistent(BodyStore s, List<Integer> live) {
        int total = 0;
        for (BodyState st : BodyState.values()) {
            int from = s.partitionStart(st);
            for (int i = from; i < from + s.count(st); i++) {
                int slot = s.order[i];
                assertThat(s.rank[slot]).isEqualTo(i);
                assertThat(s.state(slot)).isEqualTo(st);
                assertThat(live).contains(slot);
            }
            total += s.count(st);
        }
        assertThat(total).isEqualTo(live.size()).isEqualTo(s.size());
        for (int slot : live) {
            assertThat(s.isLive(slot)).isTrue();
        }
    }

    @Test
    void partitionsStayContiguousUnderRandomChanges() {
        BodyStore s = new BodyStore(4, 10_000);
        List<Integer> live = new ArrayList<>();
        Random rnd = new Random(1234);
        for (int op = 0; op < 5_000; op++) {
            int r = rnd.nextInt(10);
            if (r < 4 || live.isEmpty()) {
                MotionType m = MotionType.values()[rnd.nextInt(3)];
                live.add(create(s, m));
            } else if (r < 6) {
                int slot = live.remove(rnd.nextInt(live.size()));
                s.remove(slot);
                assertThat(s.isLive(slot)).isFalse();
            } else {
                int slot = live.get(rnd.nextInt(live.size()));
                MotionType m = s.motion(slot);
                BodyState target = m == MotionType.STATIC
                        ? (rnd.nextBoolean() ? BodyState.STATIC : BodyState.DISABLED)
                        : (m == MotionType.DYNAMIC ? BodyState.values()[new int[] {0, 1, 3}[rnd.nextInt(3)]]
                        : (rnd.nextBoolean() ? BodyState.AWAKE : BodyState.DISABLED));
                s.setState(slot, target);
            }
            if (op % 97 == 0) {
                assertConsistent(s, live);
            }
        }
        assertConsistent(s, live);
    }

    @Test
    void staleHandlesAreRejectedAfterSlotReuse() {
        BodyStore s = new BodyStore(4, 100);
        int a = create(s, MotionType.DYNAMIC);
        long h = s.handle(a);
        assertThat(s.slot(h)).isEqualTo(a);
        s.remove(a);
        int b = create(s, MotionType.DYNAMIC);
        assertThat(b).isEqualTo(a); // slot reused
        assertThat(s.handle(b)).isNotEqualTo(h);
        assertThatThrownBy(() -> s.slot(h)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a live body");
    }

    @Test
    void bodyBudgetRefusesWithoutChangingAnything() {
        BodyStore s = new BodyStore(2, 3);
        for (int i = 0; i < 3; i++) {
            create(s, MotionType.DYNAMIC);
        }
        assertThatThrownBy(() -> create(s, MotionType.DYNAMIC))
                .isInstanceOf(CapacityExceededException.class)
                .hasMessageContaining("maxBodies = 3");
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.count(BodyState.AWAKE)).isEqualTo(3);
    }

    @Test
    void originAndCentreOfMassAreRelatedByTheRotatedOffset() {
        BodyStore s = new BodyStore(4, 10);
        Box box = new Box(1, 1, 1);
        MassProperties mp = new MassProperties(1, 0.5, 0, 0, 1, 1, 1, 0, 0, 0, 1);
        double h = Math.sqrt(0.5);
        int slot = s.create(box, MotionType.DYNAMIC, mp, 1, 2, 3, 0, 0, h, h); // 90° about z
        // R_z(90°) * (0.5, 0, 0) = (0, 0.5, 0)
        assertThat(s.px[slot]).isCloseTo(1, org.assertj.core.api.Assertions.within(1e-15));
        assertThat(s.py[slot]).isCloseTo(2.5, org.assertj.core.api.Assertions.within(1e-15));
        assertThat(s.originX(slot)).isCloseTo(1, org.assertj.core.api.Assertions.within(1e-15));
        assertThat(s.originY(slot)).isCloseTo(2, org.assertj.core.api.Assertions.within(1e-15));
    }
}
