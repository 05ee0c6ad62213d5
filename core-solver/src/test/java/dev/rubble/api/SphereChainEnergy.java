package dev.rubble.api;

import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;
import java.util.function.UnaryOperator;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** The mechanical energy of a chain of equal solid spheres: kinetic (inertia 2/5 m r²) and potential in gravity g along y, J. */
final class SphereChainEnergy {
    private SphereChainEnergy() {
    }

    /**
     * A level chain of {@code links} solid spheres (mass {@code mass}, radius {@code radius}, no damping) {@code pitch}
     * apart along x at height {@code y}, the first {@code pitch} from the origin, each jointed at the midpoint to the one
     * before it (the first to the world) by the spec {@code joint} makes for link i (1-based) and the anchor, its anchors
     * then set there; the links in order.
     */
    static List<BodyId> levelChain(PhysicsWorld w, int links, double mass, double radius, double pitch, double y,
                                   BiFunction<Integer, Vector3d, ConstraintSpec> joint) {
        List<BodyId> bodies = new ArrayList<>();
        BodyId prev = null;
        for (int i = 1; i <= links; i++) {
            BodyId b = w.addBody(BodySpec.dynamic(new Sphere(radius)).withMass(mass).withDamping(0, 0)
                    .withPosition(new Vector3d(i * pitch, y, 0)));
            Vector3d anchor = new Vector3d((i - 0.5) * pitch, y, 0);
            w.addConstraint(b, prev, joint.apply(i, anchor).anchors(anchor, anchor));
            bodies.add(b);
            prev = b;
        }
        return bodies;
    }

    /** {@link #levelChain} of hinges about z, their limits and motor set by {@code joint}. */
    static List<BodyId> levelHingeChain(PhysicsWorld w, int links, double mass, double radius, double pitch, double y,
                                        UnaryOperator<ConstraintSpec> joint) {
        return levelChain(w, links, mass, radius, pitch, y,
                (i, anchor) -> joint.apply(ConstraintSpec.hinge(anchor, new Vector3d(0, 0, 1))));
    }

    static double of(PhysicsWorld w, List<BodyId> bodies, double mass, double radius, double g) {
        Vector3d v = new Vector3d(), x = new Vector3d(), om = new Vector3d();
        double e = 0, inertia = 0.4 * mass * radius * radius;
        for (BodyId b : bodies) {
            w.linearVelocity(b, v);
            w.angularVelocity(b, om);
            w.position(b, x);
            e += 0.5 * mass * v.lengthSquared() + 0.5 * inertia * om.lengthSquared() + mass * g * x.y;
        }
        return e;
    }

    /**
     * The largest distance between a joint's anchors now in a {@link #levelChain} {@code pitch} apart at height y:
     * joint i joins link i's point half a pitch behind its centre to the one before's half a pitch ahead (the first's to
     * the world point {@code (pitch / 2, y, 0)}), m.
     */
    static double worstJointGap(PhysicsWorld w, List<BodyId> bodies, double pitch, double y) {
        Vector3d p = new Vector3d(), q = new Vector3d();
        double worst = 0;
        for (int i = 0; i < bodies.size(); i++) {
            Vector3d a = anchor(w, bodies.get(i), -0.5 * pitch, p);
            Vector3d before = i == 0 ? q.set(0.5 * pitch, y, 0) : anchor(w, bodies.get(i - 1), 0.5 * pitch, q);
            worst = Math.max(worst, a.distance(before));
        }
        return worst;
    }

    /** The world point {@code (x, 0, 0)} of body b's frame (its centre at the origin). */
    private static Vector3d anchor(PhysicsWorld w, BodyId b, double x, Vector3d out) {
        Quaterniond q = w.orientation(b, new Quaterniond());
        out.set(x, 0, 0).rotate(q);
        Vector3d c = w.position(b, new Vector3d());
        return out.add(c);
    }

    /**
     * What a released {@link #levelChain} does over {@code steps} steps: its energy at the start and at most, the largest
     * joint gap ({@link #worstJointGap}) and the step it came at, and the largest over the last 60 steps.
     */
    record Swing(double start, double most, double worstGap, int worstStep, double lastSecond) {
    }

    /** Steps w {@code steps} times and measures the chain's {@link Swing}, its energy by {@code energy}. */
    static Swing swing(PhysicsWorld w, List<BodyId> bodies, double pitch, double y, int steps,
                       ToDoubleFunction<PhysicsWorld> energy) {
        double start = energy.applyAsDouble(w), most = start, worstGap = 0, lastSecond = 0;
        int worstStep = -1;
        for (int s = 0; s < steps; s++) {
            w.step();
            double gap = worstJointGap(w, bodies, pitch, y);
            if (s >= steps - 60) {
                lastSecond = Math.max(lastSecond, gap);
            }
            if (gap > worstGap) {
                worstGap = gap;
                worstStep = s;
            }
            most = Math.max(most, energy.applyAsDouble(w));
        }
        return new Swing(start, most, worstGap, worstStep, lastSecond);
    }
}
