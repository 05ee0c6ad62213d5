package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Adding soft bodies either adds the whole body (or the whole list) or nothing: a refused cage leaves the
 * store as it was and the message names what is wrong. Before, {@code SoftBodyStore.add} added the points
 * and then failed on an edge, leaving points that belonged to no body and were simulated (falling, hashed)
 * from then on, and {@code World.addSoftBodies} kept the bodies before the one that failed.
 */
final class SoftBodyAddTest {
    private static Stages stages;

    private static synchronized World world() {
        if (stages == null) {
            stages = Stages.load();
        }
        return World.create(WorldSettings.defaults(), stages);
    }

    /** One tetrahedron (unit corner), 1 kg per point; {@code extraEdge}: a seventh edge 0-1 repeated or none. */
    private static Cage tet(double mass, int[] edges) {
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        return new Cage(p, new double[] {mass, mass, mass, mass}, new int[] {0, 1, 2, 3}, edges, new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3},
                new double[0], new int[0], new double[0], new int[0]);
    }

    private static final int[] SORTED = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};

    private static void assertEmpty(SoftBodyStore st) {
        assertThat(st.size()).as("bodies").isZero();
        assertThat(st.state.points).as("points left behind").isZero();
        assertThat(st.state.edges).as("edges left behind").isZero();
        assertThat(st.state.tets).as("tets left behind").isZero();
        assertThat(st.surfaceTriangles).as("surface triangles left behind").isZero();
    }

    @Test
    void aCageWithItsEdgesInAnotherOrderIsTheSameBody() {
        SoftBodyStore sorted = new SoftBodyStore(), shuffled = new SoftBodyStore();
        sorted.add(tet(1, SORTED), SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "a");
        int[] reversed = {2, 3, 1, 3, 1, 2, 0, 3, 0, 2, 0, 1};
        shuffled.add(tet(1, reversed), SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "a");
        assertThat(shuffled.state.edges).isEqualTo(6);
        for (int e = 0; e < 6; e++) {
            // edge e of the reversed list is edge 5 - e of the sorted one: same length, same share of the volume
            assertThat(shuffled.state.restLength[e]).isEqualTo(sorted.state.restLength[5 - e]);
            assertThat(shuffled.state.edgeCompliance[e]).isEqualTo(sorted.state.edgeCompliance[5 - e]);
        }
    }

    @Test
    void anEdgeOfNoTetrahedronIsRefusedByNameAndNothingIsAdded() {
        SoftBodyStore st = new SoftBodyStore();
        Cage c = new Cage(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 2, 2}, new double[] {1, 1, 1, 1, 1},
                new int[] {0, 1, 2, 3}, new int[] {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3, 3, 4}, new int[0],
                new double[0], new int[0], new double[0], new int[0]);
        assertThatThrownBy(() -> st.add(c, SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("edge 6 (3-4)").hasMessageContaining("no tetrahedron").hasMessageContaining("edgeCompliance");
        assertEmpty(st);
    }

    @Test
    void aRepeatedEdgeIsRefusedByNameAndNothingIsAdded() {
        SoftBodyStore st = new SoftBodyStore();
        int[] repeated = {0, 1, 0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
        assertThatThrownBy(() -> st.add(tet(1, repeated), SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("edge 1 (0-1)").hasMessageContaining("edge 0");
        assertEmpty(st);
    }

    @Test
    void aMassWithoutAFiniteInverseIsRefusedAndNothingIsAdded() {
        SoftBodyStore st = new SoftBodyStore();
        assertThatThrownBy(() -> st.add(tet(1e-320, SORTED), SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mass").hasMessageContaining("1.0E-320");
        assertEmpty(st);
    }

    @Test
    void aTinyDensityIsRefusedWhenTheCageIsBuiltNamingTheDensity() {
        // 1e-300 kg/m³ on a 2 mm box: every point's mass is about 1e-309 kg, whose inverse is infinite
        assertThatThrownBy(() -> CageBuilder.build(SoftWorldTest.box(0.001, 0.001, 0.001), new int[0], 1e-300, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("density = 1.0E-300");
    }

    @Test
    void aListWithABadBodyAddsNone() {
        World w = world();
        Cage good = CageBuilder.build(SoftWorldTest.box(0.25, 0.25, 0.25), new int[0], 500, 0, 1);
        SoftBodyDef ok = new SoftBodyDef("ok", good, SoftMaterial.rubber(), new double[] {0, 1, 0}, new double[] {0, 0, 0, 1},
                new double[3], new int[0], new int[0], List.of());
        SoftBodyDef badPin = new SoftBodyDef("bad", good, SoftMaterial.rubber(), new double[] {2, 1, 0}, new double[] {0, 0, 0, 1},
                new double[3], new int[] {99}, new int[0], List.of());
        assertThatThrownBy(() -> w.addSoftBodies(List.of(ok, badPin))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("soft body 1 'bad'").hasMessageContaining("99");
        assertEmpty(w.softBodies().store());
        SoftBodyDef badAttach = new SoftBodyDef("bad", good, SoftMaterial.rubber(), new double[] {2, 1, 0}, new double[] {0, 0, 0, 1},
                new double[3], new int[0], new int[] {0}, List.of("nobody"));
        assertThatThrownBy(() -> w.addSoftBodies(List.of(ok, badAttach))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'nobody'");
        assertEmpty(w.softBodies().store());
        SoftBodyDef badCage = new SoftBodyDef("bad", tet(1e-320, SORTED), SoftMaterial.rubber(), new double[] {2, 1, 0},
                new double[] {0, 0, 0, 1}, new double[3], new int[0], new int[0], List.of());
        assertThatThrownBy(() -> w.addSoftBodies(List.of(ok, badCage))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("soft body 1 'bad'");
        assertEmpty(w.softBodies().store());
        w.addSoftBodies(List.of(ok));
        assertThat(w.softBodies().store().size()).isEqualTo(1);
    }

    @Test
    void aNonFinitePoseOrVelocityIsRefusedAndNothingIsAdded() {
        SoftBodyStore st = new SoftBodyStore();
        // a NaN velocity was taken: every point moved at NaN, and the first step froze the body as non-finite
        assertThatThrownBy(() -> st.add(tet(1, SORTED), SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, Double.NaN, 0, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("velocity").hasMessageContaining("NaN");
        assertThatThrownBy(() -> st.add(tet(1, SORTED), SoftMaterial.rubber(), Double.POSITIVE_INFINITY, 0, 0, 0, 0, 0, 1, 0, 0, 0, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("position").hasMessageContaining("Infinity");
        assertEmpty(st);
    }
}
