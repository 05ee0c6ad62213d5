package dev.rubble.core.dynamics;

import static dev.rubble.core.dynamics.Worlds.box;
import static dev.rubble.core.dynamics.Worlds.ground;
import static dev.rubble.core.dynamics.Worlds.slot;
import static dev.rubble.core.dynamics.Worlds.sphere;
import static dev.rubble.core.dynamics.Worlds.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import org.junit.jupiter.api.Test;

final class SleepTest {

    /** A 3-box stack on the ground at x, returning the handles bottom to top. */
    private static long[] stack(World w, double x) {
        long[] h = new long[3];
        for (int i = 0; i < 3; i++) {
            h[i] = box(w, 0.5, 1, x, 0.5 + i, 0);
        }
        return h;
    }

    private static BodyState state(World w, long h) {
        return w.bodies().state(slot(w, h));
    }

    @Test
    void restingStackFallsAsleepTogetherAndStaysPut() {
        World w = Worlds.world();
        ground(w, 0.6, 0);
        long[] s = stack(w, 0);
        int stepsToSleep = -1;
        for (int i = 0; i < 300 && stepsToSleep < 0; i++) {
            w.step();
            if (w.profile().sleepingBodies() > 0) {
                stepsToSleep = i + 1;
                // an island sleeps as a whole: never a part of it
                assertThat(w.profile().sleepingBodies()).isEqualTo(3);
            }
        }
        // it must rest at least timeToSleep (0.5 s = 30 steps) before sleeping
        assertThat(stepsToSleep).isBetween(30, 300);
        long hash = w.stateHash();
        steps(w, 60);
        assertThat(w.stateHash()).isEqualTo(hash);
        assertThat(w.profile().awakeBodies()).isZero();
        assertThat(w.profile().contactPoints()).isZero(); // sleeping pairs are not even generated
        for (long h : s) {
            assertThat(state(w, h)).isEqualTo(BodyState.SLEEPING);
        }
    }

    @Test
    void separatePilesAreSeparateIslandsAndSleepIndependently() {
        World w = Worlds.world();
        ground(w, 0.6, 0);
        long[] left = stack(w, -5);
        long ball = sphere(w, 0.5, 1, 5, 0.5, 0);
        w.step();
        assertThat(w.profile().islands()).isEqualTo(2);
        // keep the ball rolling: the stack must still sleep
        for (int i = 0; i < 120; i++) {
            w.queue(new Command.SetVelocity(ball, 1, 0, 0, 0, 0, 0));
            w.step();
        }
        assertThat(state(w, left[2])).isEqualTo(BodyState.SLEEPING);
        assertThat(state(w, ball)).isEqualTo(BodyState.AWAKE);
    }

    @Test
    void impulseOnOneBodyWakesItsWholeIsland() {
        World w = Worlds.world();
        ground(w, 0.6, 0);
        long[] s = stack(w, 0);
        long other = box(w, 0.5, 1, 10, 0.5, 0);
        steps(w, 120);
        assertThat(w.profile().sleepingBodies()).isEqualTo(4);
        w.queue(new Command.ApplyImpulse(s[2], 0.5, 0, 0, 0, 2.5, 0));
        w.step();
        for (long h : s) {
            assertThat(state(w, h)).isEqualTo(BodyState.AWAKE);
        }
        assertThat(state(w, other)).isEqualTo(BodyState.SLEEPING);
    }

    @Test
    void awakeBodyLandingOnASleepingIslandWakesIt() {
        World w = Worlds.world();
        ground(w, 0.6, 0);
        long[] s = stack(w, 0);
        steps(w, 120);
        assertThat(state(w, s[0])).isEqualTo(BodyState.SLEEPING);
        long ball = box(w, 0.5, 5, 0, 5, 0);
        int woke = -1;
        for (int i = 0; i < 90 && woke < 0; i++) {
            w.step();
            if (w.profile().woken() > 0) {
                woke = i;
                assertThat(w.profile().woken()).isEqualTo(3);
            }
        }
        assertThat(woke).isPositive();
        // the dropped box rests on the top box instead of falling through it
        steps(w, 60);
        assertThat(w.bodies().py[slot(w, ball)]).isGreaterThan(3.4);
    }

    @Test
    void removingTheSupportWakesWhatSleptOnIt() {
        World w = Worlds.world();
        long floor = ground(w, 0.6, 0);
        long b = box(w, 0.5, 1, 0, 0.5, 0);
        steps(w, 120);
        assertThat(state(w, b)).isEqualTo(BodyState.SLEEPING);
        w.removeBody(floor);
        assertThat(state(w, b)).isEqualTo(BodyState.AWAKE);
        steps(w, 30);
        assertThat(w.bodies().py[slot(w, b)]).isLessThan(0);
    }

    @Test
    void sleepingCanBeSwitchedOffAndThresholdsMatter() {
        WorldSettings d = WorldSettings.defaults();
        World off = Worlds.world(d.withDynamics(d.dynamics().withSleep(false, 0.05, 0.05, 0.5)));
        ground(off, 0.6, 0);
        box(off, 0.5, 1, 0, 0.5, 0);
        steps(off, 240);
        assertThat(off.profile().sleepingBodies()).isZero();
        // a long time to sleep delays it
        World slow = Worlds.world(d.withDynamics(d.dynamics().withSleep(true, 0.05, 0.05, 3.0)));
        ground(slow, 0.6, 0);
        box(slow, 0.5, 1, 0, 0.5, 0);
        steps(slow, 150);
        assertThat(slow.profile().sleepingBodies()).isZero();
        steps(slow, 100);
        assertThat(slow.profile().sleepingBodies()).isEqualTo(1);
    }

    @Test
    void aBodyMovingSlowlyAboveTheThresholdNeverSleeps() {
        WorldSettings d = WorldSettings.defaults().withGravity(0, 0, 0);
        World w = Worlds.world(d);
        long b = sphere(w, 0.5, 1, 0, 0, 0);
        w.queue(new Command.SetVelocity(b, 0.06, 0, 0, 0, 0, 0));
        steps(w, 120);
        assertThat(state(w, b)).isEqualTo(BodyState.AWAKE);
        World w2 = Worlds.world(d);
        long b2 = sphere(w2, 0.5, 1, 0, 0, 0);
        w2.queue(new Command.SetVelocity(b2, 0.04, 0, 0, 0, 0, 0));
        steps(w2, 120);
        assertThat(state(w2, b2)).isEqualTo(BodyState.SLEEPING);
    }

    @Test
    void disablingAMemberWakesTheRestOfTheIsland() {
        World w = Worlds.world();
        ground(w, 0.6, 0);
        long[] s = stack(w, 0);
        steps(w, 120);
        assertThat(w.profile().sleepingBodies()).isEqualTo(3);
        w.queue(new Command.SetState(s[1], BodyState.DISABLED));
        w.step();
        assertThat(state(w, s[1])).isEqualTo(BodyState.DISABLED);
        assertThat(state(w, s[0])).isEqualTo(BodyState.AWAKE);
        assertThat(state(w, s[2])).isEqualTo(BodyState.AWAKE);
        steps(w, 30);
        // the top box lost its support and fell onto the bottom one
        assertThat(w.bodies().py[slot(w, s[2])]).isCloseTo(1.5, within(0.05));
    }

    @Test
    void movingKinematicBodyWakesAndPushesASleepingBody() {
        World w = Worlds.world();
        ground(w, 0.6, 0);
        long b = box(w, 0.5, 1, 0, 0.5, 0);
        long pusher = w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Box(0.5, 0.5, 0.5))
                .withMotion(dev.rubble.core.body.MotionType.KINEMATIC).withPosition(-1.5, 0.5, 0));
        steps(w, 120);
        assertThat(state(w, b)).isEqualTo(BodyState.SLEEPING);
        double x = -1.5;
        for (int i = 0; i < 60; i++) {
            x += 1.0 / 60;
            w.queue(new Command.SetKinematicTarget(pusher, x, 0.5, 0, 0, 0, 0, 1));
            w.step();
        }
        assertThat(state(w, b)).isEqualTo(BodyState.AWAKE);
        // the pusher's face reached x = -0.5 + 0.5 = 0; the box was pushed ahead of it
        assertThat(w.bodies().originX(slot(w, b))).isGreaterThan(0.45);
    }

    /**
     * The sleep speed is {@code max(|v|, |w| R)}, R the distance from the centre of mass to the farthest
     * corner: rotation counts by how fast it moves the body's points, not by its rate alone.
     */
    @Test
    void rotationCountsByTheSpeedItGivesTheFarthestPoint() {
        WorldSettings d = WorldSettings.defaults().withGravity(0, 0, 0);
        d = d.withDynamics(d.dynamics().withSleep(true, 0.05, 1.0, 0.5));
        // a 10 m cube at 0.02 rad/s: its corners (R = 5 sqrt 3 = 8.66 m) move at 0.17 m/s > 0.05
        World big = Worlds.world(d);
        long b = box(big, 5, 1000, 0, 0, 0);
        big.queue(new Command.SetVelocity(b, 0, 0, 0, 0, 0.02, 0));
        steps(big, 120);
        assertThat(state(big, b)).isEqualTo(BodyState.AWAKE);
        // a 0.2 m cube at 0.2 rad/s: corners (R = 0.1 sqrt 3 = 0.173 m) move at 0.035 m/s < 0.05
        World small = Worlds.world(d);
        long s = box(small, 0.1, 1, 0, 0, 0);
        small.queue(new Command.SetVelocity(s, 0, 0, 0, 0.2, 0, 0));
        steps(small, 60);
        assertThat(state(small, s)).isEqualTo(BodyState.SLEEPING);
        // just above: 0.3 rad/s gives 0.052 m/s
        World faster = Worlds.world(d);
        long f = box(faster, 0.1, 1, 0, 0, 0);
        faster.queue(new Command.SetVelocity(f, 0, 0, 0, 0.3, 0, 0));
        steps(faster, 120);
        assertThat(state(faster, f)).isEqualTo(BodyState.AWAKE);
    }

    @Test
    void theAngularThresholdStillCapsTheRotationRate() {
        WorldSettings d = WorldSettings.defaults().withGravity(0, 0, 0);
        // a 2 cm pebble at 1 rad/s: corners move at 0.017 m/s, but 1 rad/s is above the 0.5 rad/s cap
        World w = Worlds.world(d.withDynamics(d.dynamics().withSleep(true, 0.05, 0.5, 0.5)));
        long p = box(w, 0.01, 0.01, 0, 0, 0);
        w.queue(new Command.SetVelocity(p, 0, 0, 0, 0, 1.0, 0));
        steps(w, 120);
        assertThat(state(w, p)).isEqualTo(BodyState.AWAKE);
        World w2 = Worlds.world(d.withDynamics(d.dynamics().withSleep(true, 0.05, 2.0, 0.5)));
        long p2 = box(w2, 0.01, 0.01, 0, 0, 0);
        w2.queue(new Command.SetVelocity(p2, 0, 0, 0, 0, 1.0, 0));
        steps(w2, 120);
        assertThat(state(w2, p2)).isEqualTo(BodyState.SLEEPING);
    }
}
