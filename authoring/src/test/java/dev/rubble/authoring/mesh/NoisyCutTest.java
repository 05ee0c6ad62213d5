package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Planar cuts with noise: closed pieces, exact volume, neighbours' cut faces coincide vertex for vertex. */
final class NoisyCutTest {
    static final MeshNoise NOISE = new MeshNoise(0.04, 2.0, 3, 0.05, 9);

    /** The positions of a piece's cut faces on the cut with plane tag (nx, ny, nz) (either sign), as strings. */
    static TreeSet<String> cutVertices(TriMesh p, double nx, double ny, double nz) {
        TreeSet<String> out = new TreeSet<>();
        for (int t = 0; t < p.triangleCount(); t++) {
            if (p.material(t) != TriMesh.INSIDE) {
                continue;
            }
            double dot = p.plane(t, 0) * nx + p.plane(t, 1) * ny + p.plane(t, 2) * nz;
            if (Math.abs(Math.abs(dot) - 1) > 1e-12) {
                continue;
            }
            for (int k = 0; k < 3; k++) {
                int v = p.index(t, k);
                out.add(Double.doubleToLongBits(p.vertex(v, 0)) + ":" + Double.doubleToLongBits(p.vertex(v, 1)) + ":"
                        + Double.doubleToLongBits(p.vertex(v, 2)));
            }
        }
        return out;
    }

    /** Cut triangles as sorted position triples, orientation dropped. */
    static TreeSet<String> cutTriangles(TriMesh p) {
        TreeSet<String> out = new TreeSet<>();
        for (int t = 0; t < p.triangleCount(); t++) {
            if (p.material(t) != TriMesh.INSIDE) {
                continue;
            }
            List<String> c = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                int v = p.index(t, k);
                c.add(p.vertex(v, 0) + "," + p.vertex(v, 1) + "," + p.vertex(v, 2));
            }
            c.sort(null);
            out.add(String.join(" ", c));
        }
        return out;
    }

    @Test
    void oneNoisyCutGivesTwoClosedPiecesWhoseCutFacesCoincideTriangleForTriangle() {
        TriMesh box = TestMeshes.box(2, 1, 1);
        List<TriMesh> pieces = MeshCutter.planes(box, new double[] {1, 0, 0, 1}, NOISE, 0);
        assertThat(pieces).hasSize(2);
        double v = 0;
        for (TriMesh p : pieces) {
            assertThat(MeshCheck.manifoldProblem(p)).isNull();
            v += p.volume();
        }
        assertThat(v).isCloseTo(2.0, within(1e-12));
        assertThat(cutTriangles(pieces.get(0))).isEqualTo(cutTriangles(pieces.get(1))).hasSizeGreaterThan(300);
        // the noise moved the interior: the cut is not flat, and no piece is self-intersecting
        double maxOff = 0;
        TriMesh p = pieces.get(0);
        for (int t = 0; t < p.triangleCount(); t++) {
            if (p.material(t) == TriMesh.INSIDE) {
                for (int k = 0; k < 3; k++) {
                    maxOff = Math.max(maxOff, Math.abs(p.vertex(p.index(t, k), 0) - 1));
                }
            }
        }
        assertThat(maxOff).isGreaterThan(0.01).isLessThan(0.04 * 2);
        assertThat(MeshCheck.problem(pieces.get(0))).isNull();
        assertThat(MeshCheck.problem(pieces.get(1))).isNull();
    }

    @Test
    void crossingNoisyCutsKeepNeighboursVertexForVertexAndTheVolumeExact() {
        TriMesh torus = TestMeshes.torus(1, 0.3, 48, 24);
        List<TriMesh> pieces = MeshCutter.planes(torus, new double[] {1, 0, 0, 0.1, 0, 1, 0, -0.2, 0, 0, 1, 0.05}, NOISE, 0);
        double v = 0;
        for (TriMesh p : pieces) {
            assertThat(MeshCheck.manifoldProblem(p)).as("piece %s", p).isNull();
            v += p.volume();
        }
        assertThat(Math.abs(v - torus.volume()) / torus.volume()).isLessThan(1e-9);
        // the x cut seen from the pieces below it and from the pieces above it: the same vertices, bit for bit
        TreeSet<String> below = new TreeSet<>(), above = new TreeSet<>();
        for (TriMesh p : pieces) {
            (p.massProperties()[1] < 0.1 ? below : above).addAll(cutVertices(p, 1, 0, 0));
        }
        assertThat(below).isEqualTo(above);
        assertThat(below.size()).isGreaterThan(100);
    }

    @Test
    void proximityOnANoisyCutFindsTheContactOfTheFlatCut() {
        TriMesh box = TestMeshes.box(2, 1, 1);
        List<TriMesh> flat = MeshCutter.planes(box, new double[] {1, 0, 0, 1}, MeshNoise.NONE, 0);
        List<TriMesh> noisy = MeshCutter.planes(box, new double[] {1, 0, 0, 1}, NOISE, 0);
        MeshProximity.Contacts f = MeshProximity.compute(flat.toArray(new TriMesh[0]), 0);
        MeshProximity.Contacts n = MeshProximity.compute(noisy.toArray(new TriMesh[0]), 0);
        assertThat(f.size()).isEqualTo(1);
        assertThat(n.size()).isEqualTo(1);
        assertThat(f.area()[0]).isCloseTo(1.0, within(1e-12));
        assertThat(n.area()[0]).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void noiseIsAFunctionOfPositionAloneAndSeeded() {
        assertThat(NOISE.at(0.3, -1.7)).isEqualTo(NOISE.at(0.3, -1.7));
        assertThat(new MeshNoise(0.04, 2.0, 3, 0.05, 10).at(0.3, -1.7)).isNotEqualTo(NOISE.at(0.3, -1.7));
        assertThat(NOISE.at(0, 0)).isEqualTo(0.0); // Perlin noise vanishes on the lattice
        assertThat(MeshNoise.NONE.flat()).isTrue();
    }
}
