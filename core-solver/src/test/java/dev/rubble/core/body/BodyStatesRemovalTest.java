package dev.rubble.core.body;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * Removing a body wakes the sleeping islands its bounds overlap (it may have held them up), and asks
 * the broadphase only when something sleeps: a query after a removal makes a grid rebuild, and a
 * break that retires hundreds of holder bodies with nothing asleep rebuilt the shattered wall's
 * 10 000-body grid once per holder (half a second in one step).
 */
class BodyStatesRemovalTest {

    /** The brute-force reference broadphase, counting the queries it answers. */
    private static final class Counting extends ForwardingBroadphase {
        int queries;

        @Override
        public void query(double a, double b, double c, double e, double f, double g, ProxyCollector out) {
            queries++;
            super.query(a, b, c, e, f, g, out);
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
