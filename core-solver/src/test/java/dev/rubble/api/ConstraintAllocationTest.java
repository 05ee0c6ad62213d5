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
 *
 * <p>Each scene is first run on a throw-away world as long as it is measured (the JIT's warm-up): in a
 * fresh JVM the chain read 72 to 1 056 bytes in 40-step rounds while C2 compiled and replaced the step's
 * methods, at different steps from run to run, and in 2 of 12 runs in every one of the 5 rounds. Those bytes
 * are the JVM's, not the step's: with C1 only ({@code -XX:TieredStopAtLevel=1}, no escape analysis, so every
 * {@code new} the step executed would show) the same 230 steps allocate nothing but the contact solver's
 * arrays growing once when the links first touch (3 696 and 7 568 bytes at steps 111 and 136, in every run:
 * high-water growth, the round the quietest-of-five skips), and with escape analysis off in C2 the scatter
 * is the same. A second world of the same scene in the same JVM read 0 in every one of 25 runs.
 */
final class ConstraintAllocationTest {
    /** Steps the measured world takes before and during the rounds of {@link #quietest}. */
    private static final int SETTLE = 30, MEASURED = 5 * 40;

    /** Builds and runs a throw-away copy of the scene as long as it will be measured, then the one to measure. */
    private static PhysicsWorld warmed(java.util.function.Supplier<PhysicsWorld> scene, int settle) {
        scene.get().step(settle + MEASURED);
        PhysicsWorld w = scene.get();
        w.step(settle);
        return w;
    }

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

    private static PhysicsWorld chain() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        BodyId prev = null;
        for (int i = 0; i < 30; i++) {
            BodyId link = w.addBody(BodySpec.dynamic(new Sphere(0.05)).withMass(1).withPosition(new Vector3d(0.2 * i + 0.1, 10, 0)));
            w.addConstraint(link, prev, ConstraintSpec.ball(new Vector3d(0.2 * i, 10, 0)));
            prev = link;
        }
        return w;
    }

    @Test
    void aSwingingChainStepAllocatesNothing() {
        PhysicsWorld w = warmed(ConstraintAllocationTest::chain, SETTLE);
        assertThat(quietest(w)).as("bytes allocated by 40 steps of a swinging chain, quietest of 5 rounds").isZero();
    }

    @Test
    void aSwayingWeldedBeamStepAllocatesNothing() {
        PhysicsWorld w = warmed(ConstraintAllocationTest::weldedBeam, SETTLE);
        assertThat(quietest(w)).as("bytes allocated by 40 steps of a welded beam, quietest of 5 rounds").isZero();
    }

    private static PhysicsWorld weldedBeam() {
        // welds joining dynamic bodies are solved together per tree (WeldTrees: a block factorisation per
        // sub-step; the spur makes the beam a tree that is not a chain), a weld closing a loop on its own block
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        BodyId prev = null;
        BodyId first = null;
        BodyId second = null;
        for (int i = 0; i < 12; i++) {
            BodyId cube = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1)
                    .withPosition(new Vector3d(0.25 * i + 0.25, 10, 0)).withLinearVelocity(new Vector3d(0, 0, 0.1 * i)));
            w.addConstraint(cube, prev, ConstraintSpec.fixed(new Vector3d(0.25 * i + 0.125, 10, 0)));
            first = first == null ? cube : first;
            second = i == 1 ? cube : second;
            prev = cube;
        }
        BodyId spur = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1).withPosition(new Vector3d(0.5, 10, 0.25)));
        w.addConstraint(first, spur, ConstraintSpec.fixed(new Vector3d(0.375, 10, 0.125)));
        // a loop: a second cube welded to the spur and to the beam's second cube
        BodyId loop = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1).withPosition(new Vector3d(0.75, 10, 0.25)));
        w.addConstraint(spur, loop, ConstraintSpec.fixed(new Vector3d(0.625, 10, 0.25)));
        w.addConstraint(second, loop, ConstraintSpec.fixed(new Vector3d(0.75, 10, 0.125)));
        return w;
    }

    @Test
    void aRagdollOnTheGroundStepAllocatesNothing() {
        PhysicsWorld w = warmed(ConstraintAllocationTest::ragdoll, 120); // it has fallen and lies on the ground, in contact
        assertThat(quietest(w)).as("bytes allocated by 40 steps of a ragdoll on the ground, quietest of 5 rounds").isZero();
    }

    private static PhysicsWorld ragdoll() {
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
        return w;
    }
}
