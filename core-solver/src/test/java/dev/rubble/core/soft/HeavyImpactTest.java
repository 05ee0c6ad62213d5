package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.soft.SoftBodyState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Heavy, fast rigid bodies (1, 10 and 20 kg at 20 and 50 m/s: up to 25 kJ) into the soft block
 * of {@link SoftWorldTest} (1 × 0.5 × 1 m, 250 kg, E = 0.2 MPa) at the default solver settings
 * (8 sub-steps × 4 iterations, 1/60 s steps).
 *
 * <p>Dropped from above (the block stands on the ground, so nothing can carry it away): the rigid
 * body never gets under the block's top surface (its centre never lies below the top surface
 * where that surface covers it, and never inside a tetrahedron), and once the block has settled
 * no tetrahedron is inverted. Thrown horizontally into the side: no tetrahedron is inverted after
 * it settles and the block keeps its volume. Neither uses the solver's own quantities: "under the
 * top surface" and "inside a tetrahedron" are brute-force geometry on the control points.
 */
final class HeavyImpactTest {
    private static Stages stages;

    private static synchronized World world() {
        if (stages == null) {
            stages = Stages.load();
        }
        World w = World.create(WorldSettings.defaults(), stages);
        w.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0)
                .withLabel("ground"));
        return w;
    }

    @ParameterizedTest(name = "{0}, {1} kg at {2} m/s dropped on the block")
    @CsvSource({"sphere,1,20", "sphere,1,50", "sphere,10,20", "sphere,10,50", "sphere,20,20", "sphere,20,50",
            "box,1,20", "box,1,50", "box,10,20", "box,10,50", "box,20,20", "box,20,50"})
    void droppedOnTheBlockNeverPassesThroughIt(String kind, double mass, double speed) {
        World w = world();
        SoftWorldTest.block(w, 2e5);
        Shape shape = kind.equals("sphere") ? new Sphere(0.15) : new Box(0.15, 0.15, 0.15);
        // slightly off centre and tilted, so it does not meet the cage's symmetric grid square on
        int slot = w.bodies().slot(w.createBody(BodyDef.of(shape).withMass(mass).withPosition(0.05, 1.5, 0.02)
                .withOrientation(0.05, 0, 0.03, 1).withLinearVelocity(0, -speed, 0)));
        SoftBodyStore st = w.softBodies().store();
        SoftBodyState s = st.state;
        double deepest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 300; i++) {
            w.step();
            double px = w.bodies().px[slot], py = w.bodies().py[slot], pz = w.bodies().pz[slot];
            double top = topSurfaceHeight(st, px, pz);
            if (!Double.isNaN(top)) {
                deepest = Math.min(deepest, py - top);
                assertThat(py).as("step %d: centre above the top surface under it", i).isGreaterThan(top);
            }
            assertThat(insideCage(s, px, py, pz)).as("step %d: centre inside the cage", i).isFalse();
        }
        System.out.printf("dropped %s %.0f kg at %.0f m/s: closest centre-to-top-surface %.3f m, inverted at the end %d%n",
                kind, mass, speed, deepest, st.invertedTets());
        assertThat(st.invertedTets()).as("inverted tets after settling").isZero();
    }

    @ParameterizedTest(name = "{0}, {1} kg at {2} m/s into the side")
    @CsvSource({"sphere,1,20", "sphere,1,50", "sphere,10,20", "sphere,10,50", "sphere,20,20", "sphere,20,50",
            "box,1,20", "box,1,50", "box,10,20", "box,10,50", "box,20,20", "box,20,50"})
    void thrownIntoTheSideLeavesNoInvertedTet(String kind, double mass, double speed) {
        World w = world();
        SoftWorldTest.block(w, 2e5);
        Shape shape = kind.equals("sphere") ? new Sphere(0.15) : new Box(0.15, 0.15, 0.15);
        w.createBody(BodyDef.of(shape).withMass(mass).withPosition(-1.5, SoftWorldTest.HY + 0.01, 0.02)
                .withOrientation(0, 0.04, 0.02, 1).withLinearVelocity(speed, 0, 0));
        SoftBodyStore st = w.softBodies().store();
        SoftBodyState s = st.state;
        int most = 0;
        for (int i = 0; i < 300; i++) {
            w.step();
            most = Math.max(most, st.invertedTets());
        }
        double volume = 0, rest = 0;
        for (int t = 0; t < s.tets; t++) {
            volume += s.tetVolume(t);
            rest += s.restVolume[t];
        }
        System.out.printf("side %s %.0f kg at %.0f m/s: most inverted during the hit %d, at the end %d, volume %.4f of %.4f%n",
                kind, mass, speed, most, st.invertedTets(), volume, rest);
        assertThat(st.invertedTets()).as("inverted tets after settling").isZero();
        assertThat(volume).isBetween(0.97 * rest, 1.03 * rest);
    }

    /**
     * Height of the block's top surface (the cage triangles that face +y at rest) at (x, z) now: the
     * highest of those triangles whose xz shadow holds the point; NaN where none does.
     */
    static double topSurfaceHeight(SoftBodyStore st, double x, double z) {
        double[] p = st.state.x, rest = st.cage[0].points();
        int base = st.pointStart[0];
        double best = Double.NaN;
        for (int t = st.surfaceStart[0], e = t + st.surfaceCount[0]; t < e; t++) {
            int a = st.surface[3 * t], b = st.surface[3 * t + 1], c = st.surface[3 * t + 2];
            if (rest[3 * (a - base) + 1] < SoftWorldTest.HY - 1e-9 || rest[3 * (b - base) + 1] < SoftWorldTest.HY - 1e-9
                    || rest[3 * (c - base) + 1] < SoftWorldTest.HY - 1e-9) {
                continue; // not on the top face
            }
            double ax = p[3 * a], az = p[3 * a + 2], bx = p[3 * b], bz = p[3 * b + 2], cx = p[3 * c], cz = p[3 * c + 2];
            double det = (bx - ax) * (cz - az) - (cx - ax) * (bz - az);
            if (Math.abs(det) < 1e-15) {
                continue;
            }
            double u = ((x - ax) * (cz - az) - (cx - ax) * (z - az)) / det;
            double v = ((bx - ax) * (z - az) - (x - ax) * (bz - az)) / det;
            if (u < 0 || v < 0 || u + v > 1) {
                continue;
            }
            double y = p[3 * a + 1] + u * (p[3 * b + 1] - p[3 * a + 1]) + v * (p[3 * c + 1] - p[3 * a + 1]);
            best = Double.isNaN(best) ? y : Math.max(best, y);
        }
        return best;
    }

    /** Whether (px, py, pz) lies in a positively oriented tetrahedron of the cage. */
    static boolean insideCage(SoftBodyState s, double px, double py, double pz) {
        for (int t = 0; t < s.tets; t++) {
            int a = s.tet[4 * t], b = s.tet[4 * t + 1], c = s.tet[4 * t + 2], d = s.tet[4 * t + 3];
            if (s.tetVolume(t) > 0 && vol(s, px, py, pz, b, c, d) >= 0 && -vol(s, px, py, pz, a, c, d) >= 0
                    && vol(s, px, py, pz, a, b, d) >= 0 && -vol(s, px, py, pz, a, b, c) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Signed volume of the tetrahedron (p, b, c, d). */
    private static double vol(SoftBodyState s, double px, double py, double pz, int b, int c, int d) {
        double[] x = s.x;
        double bx = x[3 * b] - px, by = x[3 * b + 1] - py, bz = x[3 * b + 2] - pz;
        double cx = x[3 * c] - px, cy = x[3 * c + 1] - py, cz = x[3 * c + 2] - pz;
        double dx = x[3 * d] - px, dy = x[3 * d + 1] - py, dz = x[3 * d + 2] - pz;
        return (bx * (cy * dz - cz * dy) + by * (cz * dx - cx * dz) + bz * (cx * dy - cy * dx)) / 6;
    }
}
