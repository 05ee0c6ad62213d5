package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyState;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * An outsider's fuzz of the joint trees kept between sub-steps and their kept factors (fuzz11): chains of ball joints
 * and hinges (some on stops), without motors, damping or contacts, at 2 to 4 sub-steps, swinging under gravity while,
 * between steps, joints are removed and added back at the bodies' current pivot, a chain off its world joint is
 * teleported rigidly, links are put to sleep and woken. None of these gives energy (a joint added where its anchors
 * meet is inelastic, a rigid teleport moves no joint off its pivot, a body put to sleep loses its motion), so after
 * every step the chain's energy is at most what it was after the last event, give or take {@link #WOBBLE} of its scale:
 * semi-implicit Euler's energy wobbles (no event at all: up to 1e-4 of it). Found nothing in these 24 seeds, nor in 100 run once.
 * What it leaves out, found and not fixed (docs/status.md, constraints row): joints whose anchors lie far outside
 * light bodies (a 4-ball chain of 2 cm spheres at 0.1 m pitch, one sub-step, came apart by 15 m in 10 s; 4.8 m before
 * the joint trees), so links are 5 cm spheres and a joint is added back only a pitch apart; disabling a jointed link
 * (its partners pull away from it, and the joint pulls them back when it is woken).
 */
final class JointTreeEventsEnergyTest {
    private static final double G = 9.81, R = 0.05, PITCH = 0.1, Y = 5, M = 0.5;
    /** The integrator's energy wobble allowed, as a fraction of kinetic plus the magnitude of potential energy. */
    private static final double WOBBLE = 2e-3;

    @Test
    void eventsBetweenStepsNeverGiveAChainEnergy() {
        List<String> failures = new ArrayList<>();
        for (long seed = 1; seed <= 24; seed++) {
            String f = run(seed);
            if (f != null) {
                failures.add(f);
            }
        }
        assertThat(failures).isEmpty();
    }

    private static String run(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int subSteps = 2 + r.nextInt(3), links = 3 + r.nextInt(8);
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1.0 / 60, subSteps)
                .withGravity(new Vector3d(0, -G, 0)));
        List<BodyId> bodies = new ArrayList<>();
        ConstraintId[] joint = new ConstraintId[links];
        String[] kind = new String[links];
        BodyId prev = null;
        for (int i = 1; i <= links; i++) {
            BodyId b = w.addBody(BodySpec.dynamic(new Sphere(R)).withMass(M).withDamping(0, 0)
                    .withCollisionFilter(0, -1) // no contacts: the joints alone
                    .withPosition(new Vector3d(i * PITCH, Y, r.nextDouble(-0.02, 0.02))));
            bodies.add(b);
            kind[i - 1] = r.nextInt(3) == 0 ? "hinge" : r.nextInt(4) == 0 ? "stop" : "ball";
            joint[i - 1] = join(w, b, prev, kind[i - 1]);
            prev = b;
        }
        double ref = energy(w, bodies);
        StringBuilder log = new StringBuilder();
        for (int s = 0; s < 900; s++) {
            if (s > 0 && r.nextInt(15) == 0) {
                int i = r.nextInt(links);
                int ev = r.nextInt(5);
                double shift = 0; // a teleport lands at the next step: its potential energy added here
                BodyId b = bodies.get(i);
                switch (ev) {
                    case 0 -> { // a joint removed, or added back at the bodies' current pivot
                        if (joint[i] != null) {
                            w.removeConstraint(joint[i]);
                            joint[i] = null;
                        } else if (i == 0 || gap(w, b, bodies.get(i - 1)) < 1.2 * PITCH) {
                            // only where the bodies are about a pitch apart: levers far past a body's radius of
                            // gyration drift apart, before the trees as now (docs/status.md)
                            joint[i] = join(w, b, i == 0 ? null : bodies.get(i - 1), "ball");
                            kind[i] = "ball";
                        }
                    }
                    case 1 -> { // the whole chain moved rigidly
                        Vector3d d = new Vector3d(r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-1, 1));
                        if (joint[0] == null) { // not hung from the world
                            Vector3d x = new Vector3d();
                            Quaterniond q = new Quaterniond();
                            for (BodyId c : bodies) {
                                w.position(c, x);
                                w.orientation(c, q);
                                w.setPose(c, x.add(d), q);
                            }
                            shift = links * M * G * d.y;
                        }
                    }
                    case 2 -> w.kernel().setState(b.handle(), BodyState.SLEEPING);
                    default -> w.kernel().setState(b.handle(), BodyState.AWAKE);
                }
                log.append(s).append(':').append(ev).append('@').append(i).append(' ');
                ref = energy(w, bodies) + shift;
            }
            w.step();
            double e = energy(w, bodies);
            if (!(e <= ref + WOBBLE * scale(w, bodies) + 1e-9)) {
                return String.format("seed %d (%d links, %d sub-steps, %s): step %d energy %.9g J above %.9g J (+%.3g J); events %s",
                        seed, links, subSteps, String.join(",", kind), s, e, ref, e - ref, log);
            }
        }
        return null;
    }

    private static ConstraintId join(PhysicsWorld w, BodyId b, BodyId prev, String kind) {
        Vector3d x = w.position(b, new Vector3d());
        Vector3d anchor = new Vector3d(x).sub(PITCH / 2, 0, 0);
        if (prev != null) { // the pivot midway between the two centres as they are now
            Vector3d p = w.position(prev, new Vector3d());
            anchor.set(x).add(p).mul(0.5);
        }
        ConstraintSpec spec = switch (kind) {
            case "hinge" -> ConstraintSpec.hinge(anchor, new Vector3d(0, 0, 1));
            case "stop" -> ConstraintSpec.hinge(anchor, new Vector3d(0, 0, 1)).limits(-0.5, 0.5);
            default -> ConstraintSpec.ball(anchor);
        };
        return w.addConstraint(b, prev, spec.anchors(anchor, anchor));
    }

    private static double gap(PhysicsWorld w, BodyId a, BodyId b) {
        return w.position(a, new Vector3d()).distance(w.position(b, new Vector3d()));
    }

    /** The energy's scale: kinetic plus the magnitude of the potential, J (what the integrator's wobble scales with). */
    private static double scale(PhysicsWorld w, List<BodyId> bodies) {
        Vector3d v = new Vector3d(), x = new Vector3d();
        double e = 0;
        for (BodyId b : bodies) {
            w.linearVelocity(b, v);
            w.position(b, x);
            e += 0.5 * M * v.lengthSquared() + Math.abs(M * G * x.y);
        }
        return e;
    }

    private static double energy(PhysicsWorld w, List<BodyId> bodies) {
        return SphereChainEnergy.of(w, bodies, M, R, G);
    }
}
