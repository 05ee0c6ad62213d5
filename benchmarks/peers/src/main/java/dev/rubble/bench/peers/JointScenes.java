package dev.rubble.bench.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Issue 29: the jointed bench scenes as plain data, built the same way in Rubble and in Jolt by
 * {@link JointsRun}: {@code chain100}, 100 spheres (r 5 cm, 1 kg) 0.2 m apart on ball joints, the
 * first to a world pivot at (0, 25, 0), released horizontally (it swings the whole run); and
 * {@code ragdolls50}, five 10-body ragdolls (box torso, sphere head, capsule limbs; neck, shoulders
 * and hips on ball joints, elbows and knees on hinges limited to a 2 rad range) stacked 1.2 m apart
 * and dropped on a ground box. The same geometry as {@code ConstraintBenchmark} (JMH).
 */
final class JointScenes {
    /** Shape kinds. */
    static final int SPHERE = 0, BOX = 1, CAPSULE = 2;
    /** Joint kinds. */
    static final int BALL = 0, HINGE = 1;

    /** A body: shape kind and sizes (sphere r; box half extents; capsule r, half height along its y), pose, mass (0: density 1000), static. */
    record Body(int shape, double a, double b, double c, double x, double y, double z, double qx, double qy, double qz,
            double qw, double mass, boolean fixed) {
    }

    /** A joint between bodies a and b (b = -1: the world) at a world anchor; hinges: world axis and limits (rad). */
    record Joint(int kind, int a, int b, double x, double y, double z, double ax, double ay, double az, double lo, double hi) {
    }

    record Scene(String label, List<Body> bodies, List<Joint> joints) {
    }

    private JointScenes() {
    }

    static Scene byLabel(String label) {
        return switch (label) {
            case "chain100" -> chain(100);
            case "chainheavy3" -> heavyEnd(3);
            case "chainheavy10" -> heavyEnd(10);
            case "ragdolls50" -> ragdolls(5);
            case "levers4" -> levers(4);
            default -> throw new IllegalArgumentException("jointed scene = '" + label
                    + "'; allowed: chain100, chainheavy3, chainheavy10, ragdolls50, levers4");
        };
    }

    static Scene chain(int n) {
        return levelChain("chain" + n, n, 0.2, i -> 0.05, i -> 1);
    }

    /**
     * A level chain of {@code n} spheres {@code pitch} apart along x at y = 25, each on a ball joint at the midpoint to
     * the one before it (the first to a world pivot at (0, 25, 0)); link i's radius and mass from the two functions.
     */
    private static Scene levelChain(String name, int n, double pitch, IntToDoubleFunction radius, IntToDoubleFunction mass) {
        List<Body> bodies = new ArrayList<>();
        List<Joint> joints = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bodies.add(new Body(SPHERE, radius.applyAsDouble(i), 0, 0, pitch * i + pitch / 2, 25, 0, 0, 0, 0, 1,
                    mass.applyAsDouble(i), false));
            joints.add(new Joint(BALL, i, i - 1, pitch * i, 25, 0, 0, 0, 0, 0, 0));
        }
        return new Scene(name, bodies, joints);
    }

    /**
     * A level chain of {@code n - 1} light links (0.1 kg spheres, r 2 cm) and a 10 kg end (r 5 cm), 0.2 m apart on ball
     * joints from a world pivot at (0, 25, 0), released (docs/constraints.md: the chain that tears in Rubble); a peer's
     * behaviour for the same scene.
     */
    static Scene heavyEnd(int n) {
        return levelChain("chainheavy" + n, n, 0.2, i -> i == n - 1 ? 0.05 : 0.02, i -> i == n - 1 ? 10 : 0.1);
    }

    /**
     * A level chain of {@code n} light links on long levers (docs/constraints.md, "A chain of light bodies on long
     * levers"): 0.5 kg spheres of 2 cm radius, 0.1 m apart, on ball joints at the midpoints from a world pivot at
     * (0, 25, 0), released; the anchors lie 2.5 radii of gyration off each link's centre. Intact joints keep
     * consecutive centres at most 0.1 m apart.
     */
    static Scene levers(int n) {
        return levelChain("levers" + n, n, 0.1, i -> 0.02, i -> 0.5);
    }

    static Scene ragdolls(int count) {
        List<Body> bodies = new ArrayList<>();
        List<Joint> joints = new ArrayList<>();
        bodies.add(new Body(BOX, 10, 0.5, 10, 0, -0.5, 0, 0, 0, 0, 1, 0, true));
        for (int r = 0; r < count; r++) {
            ragdoll(bodies, joints, 0.1 * r, 1.0 + 1.2 * r, 0.05 * r, r % 2 == 0);
        }
        return new Scene("ragdolls" + 10 * count, bodies, joints);
    }

    private static void ragdoll(List<Body> bodies, List<Joint> joints, double x, double y, double z, boolean turned) {
        double h = Math.sqrt(0.5);
        // capsules lie along x (rotated about z by 90 degrees) or along z (about x by 90 degrees)
        double[] alongX = {0, 0, h, h}, alongZ = {h, 0, 0, h};
        double sx = turned ? 0 : 1, sz = turned ? 1 : 0;
        double[] limb = turned ? alongZ : alongX;
        int torso = add(bodies, new Body(BOX, 0.15, 0.1, 0.25, x, y, z, 0, 0, 0, 1, 0, false));
        int head = add(bodies, new Body(SPHERE, 0.1, 0, 0, x, y, z + 0.4, 0, 0, 0, 1, 0, false));
        joints.add(new Joint(BALL, head, torso, x, y, z + 0.28, 0, 0, 0, 0, 0));
        for (int side = -1; side <= 1; side += 2) {
            int upperArm = add(bodies, new Body(CAPSULE, 0.05, 0.1, 0, x + side * (0.17 + 0.15) * sx, y, z + 0.2 + side * 0.3 * sz,
                    limb[0], limb[1], limb[2], limb[3], 0, false));
            joints.add(new Joint(BALL, upperArm, torso, x + side * 0.16 * sx, y, z + 0.2 + side * 0.16 * sz, 0, 0, 0, 0, 0));
            int foreArm = add(bodies, new Body(CAPSULE, 0.045, 0.1, 0, x + side * 0.63 * sx, y, z + 0.2 + side * 0.6 * sz,
                    limb[0], limb[1], limb[2], limb[3], 0, false));
            joints.add(new Joint(HINGE, foreArm, upperArm, x + side * 0.48 * sx, y, z + 0.2 + side * 0.45 * sz, 0, 1, 0, -2.0, 0.0));
            int thigh = add(bodies, new Body(CAPSULE, 0.06, 0.15, 0, x + side * 0.1, y, z - 0.5,
                    alongZ[0], alongZ[1], alongZ[2], alongZ[3], 0, false));
            joints.add(new Joint(BALL, thigh, torso, x + side * 0.1, y, z - 0.27, 0, 0, 0, 0, 0));
            int shin = add(bodies, new Body(CAPSULE, 0.05, 0.15, 0, x + side * 0.1, y, z - 0.95,
                    alongZ[0], alongZ[1], alongZ[2], alongZ[3], 0, false));
            joints.add(new Joint(HINGE, shin, thigh, x + side * 0.1, y, z - 0.73, 1, 0, 0, 0.0, 2.0));
        }
    }

    private static int add(List<Body> bodies, Body b) {
        bodies.add(b);
        return bodies.size() - 1;
    }
}
