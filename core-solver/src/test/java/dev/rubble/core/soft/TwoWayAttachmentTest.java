package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/** Issue 29: a soft body attached to a rigid body pulls on it (attachments are two-way). */
final class TwoWayAttachmentTest {

    /** Total mass of a cage (kg). */
    private static double mass(Cage c) {
        double m = 0;
        for (double v : c.masses()) {
            m += v;
        }
        return m;
    }

    @Test
    void aSoftBlockHangingFromARigidBodyPullsItDownByTheBlocksWeight() {
        World w = SoftWorldTest.world();
        double hookMass = 5;
        long hook = w.createBody(BodyDef.of(new Box(0.05, 0.05, 0.05)).withMass(hookMass).withPosition(0, 2.4, 0));
        // the hook is welded to the world: the weld's force is what holds the hook and whatever hangs on it
        w.queue(new Command.AddConstraint(1, "fixed", hook, ConstraintStore.WORLD, true,
                new double[] {0, 2.4, 0, 0, 0, 0, 1}, new double[] {0, 2.4, 0, 0, 0, 0, 1}, new double[0],
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        Cage c = CageBuilder.build(SoftWorldTest.box(0.2, 0.2, 0.2), new int[0], 300, 0, 1);
        int b = w.softBodies().store().add(c, SoftMaterial.rubber().withYoungsModulus(1e5), 0, 2.05, 0, 0, 0, 0, 1,
                0, 0, 0, "hanging");
        SoftBodyStore st = w.softBodies().store();
        int attached = 0;
        for (int i = 0; i < c.pointCount(); i++) {
            if (c.points()[3 * i + 1] > 0.19) {
                st.attach(b, i, hook, w.bodies());
                attached++;
            }
        }
        assertThat(attached).isGreaterThanOrEqualTo(4);
        double g = 9.81, block = mass(c);
        double sum = 0;
        int n = 0;
        for (int i = 0; i < 240; i++) {
            w.step();
            if (i >= 180) { // the last second, after the block has settled
                sum += w.context().constraints.force[0];
                n++;
            }
        }
        double force = sum / n;
        // the weld carries the hook's weight and the block's: (m_hook + m_block) g
        assertThat(force).isCloseTo((hookMass + block) * g, within(0.03 * (hookMass + block) * g));
        assertThat(force - hookMass * g).isGreaterThan(0.9 * block * g);
    }
}
