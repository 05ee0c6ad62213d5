package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A free "gas" of spheres, boxes, capsules and hulls with no gravity and nothing fixed, placed apart and sent at
 * each other: every contact impulse acts equally and oppositely on two free bodies, so the total linear momentum
 * stays what it was, to round-off, through hundreds of collisions; with restitution 0 and friction the kinetic
 * energy never rises by more than 1e-5 of it in a step (measured: at most 1.2e-6, and above 5e-8 twice in 1 200
 * steps: crumbs of the soft contacts and of the gyroscopic term's give-back) and falls by more than a tenth.
 *
 * <p>The angular momentum about the system's centre of mass is kept only to about 1 % over 300 steps (measured
 * 2026-12-06: 0.4-0.7 % in these four seeds), and that is what is asserted, not exactness. Found with this test,
 * three sources: (1) the relax pass runs after the positions moved, with the rows' levers of the step's start,
 * so its impulses (which brake a speculative contact closing faster than its new gap allows) act along a line
 * the bodies have left: two frictionless spheres passing 1.6 cm apart changed |L| by 1.7 (of 620); Box2D v3's
 * soft step has the same property; (2) a friction row pushes A at A's surface point and B at B's, which lie the
 * separation apart (centimetres for a speculative contact); applying it at their midpoint, as Box2D and Jolt do,
 * halved the drift here but changes every scene's bits and was not kept; (3) the gyroscopic term's two halves
 * bracket the solve, and an impulse between them leaves a term of order h Δω × I ω.
 */
final class ZeroGravityGasTest {
    private static final Stages STAGES = Stages.load();
    private static final double SPREAD = 2.5;

    private static Shape shape(Random rnd) {
        double a = 0.15 + 0.3 * rnd.nextDouble(), b = 0.15 + 0.3 * rnd.nextDouble(), c = 0.15 + 0.3 * rnd.nextDouble();
        switch (rnd.nextInt(4)) {
            case 0:
                return new Sphere(a);
            case 1:
                return new Box(a, b, c);
            case 2:
                return new Capsule(a * 0.6, b);
            default:
                return QuickHull.of(a, 0, 0, -a, 0, 0, 0, b, 0, 0, -b, 0, 0, 0, c, 0.3 * a, 0.2 * b, -c);
        }
    }

    private static boolean tooNear(java.util.List<Vector3d> placed, double x, double y, double z) {
        for (Vector3d p : placed) {
            if (p.distance(x, y, z) < 1.6) {
                return true;
            }
        }
        return false;
    }

    private record Totals(Vector3d momentum, Vector3d angular, double energy, double momentumScale) {
    }

    private static Totals totals(BodyStore b, int n) {
        double mass = 0;
        Vector3d com = new Vector3d(), p = new Vector3d();
        double scale = 0, energy = 0;
        for (int s = 0; s < n; s++) {
            double m = b.mass[s];
            mass += m;
            com.add(m * b.px[s], m * b.py[s], m * b.pz[s]);
            p.add(m * b.vx[s], m * b.vy[s], m * b.vz[s]);
            scale += m * Math.sqrt(b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]);
        }
        com.div(mass);
        Vector3d l = new Vector3d();
        for (int s = 0; s < n; s++) {
            double m = b.mass[s];
            Vector3d r = new Vector3d(b.px[s], b.py[s], b.pz[s]).sub(com);
            l.add(r.cross(new Vector3d(b.vx[s], b.vy[s], b.vz[s]).mul(m)));
            // spin: I ω in the principal frame (orientation times inertia frame)
            Quaterniond f = new Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s])
                    .mul(new Quaterniond(b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]));
            Vector3d w = new Quaterniond(f).conjugate().transform(new Vector3d(b.wx[s], b.wy[s], b.wz[s]));
            Vector3d iw = new Vector3d(w.x / b.invIx[s], w.y / b.invIy[s], w.z / b.invIz[s]);
            energy += 0.5 * m * (b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]) + 0.5 * w.dot(iw);
            l.add(f.transform(iw));
        }
        return new Totals(p, l, energy, scale);
    }

    @Test
    void collisionsKeepMomentumAndAngularMomentumAndOnlyLoseEnergy() {
        int contactsSeen = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Random rnd = new Random(seed);
            var d = DynamicsSettings.defaults().withSleep(false, 0.05, 0.05, 0.5);
            World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0).withDynamics(d), STAGES);
            int n = 60;
            java.util.List<Vector3d> placed = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                double x, y, z;
                do {
                    x = rnd.nextDouble() * 6 - 3;
                    y = rnd.nextDouble() * 6 - 3;
                    z = rnd.nextDouble() * 6 - 3;
                } while (tooNear(placed, x * SPREAD, y * SPREAD, z * SPREAD));
                placed.add(new Vector3d(x * SPREAD, y * SPREAD, z * SPREAD));
                Quaterniond q = new Quaterniond().rotateXYZ(rnd.nextDouble() * 6, rnd.nextDouble() * 6, rnd.nextDouble() * 6);
                // towards the middle at 1-3 m/s, spinning: they meet there within a couple of seconds
                Vector3d v = new Vector3d(-x, -y, -z).normalize().mul(1 + 2 * rnd.nextDouble())
                        .add(rnd.nextGaussian() * 0.3, rnd.nextGaussian() * 0.3, rnd.nextGaussian() * 0.3);
                w.createBody(BodyDef.of(shape(rnd)).withPosition(x * SPREAD, y * SPREAD, z * SPREAD)
                        .withOrientation(q.x, q.y, q.z, q.w).withLinearVelocity(v.x, v.y, v.z)
                        .withAngularVelocity(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian())
                        .withMaterial(0.5, 0));
            }
            BodyStore b = w.bodies();
            Totals start = totals(b, n);
            double lastEnergy = start.energy();
            for (int step = 0; step < 300; step++) {
                w.step();
                contactsSeen += w.profile().contactPoints();
                Totals t = totals(b, n);
                String what = "seed " + seed + " step " + step;
                assertThat(t.momentum().distance(start.momentum())).as(what + ": linear momentum " + t.momentum()
                        + " from " + start.momentum()).isLessThan(1e-12 * start.momentumScale() * (step + 1));
                assertThat(t.energy() - lastEnergy).as(what + ": kinetic energy gained").isLessThan(1e-5 * start.energy());
                lastEnergy = t.energy();
            }
            Totals end = totals(b, n);
            assertThat(end.energy()).as("seed " + seed + ": collisions happened and took energy").isLessThan(0.9 * start.energy());
            assertThat(end.angular().distance(start.angular())).as("seed " + seed + ": angular momentum")
                    .isLessThan(0.015 * start.angular().length());
        }
        assertThat(contactsSeen).isGreaterThan(1000);
    }
}
