package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The step (pipeline, solver, islands) allocates nothing in steady state. */
final class AllocationTest {

    /** Sphere vs ground (slot 0, top y = 0) without allocation; carries impulses by manifold order. */
    private static final class SphereGround implements ContactStage {
        private final double[] carried = new double[3 * 64];
        private final int[] carriedB = new int[64];

        @Override
        public void generate(BodyStore bodies, PairBuffer pairs, ContactStore out, double dt) {
            int n = out.size();
            for (int m = 0; m < n; m++) {
                carriedB[m] = out.bodyB[m];
                carried[m * 3] = out.normalImpulse[m * 4];
                carried[m * 3 + 1] = out.tangentImpulse1[m * 4];
                carried[m * 3 + 2] = out.tangentImpulse2[m * 4];
            }
            out.clear();
            BodyStore b = bodies;
            for (int i = 0; i < pairs.size(); i++) {
                int a = pairs.first(i), c = pairs.second(i);
                if (a != 0) {
                    continue;
                }
                double r = ((Sphere) b.shape[c]).radius();
                double sep = b.py[c] - r;
                if (sep > 0.05) {
                    continue;
                }
                int m = out.add(0, c, 0);
                out.nx[m] = 0; out.ny[m] = 1; out.nz[m] = 0;
                out.pointCount[m] = 1;
                int p = m * 4;
                out.ax[p] = b.px[c] - b.px[0]; out.ay[p] = -b.py[0]; out.az[p] = b.pz[c] - b.pz[0];
                out.bx[p] = 0; out.by[p] = -r; out.bz[p] = 0;
                out.separation[p] = sep;
                out.feature[p] = 0;
                boolean same = m < n && carriedB[m] == c;
                out.normalImpulse[p] = same ? carried[m * 3] : 0;
                out.tangentImpulse1[p] = same ? carried[m * 3 + 1] : 0;
                out.tangentImpulse2[p] = same ? carried[m * 3 + 2] : 0;
            }
        }
    }

    @Test
    void steppingRestingAndRollingBodiesAllocatesNothing() {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, 2);
        s = s.withDynamics(s.dynamics().withSleep(true, 0.05, 0.05, 1e9).withMotion(400, 100, true));
        SphereGround contacts = new SphereGround();
        World w = World.create(s, Worlds.stages(), binder -> binder.bind(ContactStage.class).toInstance(contacts));
        Worlds.ground(w, 0.5, 0);
        for (int i = 0; i < 20; i++) {
            w.createBody(dev.rubble.core.body.BodyDef.of(new Sphere(0.5)).withMass(1)
                    .withPosition(i * 2, 0.5 + (i % 3) * 0.3, 0).withLinearVelocity(i % 2, 0, 0));
        }
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(id);
        for (int i = 0; i < 200; i++) {
            w.step();
        }
        long allocated = mx.getThreadAllocatedBytes(id) - before;
        assertThat(w.profile().contactPoints()).isEqualTo(20);
        assertThat(allocated).isLessThan(1024);
    }
}
