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

    /** Three boxes: one resting on another (their bounds overlap) and one far away. */
    private record Scene(Counting bp, BodyStore b, BodyStates st, long lower, long upper, long far) {
        static Scene of() {
            Counting bp = new Counting();
            BodyStore b = new BodyStore(8, 100);
            BodyStates st = new BodyStates(b, bp);
            return new Scene(bp, b, st, box(st, 0, 0.5), box(st, 0, 1.4), box(st, 10, 0.5));
        }
    }

    @Test
    void removingWithNothingAsleepAsksTheBroadphaseNothing() {
        Scene s = Scene.of();
        BodyStore b = s.b();
        s.st().remove(b.slot(s.lower()));
        s.st().remove(b.slot(s.far()));
        assertThat(s.bp().queries).isZero();
        assertThat(b.state[b.slot(s.upper())]).isEqualTo((byte) BodyState.AWAKE.ordinal());
        assertThat(b.count(BodyState.AWAKE)).isEqualTo(1);
    }

    @Test
    void removingASupportStillWakesTheIslandSleepingOnItAndOnlyThatOne() {
        Scene s = Scene.of();
        BodyStore b = s.b();
        s.st().setState(b.slot(s.upper()), BodyState.SLEEPING);
        s.st().setState(b.slot(s.far()), BodyState.SLEEPING);
        s.st().remove(b.slot(s.lower()));
        assertThat(s.bp().queries).isEqualTo(1);
        assertThat(b.state[b.slot(s.upper())]).isEqualTo((byte) BodyState.AWAKE.ordinal());
        assertThat(b.state[b.slot(s.far())]).isEqualTo((byte) BodyState.SLEEPING.ordinal());
    }
}
