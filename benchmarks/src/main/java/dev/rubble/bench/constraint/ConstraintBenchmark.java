package dev.rubble.bench.constraint;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import java.util.concurrent.TimeUnit;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Issue 29: the first 300 steps (5 s) of two jointed scenes, built fresh for every invocation:
 * a 100-link ball-joint chain released horizontally from a pivot (it swings the whole time), and a
 * pile of 50 bodies: five 10-body ragdolls (capsule limbs on ball joints, knees and elbows on limited
 * hinges) dropped onto each other and the ground.
 *
 * <pre>
 * mvn -q -Pbench package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar ConstraintBenchmark -f 1 -wi 2 -i 5
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ConstraintBenchmark {
    static final int STEPS = 300;
    private PhysicsWorld chain, pile;

    @Setup(Level.Invocation)
    public void build() {
        chain = chain(100);
        pile = ragdollPile(5);
    }

    @Benchmark
    public long chain100() {
        chain.step(STEPS);
        return chain.stateHash();
    }

    @Benchmark
    public long ragdollPile50() {
        pile.step(STEPS);
        return pile.stateHash();
    }

    /** n sphere links 0.2 m apart, horizontal from a pivot at (0, 25, 0). */
    public static PhysicsWorld chain(int n) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId prev = null;
        for (int i = 0; i < n; i++) {
            BodyId link = w.addBody(BodySpec.dynamic(new Sphere(0.05)).withMass(1).withPosition(new Vector3d(0.2 * i + 0.1, 25, 0)));
            w.addConstraint(link, prev, ConstraintSpec.ball(new Vector3d(0.2 * i, 25, 0)));
            prev = link;
        }
        return w;
    }

    /** {@code count} ragdolls of 10 bodies each, stacked 1.2 m apart above a ground box. */
    public static PhysicsWorld ragdollPile(int count) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        for (int r = 0; r < count; r++) {
            ragdoll(w, 0.1 * r, 1.0 + 1.2 * r, 0.05 * r, r % 2 == 0);
        }
        return w;
    }

    /** A ragdoll lying flat (along x) at height y: torso, head, upper and lower arms and legs. */
    static void ragdoll(PhysicsWorld w, double x, double y, double z, boolean turned) {
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        Quaterniond alongZ = new Quaterniond().rotateX(Math.PI / 2);
        double sx = turned ? 0 : 1, sz = turned ? 1 : 0; // limbs point along x or z
        Quaterniond limb = turned ? alongZ : alongX;
        BodyId torso = w.addBody(BodySpec.dynamic(new Box(0.15, 0.1, 0.25)).withPosition(new Vector3d(x, y, z)));
        BodyId head = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withPosition(new Vector3d(x, y, z + 0.4)));
        w.addConstraint(head, torso, ConstraintSpec.ball(new Vector3d(x, y, z + 0.28)));
        for (int side = -1; side <= 1; side += 2) {
            // arms out sideways, legs down the body's axis
            BodyId upperArm = w.addBody(BodySpec.dynamic(new Capsule(0.05, 0.1)).withOrientation(limb)
                    .withPosition(new Vector3d(x + side * (0.17 + 0.15) * sx, y, z + 0.2 + side * 0.3 * sz)));
            w.addConstraint(upperArm, torso, ConstraintSpec.ball(new Vector3d(x + side * 0.16 * sx, y, z + 0.2 + side * 0.16 * sz)));
            BodyId foreArm = w.addBody(BodySpec.dynamic(new Capsule(0.045, 0.1)).withOrientation(limb)
                    .withPosition(new Vector3d(x + side * 0.63 * sx, y, z + 0.2 + side * 0.6 * sz)));
            w.addConstraint(foreArm, upperArm, ConstraintSpec.hinge(new Vector3d(x + side * 0.48 * sx, y, z + 0.2 + side * 0.45 * sz),
                    new Vector3d(0, 1, 0)).limits(-2.0, 0.0));
            BodyId thigh = w.addBody(BodySpec.dynamic(new Capsule(0.06, 0.15))
                    .withOrientation(alongZ).withPosition(new Vector3d(x + side * 0.1, y, z - 0.5)));
            w.addConstraint(thigh, torso, ConstraintSpec.ball(new Vector3d(x + side * 0.1, y, z - 0.27)));
            BodyId shin = w.addBody(BodySpec.dynamic(new Capsule(0.05, 0.15))
                    .withOrientation(alongZ).withPosition(new Vector3d(x + side * 0.1, y, z - 0.95)));
            w.addConstraint(shin, thigh, ConstraintSpec.hinge(new Vector3d(x + side * 0.1, y, z - 0.73),
                    new Vector3d(1, 0, 0)).limits(0.0, 2.0));
        }
    }
}
