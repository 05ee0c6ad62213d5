package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A thin body that sinks past a mesh triangle's plane must come back out on the side it touched it from (physics fuzz
 * seeds 30321 and 30088; docs/dynamics.md, "Internal mesh edges", the side a triangle was touched from). A needle hull
 * (30 × 2 × 2 cm, 0.877 kg) lying on the fuzz's closed mesh slab (cells of 1.5 m, or one cell), spinning at 23 rad/s
 * about the vertical and wobbling at 1-6 rad/s (0.05 s steps, three sub-steps), sinks up to 3 cm in its first steps (its
 * unpaired vertices swing down within a step). Once its centre passed under the top triangles' plane, their
 * two-sided contacts pushed it down, out of the far side, and it fell through the slab: 15 m under after 40 steps.
 * Expected, from rigid-body physics: a body resting on a floor stays on it. Its centre never goes further under the top
 * than its own half thickness (1 cm), and it ends at rest on it, its lowest corner within 5 mm of the top.
 */
final class SpinningNeedleMeshTest {
    private static final double[] NEEDLE = {0.15331837415106783, -0.01, 0.01, 0.15331837415106783, 0.01, 0.01,
        -0.05283565011359675, 0.009657427140661375, 0.008225241961674129, -0.15331837415106783, 0.01, -0.01,
        0.11820219435990753, 7.68763442993059E-4, -0.0012939579684589698, -0.15331837415106783, -0.01, -0.01,
        -0.07282185392475615, -0.00432744835670827, 0.006262159041132007, 0.02243864375113624, 0.008872282255489394,
        -0.006586935829559733, -0.09112852654168438, -0.005953215151864595, 0.002575846505490089, 0.043212269181524016,
        0.007495340399466884, -0.005327440934544241, -0.0874896472183511, -0.009162298459428005, -0.003900680117237323};

    @ParameterizedTest(name = "slab of {0} × {0} cells a face")
    @ValueSource(ints = {4, 1, 2, 8})
    void aSpinningNeedleStaysOnTheSlab(int cells) {
        WorldSettings ws = WorldSettings.defaults().withStep(0.05, 3).withGravity(0, -9.81, 0);
        PhysicsWorld w = PhysicsWorld.wrap(World.create(ws, DeterminismFuzz.STAGES), null);
        w.addBody(BodySpec.fixed(PhysicsFuzz.slab(3, 1, cells)));
        ConvexHull hull = QuickHull.of(NEEDLE);
        BodyId b = w.addBody(BodySpec.dynamic(hull).withMass(0.8771)
                .withPosition(new Vector3d(0.1852060019849065, 0.04595032389159617, 1.142579194541111))
                .withOrientation(new Quaterniond(-0.7429413913962973, 0.2827127991233352, 0.37337047955318464, 0.47823221050051345))
                .withLinearVelocity(new Vector3d(-0.6528755265380197, -0.1814273514515078, 0.4346293487296088))
                .withAngularVelocity(new Vector3d(1.433067632153202, -23.299427476372145, 4.333182570128468)));
        double lowestCentre = Double.POSITIVE_INFINITY;
        Vector3d p = new Vector3d();
        for (int s = 0; s < 40; s++) {
            w.step();
            lowestCentre = Math.min(lowestCentre, w.position(b, p).y);
        }
        double end = lowest(w, b, hull);
        System.out.printf("NEEDLE %d cells: centre at least %.4f m, lowest corner at the end %.4f m, speed %.4f m/s%n",
                cells, lowestCentre, end, w.linearVelocity(b, new Vector3d()).length());
        assertThat(lowestCentre).as("the centre's lowest height over the top, m").isGreaterThan(-0.01);
        assertThat(end).as("the lowest corner at the end, m").isBetween(-0.005, 0.005);
        assertThat(w.linearVelocity(b, new Vector3d()).length()).as("speed at the end, m/s").isLessThan(0.05);
    }

    private static double lowest(PhysicsWorld w, BodyId id, ConvexHull h) {
        Quaterniond q = w.orientation(id, new Quaterniond());
        Vector3d p = w.position(id, new Vector3d()), x = new Vector3d();
        double lo = Double.POSITIVE_INFINITY;
        for (int i = 0; i < h.vertexCount(); i++) {
            x.set(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2)).rotate(q).add(p);
            lo = Math.min(lo, x.y);
        }
        return lo;
    }
}
