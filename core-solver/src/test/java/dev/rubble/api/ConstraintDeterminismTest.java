package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import java.util.Arrays;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Issue 29: a scene with every built-in joint type, contacts and a break gives the same hashes on every run and broadphase. */
class ConstraintDeterminismTest {

    static long[] run(String broadphase, int steps) {
        PhysicsWorld w = world(broadphase);
        long[] hashes = new long[steps];
        for (int k = 0; k < steps; k++) {
            w.step();
            hashes[k] = w.stateHash();
        }
        return hashes;
    }

    static PhysicsWorld world(String broadphase) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withStage("broadphase", broadphase));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        // a chain of capsules falling onto the ground from a pivot, one weak joint
        BodyId prev = null;
        for (int i = 0; i < 8; i++) {
            BodyId link = w.addBody(BodySpec.dynamic(new Capsule(0.05, 0.1))
                    .withOrientation(new Quaterniond().rotateZ(Math.PI / 2)).withPosition(new Vector3d(0.3 * i, 2, 0)));
            ConstraintSpec s = ConstraintSpec.ball(new Vector3d(0.3 * i - 0.15, 2, 0));
            w.addConstraint(link, prev, i == 5 ? s.breakForce(40) : s);
            prev = link;
        }
        BodyId door = w.addBody(BodySpec.dynamic(new Box(0.5, 0.05, 0.3)).withPosition(new Vector3d(-2, 1, 0)));
        w.addConstraint(door, null, ConstraintSpec.hinge(new Vector3d(-2.5, 1, 0), new Vector3d(0, 0, 1)).limits(-1, 0.5));
        BodyId a = w.addBody(BodySpec.dynamic(new Sphere(0.2)).withPosition(new Vector3d(2, 3, 1)));
        BodyId b = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(2, 2.2, 1)));
        w.addConstraint(a, null, ConstraintSpec.rope(new Vector3d(2, 3, 1), new Vector3d(2, 4, 1), 1.2));
        w.addConstraint(b, a, ConstraintSpec.spring(new Vector3d(2, 2.2, 1), new Vector3d(2, 3, 1), 200, 2));
        BodyId c = w.addBody(BodySpec.dynamic(new Box(0.3, 0.1, 0.1)).withPosition(new Vector3d(2, 0.8, -1)));
        w.addConstraint(c, b, ConstraintSpec.fixed(new Vector3d(2, 0.8, -1)));
        return w;
    }

    @Test
    void sameHashesOnEveryRunAndBroadphase() {
        long[] grid = run("grid", 240);
        assertThat(run("grid", 240)).isEqualTo(grid);
        for (String bp : new String[] {"sap", "bvh", "bruteforce", "sweep"}) {
            assertThat(Arrays.equals(run(bp, 240), grid)).as(bp).isTrue();
        }
    }
}
