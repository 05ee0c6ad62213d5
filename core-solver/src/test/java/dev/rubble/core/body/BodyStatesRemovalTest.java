package dev.rubble.core.body;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import dev.rubble.spi.shape.Box;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * Removing a body wakes the sleeping islands its bounds overlap (it may have held them up), and asks
 * the broadphase only when something sleeps: a query after a removal makes a grid rebuild, and a
 * break that retires hundreds of holder bodies with nothing asleep rebuilt the shattered wall's
 * 10 000-body grid once per holder (half a second in one step).
 */
class BodyStatesRemovalTest {

    /** The brute-force reference broadphase, counting the queries it answers. */
    private static final class Counting implements Broadphase {
        private final Broadphase d = reference();
        int queries;

        @Override
        public void add(int id, double a, double b, double c, double e, double f, double g, boolean fixed) {
            d.add(id, a, b, c, e, f, g, fixed);
        }

        @Override
        public void update(int id, double a, double b, double c, double e, double f, double g) {
            d.update(id, a, b, c, e, f, g);
        }

        @Override
        public void setFixed(int id, boolean fixed) {
            d.setFixed(id, fixed);
        }

        @Override
        public void remove(int id) {
            d.remove(id);
        }

        @Override
        public boolean contains(int id) {
            return d.contains(id);
        }

        @Override
        public int size() {
            return d.size();
        }

        @Override
        public void findPairs(PairCollector out) {
            d.findPairs(out);
        }

        @Override
        public void query(double a, double b, double c, double e, double f, double g, ProxyCollector out) {
            queries++;
            d.query(a, b, c, e, f, g, out);
        }

        private static Broadphase reference() {
            for (RubblePlugin p : ServiceLoader.load(RubblePlugin.class)) {
                for (BroadphaseFactory f : p.broadphases()) {
                    if (f.name().equals("bruteforce")) {
                        return f.create(StageConfig.empty());
                    }
                }
            }
            throw new IllegalStateException("bruteforce broadphase not on the test class path");
        }
    }

    private static long box(BodyStates st, double x, double y) {
        return st.create(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(x, y, 0));
    }

    @Test
    void removingWithNothingAsleepAsksTheBroadphaseNothing() {
        Counting bp = new Counting();
        BodyStore b = new BodyStore(8, 100);
        BodyStates st = new BodyStates(b, bp);
        long lower = box(st, 0, 0.5);
        long upper = box(st, 0, 1.4);
        long far = box(st, 10, 0.5);
        st.remove(b.slot(lower));
        st.remove(b.slot(far));
        assertThat(bp.queries).isZero();
        assertThat(b.state[b.slot(upper)]).isEqualTo((byte) BodyState.AWAKE.ordinal());
        assertThat(b.count(BodyState.AWAKE)).isEqualTo(1);
    }

    @Test
    void removingASupportStillWakesTheIslandSleepingOnItAndOnlyThatOne() {
        Counting bp = new Counting();
        BodyStore b = new BodyStore(8, 100);
        BodyStates st = new BodyStates(b, bp);
        long lower = box(st, 0, 0.5);
        long upper = box(st, 0, 1.4); // its bounds overlap the lower box's
        long far = box(st, 10, 0.5);
        st.setState(b.slot(upper), BodyState.SLEEPING);
        st.setState(b.slot(far), BodyState.SLEEPING);
        st.remove(b.slot(lower));
        assertThat(bp.queries).isEqualTo(1);
        assertThat(b.state[b.slot(upper)]).isEqualTo((byte) BodyState.AWAKE.ordinal());
        assertThat(b.state[b.slot(far)]).isEqualTo((byte) BodyState.SLEEPING.ordinal());
    }
}
