package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * How a resting body's weight splits between two supports (issue 11: the contact solver's
 * manifold-compression stiffness and its second normal pass must not bias the split). A plank
 * rests on two narrow static rails, each touching it through one manifold, through the real
 * narrowphase at the default settings. At rest the two support forces F1, F2 solve the 2×2 system
 * of statics — vertical balance {@code F1 + F2 = m g} and moments about the centre of mass
 * {@code F1 x1 + F2 x2 = 0} — whose solution {@code F1 = m g x2 / (x2 - x1)},
 * {@code F2 = -m g x1 / (x2 - x1)} is the complementarity solution (both positive, both rails
 * touching). Per 60 Hz step the manifolds carry {@code F dt}.
 */
final class SupportLoadSplitTest {
    private static final double G = 9.81;

    /** Σ normal impulse of the manifold between the plank and the rail at {@code railSlot}. */
    private static double railImpulse(World w, int plankSlot, int railSlot) {
        ContactStore c = w.contacts();
        double sum = 0;
        int found = 0;
        for (int m = 0; m < c.size(); m++) {
            boolean pair = c.bodyA[m] == railSlot && c.bodyB[m] == plankSlot
                    || c.bodyA[m] == plankSlot && c.bodyB[m] == railSlot;
            if (pair) {
                sum += c.totalNormalImpulse(m);
                found++;
            }
        }
        assertThat(found).as("manifolds between the plank and rail %d", railSlot).isEqualTo(1);
        return sum;
    }

    /** Steps a 10 kg, 4 m plank on rails at x1 and x2 and returns the per-step support impulses. */
    private static double[] supportImpulses(double x1, double x2) {
        WorldSettings s = WorldSettings.defaults();
        World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Worlds.stages());
        // rails: 0.1 m wide along x, 0.2 m tall, 2 m deep along z; their tops at y = 0.2
        long r1 = w.createBody(BodyDef.of(new Box(0.05, 0.1, 1)).withMotion(MotionType.STATIC)
                .withPosition(x1, 0.1, 0).withMaterial(0.5, 0));
        long r2 = w.createBody(BodyDef.of(new Box(0.05, 0.1, 1)).withMotion(MotionType.STATIC)
                .withPosition(x2, 0.1, 0).withMaterial(0.5, 0));
        long plank = w.createBody(BodyDef.of(new Box(2, 0.1, 0.5)).withMass(10).withPosition(0, 0.3, 0)
                .withMaterial(0.5, 0));
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        int p = w.bodies().slot(plank);
        // at rest: neither sunk nor tilted
        assertThat(w.bodies().py[p]).isCloseTo(0.3, within(0.002));
        assertThat(Math.abs(w.bodies().wz[p])).isLessThan(1e-3);
        return new double[] {railImpulse(w, p, w.bodies().slot(r1)), railImpulse(w, p, w.bodies().slot(r2))};
    }

    @Test
    void symmetricSupportsEachCarryHalfTheWeight() {
        double dt = WorldSettings.defaults().dt();
        double half = 10 * G * dt / 2;
        double[] f = supportImpulses(-1.5, 1.5);
        assertThat(f[0]).isCloseTo(half, within(0.01 * half));
        assertThat(f[1]).isCloseTo(half, within(0.01 * half));
    }

    @Test
    void lopsidedSupportsSplitTheWeightByTheLeverRule() {
        double dt = WorldSettings.defaults().dt();
        double x1 = -1.5, x2 = 0.5, weight = 10 * G * dt;
        // hand-solved 2×2 statics: F1 + F2 = W, F1 x1 + F2 x2 = 0
        double f1 = weight * x2 / (x2 - x1), f2 = -weight * x1 / (x2 - x1); // W/4 and 3W/4
        double[] f = supportImpulses(x1, x2);
        assertThat(f[0]).isCloseTo(f1, within(0.01 * weight));
        assertThat(f[1]).isCloseTo(f2, within(0.01 * weight));
    }
}
