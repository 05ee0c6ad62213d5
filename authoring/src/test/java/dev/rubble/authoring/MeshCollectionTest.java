package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.authoring.mesh.MeshCheck;
import dev.rubble.authoring.mesh.TriMesh;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Collections fractured from mesh sources: mass from the exact meshes, proximity on the cut faces. */
final class MeshCollectionTest {
    static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    static FractureMethod method(String name, Map<String, ?> opts) {
        return stages.create(StageFamily.FRACTURE, name, StageConfig.of(opts));
    }

    /** The box [-1,1] x [-0.5,0.5] x [-0.25,0.25] as 12 triangles. */
    static TriMesh boxMesh() {
        double[] p = new double[24];
        for (int i = 0; i < 8; i++) {
            p[3 * i] = (i & 1) == 0 ? -1 : 1;
            p[3 * i + 1] = (i & 2) == 0 ? -0.5 : 0.5;
            p[3 * i + 2] = (i & 4) == 0 ? -0.25 : 0.25;
        }
        int[] quads = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
        int[] t = new int[36];
        for (int f = 0; f < 6; f++) {
            int a = quads[4 * f], b = quads[4 * f + 1], c = quads[4 * f + 2], d = quads[4 * f + 3];
            System.arraycopy(new int[] {a, b, c, a, c, d}, 0, t, 6 * f, 6);
        }
        return TriMesh.of(p, t);
    }

    static final String SITES = "-0.6 -0.2 0.1; 0.3 0.25 -0.1; 0.7 -0.3 0.05; -0.2 0.3 -0.15; 0.05 -0.1 0.2;"
            + " -0.8 0.35 -0.05; 0.85 0.3 0.1; -0.35 -0.35 -0.2";

    @Test
    void proximityOnTheCutFacesFindsTheContactsOfTheFlatVersion() {
        FractureMethod v = method("voronoi", Map.of("sites", "custom", "points", SITES));
        CollectionBuilder flat = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 0.5, 0.25));
        flat.fractureLevel(v, 1);
        GeometryCollection f = flat.build(stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty()),
                Integer.MAX_VALUE);
        TriMesh box = boxMesh();
        assertThat(MeshCheck.problem(box)).isNull();
        CollectionBuilder mesh = new CollectionBuilder(box);
        mesh.fractureLevel(v, 1);
        GeometryCollection m = mesh.build(stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty()),
                Integer.MAX_VALUE);
        assertThat(m.leaves()).hasSize(8);
        assertThat(f.leaves()).hasSize(8);
        // same cells in the same order: same piece volumes, contacts and areas
        for (int i = 1; i <= 8; i++) {
            assertThat(m.volume(i)).isCloseTo(f.volume(i), within(1e-12));
            assertThat(m.mesh(i)).isNotNull();
            assertThat(m.mesh(i).isClosedManifold()).isTrue();
        }
        assertThat(m.contactCount()).isEqualTo(f.contactCount()).isGreaterThan(8);
        for (int c = 0; c < f.contactCount(); c++) {
            assertThat(m.contactA(c)).isEqualTo(f.contactA(c));
            assertThat(m.contactB(c)).isEqualTo(f.contactB(c));
            assertThat(m.contactArea(c)).isCloseTo(f.contactArea(c), within(1e-9));
        }
        assertThat(m.edgeCount()).isEqualTo(f.edgeCount());
    }

    @Test
    void massPropertiesComeFromTheExactNonConvexPieceNotItsHulls() {
        // an L of 5 unit voxels: centroid (0.9, 0.9... ) computed by hand from the voxel centres
        boolean[][][] on = new boolean[3][3][1];
        on[0][0][0] = on[1][0][0] = on[2][0][0] = true;
        on[0][1][0] = on[0][2][0] = true;
        TriMesh l = dev.rubble.authoring.mesh.MeshTestAccess.voxels(on, 1);
        CollectionBuilder b = new CollectionBuilder(l).density(1000);
        // a plane far from the L leaves it whole: no children
        assertThat(b.fractureLevel(method("plane", Map.of("planes", "1 0 0 100")), 1)).isEqualTo(0);
        GeometryCollection g = b.build(stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty()),
                Integer.MAX_VALUE);
        assertThat(g.volume(0)).isCloseTo(5, within(1e-12));
        assertThat(g.mass(0)).isCloseTo(5000, within(1e-9));
        // voxel centres (0.5,0.5) (1.5,0.5) (2.5,0.5) (0.5,1.5) (0.5,2.5): mean x = 5.5/5, mean y = 5.5/5
        assertThat(g.centerOfMass(0, 0)).isCloseTo(1.1, within(1e-12));
        assertThat(g.centerOfMass(0, 1)).isCloseTo(1.1, within(1e-12));
        assertThat(g.centerOfMass(0, 2)).isCloseTo(0.5, within(1e-12));
        // Izz: each voxel 1000 kg: (1+1)/12 * 1000 + 1000 * r^2 about the centroid
        double izz = 0;
        double[][] c = {{0.5, 0.5}, {1.5, 0.5}, {2.5, 0.5}, {0.5, 1.5}, {0.5, 2.5}};
        for (double[] v : c) {
            izz += 1000 * (2.0 / 12 + (v[0] - 1.1) * (v[0] - 1.1) + (v[1] - 1.1) * (v[1] - 1.1));
        }
        assertThat(g.inertia(0, 2)).isCloseTo(izz, within(1e-9));
        assertThat(g.hullCount(0)).isGreaterThan(1);
    }

    @Test
    void leafMassesOfAFracturedTorusAddUpToTheSourceVolume() {
        TriMesh torus = dev.rubble.authoring.mesh.MeshTestAccess.torus(1, 0.3, 48, 24);
        CollectionBuilder b = new CollectionBuilder(torus).density(2000);
        b.fractureLevel(method("voronoi", Map.of("count", 30)), 7);
        b.fractureLevel(method("voronoi", Map.of("count", 3)), 8);
        GeometryCollection g = b.build(stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty()),
                Integer.MAX_VALUE);
        double sum = 0;
        for (int leaf : g.leaves()) {
            sum += g.volume(leaf);
            assertThat(g.mesh(leaf).isClosedManifold()).isTrue();
        }
        assertThat(g.maxLevel()).isEqualTo(2);
        assertThat(Math.abs(sum - torus.volume()) / torus.volume()).isLessThan(1e-6);
        assertThat(g.contactCount()).isGreaterThan(g.leaves().length / 2);
    }
}
