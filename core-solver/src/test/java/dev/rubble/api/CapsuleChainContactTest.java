package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The chain of {@code examples/joints.json} (docs/constraints.md, "The tension's geometric stiffness"): twelve capsules
 * (radius 6 cm, core 18 cm, density 1000: 2.9 kg) lying level along x, each on a ball joint at the tip of its cap to the
 * one before it (the first to the world at (1, 3, 1)), so neighbours touch end to end at every joint and press into each
 * other as the chain bends (their caps overlap by {@code 2 r (1 − cos(φ/2))} at a bend φ); it swings down and its lower
 * links strike the ground. Near the pivot its joints' tension raises the links' inertia (the geometric stiffness, up to
 * about three times a capsule's own), in the joint solve and in the contact solve, whose rows press the neighbours
 * apart at the joints. With that inertia given to the contact rows only after their warm start (each sub-step's first
 * contact impulses through the capsules' own inertia, the rest through the raised one), the neighbours' contact
 * impulses at the joints turned the links further every step than the solve took back: the chain flew apart, a joint
 * 1.4 m open within 4 s and links spinning at the 100 rad/s limit. Rigid, its joints keep their anchors together: within
 * 1 cm (as measured: 2.8 mm with each body's own inertia in both solves, 2.7 mm with the raised one in both), and the
 * energy of the links (kinetic, rotational about the capsule's analytic principal inertia, potential) never rises
 * above the start.
 */
final class CapsuleChainContactTest {
    private static final double G = 9.81, R = 0.06, HALF = 0.09, DENSITY = 1000;
    private static final int LINKS = 12;

    @Test
    void aChainOfCapsulesTouchingAtItsJointsHoldsTogetherAsItSwingsOntoTheGround() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withGravity(new Vector3d(0, -G, 0)));
        w.addBody(BodySpec.fixed(new Box(8, 0.5, 8)).withPosition(new Vector3d(0, -0.5, 0)));
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2); // the capsule's y axis to -x
        List<BodyId> links = new ArrayList<>();
        BodyId prev = null;
        double length = 2 * (HALF + R);
        for (int i = 0; i < LINKS; i++) {
            BodyId b = w.addBody(BodySpec.dynamic(new Capsule(R, HALF)).withDamping(0, 0).withOrientation(alongX)
                    .withPosition(new Vector3d(1 + length * (i + 0.5), 3, 1)));
            Vector3d anchor = new Vector3d(1 + length * i, 3, 1);
            w.addConstraint(b, prev, ConstraintSpec.ball(anchor));
            links.add(b);
            prev = b;
        }
        double start = energy(w, links), most = start, worstGap = 0;
        int worstStep = -1;
        for (int s = 0; s < 240; s++) {
            w.step();
            double gap = worstGap(w, links);
            if (gap > worstGap) {
                worstGap = gap;
                worstStep = s;
            }
            most = Math.max(most, energy(w, links));
        }
        System.out.printf("CAPSULE CHAIN: worst joint gap %.4f m at step %d, energy %.3f -> at most %.3f J%n", worstGap, worstStep,
                start, most);
        assertThat(worstGap).as("largest distance between a joint's anchors, m (step %d)", worstStep).isLessThan(0.01);
        assertThat(most - start).as("energy above the start, J").isLessThanOrEqualTo(1e-9 * Math.abs(start));
    }

    /** The largest distance between a joint's anchors: link i's cap tip at its local +y to link i−1's at −y (the first's to the pivot). */
    private static double worstGap(PhysicsWorld w, List<BodyId> links) {
        Vector3d a = new Vector3d(), b = new Vector3d();
        double worst = 0;
        for (int i = 0; i < links.size(); i++) {
            tip(w, links.get(i), HALF + R, a);
            if (i == 0) {
                b.set(1, 3, 1);
            } else {
                tip(w, links.get(i - 1), -(HALF + R), b);
            }
            worst = Math.max(worst, a.distance(b));
        }
        return worst;
    }

    private static void tip(PhysicsWorld w, BodyId body, double y, Vector3d out) {
        out.set(0, y, 0).rotate(w.orientation(body, new Quaterniond())).add(w.position(body, new Vector3d()));
    }

    /**
     * Kinetic, rotational and potential energy of the capsules, J: mass and principal inertia from the capsule's
     * cylinder ({@code m_c = ρ π r² 2 l}, axial {@code m_c r² / 2}, across {@code m_c (3 r² + 4 l²) / 12}) and its two
     * hemispherical caps ({@code m_s = ρ 4/3 π r³}, axial {@code 2/5 m_s r²}, across {@code m_s (2 r²/5 + l² + 3 l r / 4)}
     * about the centre, each cap's centre of mass 3 r / 8 beyond the core's end l).
     */
    private static double energy(PhysicsWorld w, List<BodyId> links) {
        double mc = DENSITY * Math.PI * R * R * 2 * HALF, ms = DENSITY * 4.0 / 3 * Math.PI * R * R * R, m = mc + ms;
        double axial = mc * R * R / 2 + 0.4 * ms * R * R;
        double across = mc * (3 * R * R + 4 * HALF * HALF) / 12 + ms * (0.4 * R * R + HALF * HALF + 0.75 * HALF * R);
        Vector3d v = new Vector3d(), x = new Vector3d(), om = new Vector3d();
        Quaterniond q = new Quaterniond();
        double e = 0;
        for (BodyId b : links) {
            w.linearVelocity(b, v);
            w.angularVelocity(b, om);
            w.position(b, x);
            w.orientation(b, q);
            om.rotate(q.conjugate()); // into the capsule's frame, its axis y
            e += 0.5 * m * v.lengthSquared() + 0.5 * (across * (om.x * om.x + om.z * om.z) + axial * om.y * om.y) + m * G * x.y;
        }
        return e;
    }
}
