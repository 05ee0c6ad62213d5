package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: a steady step of jointed bodies allocates nothing (the solver's rows, frames, island
 * edges and warm-start impulses live in reused primitive arrays): a swinging 30-link ball chain, and
 * a ragdoll (ball joints and limited hinges) resting on the ground, sleeping off so every step solves.
 */
final class ConstraintAllocationTest {

    private static long quietest(PhysicsWorld w) {
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            w.step(40);
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        return quietest;
    }

    @Test
    void aSwingingChainStepAllocatesNothing() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        BodyId prev = null;
        for (int i = 0; i < 30; i++) {
            BodyId link = w.addBody(BodySpec.dynamic(new Sphere(0.05)).withMass(1).withPosition(new Vector3d(0.2 * i + 0.1, 10, 0)));
            w.addConstraint(link, prev, ConstraintSpec.ball(new Vector3d(0.2 * i, 10, 0)));
            prev = link;
        }
        w.step(30);
        assertThat(quietest(w)).as("bytes allocated by 40 steps of a swinging chain, quietest of 5 rounds").isZero();
    }

    @Test
    void aSwayingWeldedBeamStepAllocatesNothing() {
        // welds in a chain are solved together (WeldPaths: a block factorisation per sub-step); a third weld
        // at one body is solved beside the path, on its own block, so both kinds are stepped
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        BodyId prev = null;
        BodyId first = null;
        for (int i = 0; i < 12; i++) {
            BodyId cube = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1)
                    .withPosition(new Vector3d(0.25 * i + 0.25, 10, 0)).withLinearVelocity(new Vector3d(0, 0, 0.1 * i)));
            w.addConstraint(cube, prev, ConstraintSpec.fixed(new Vector3d(0.25 * i + 0.125, 10, 0)));
            first = first == null ? cube : first;
            prev = cube;
        }
        BodyId spur = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1).withPosition(new Vector3d(0.5, 10, 0.25)));
        w.addConstraint(first, spur, ConstraintSpec.fixed(new Vector3d(0.375, 10, 0.125)));
        w.step(30);
        assertThat(quietest(w)).as("bytes allocated by 40 steps of a welded beam, quietest of 5 rounds").isZero();
    }

    @Test
    void aRagdollOnTheGroundStepAllocatesNothing() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        Quaterniond alongZ = new Quaterniond().rotateX(Math.PI / 2);
        BodyId torso = w.addBody(BodySpec.dynamic(new Box(0.15, 0.1, 0.25)).withPosition(new Vector3d(0, 0.4, 0)));
        BodyId head = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withPosition(new Vector3d(0, 0.4, 0.4)));
        w.addConstraint(head, torso, ConstraintSpec.ball(new Vector3d(0, 0.4, 0.28)));
        for (int side = -1; side <= 1; side += 2) {
            BodyId thigh = w.addBody(BodySpec.dynamic(new Capsule(0.06, 0.15)).withOrientation(alongZ)
                    .withPosition(new Vector3d(side * 0.1, 0.4, -0.5)));
            w.addConstraint(thigh, torso, ConstraintSpec.ball(new Vector3d(side * 0.1, 0.4, -0.27)));
            BodyId shin = w.addBody(BodySpec.dynamic(new Capsule(0.05, 0.15)).withOrientation(alongZ)
                    .withPosition(new Vector3d(side * 0.1, 0.4, -0.95)));
            w.addConstraint(shin, thigh, ConstraintSpec.hinge(new Vector3d(side * 0.1, 0.4, -0.73), new Vector3d(1, 0, 0))
                    .limits(0, 2));
        }
        w.step(120); // it has fallen and lies on the ground, in contact
        assertThat(quietest(w)).as("bytes allocated by 40 steps of a ragdoll on the ground, quietest of 5 rounds").isZero();
    }
}
