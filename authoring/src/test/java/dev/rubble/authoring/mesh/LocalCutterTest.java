package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.geometry.polytope.PolytopeClipper;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.ConvexHull;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A flat cutter works only where it is (docs/geometry-collections.md, "Scattered cutter meshes"): the
 * piece's triangles away from it reach the rest untouched, and the result is the arrangement method's
 * (the same volumes, piece for piece).
 */
final class LocalCutterTest {
    /** [0, 2]³ with every face a 40 × 40 grid of 0.05 m squares: 19 200 triangles. */
    private static TriMesh finelyMeshedBox() {
        boolean[][][] on = new boolean[40][40][40];
        for (boolean[][] a : on) {
            for (boolean[] b : a) {
                Arrays.fill(b, true);
            }
        }
        return TestMeshes.voxels(on, 0.05);
    }

    private static List<Double> key(TriMesh m, int t) {
        List<Double> k = new ArrayList<>(9);
        for (int q = 0; q < 3; q++) {
            int v = m.tri[3 * t + q];
            for (int a = 0; a < 3; a++) {
                k.add(m.pos[3 * v + a]);
            }
        }
        return k;
    }

    /**
     * One small cutter through a face of a big mesh: every source triangle whose bounds miss the
     * cutter's is in the rest exactly as it was, and the rest has only a few triangles more. Before, each
     * of the cutter's six planes was extended across the whole box, splitting the triangles along its
     * trace on every face (thousands), and the rest kept them.
     */
    @Test
    void aSmallCutterLeavesTheTrianglesAwayFromItUntouched() {
        TriMesh box = finelyMeshedBox();
        assertThat(box.triangleCount()).isEqualTo(19_200);
        // C = [1.6637, 2.1637] x [0.7713, 1.2713] x [0.7871, 1.2871]: its planes meet no grid point
        double[] c = MeshCuttersTest.cube(0.25, 1.9137, 1.0213, 1.0371);
        List<TriMesh> pieces = MeshCutters.cut(box, List.of(c), MeshNoise.NONE);
        MeshCuttersTest.assertClosed(pieces);
        assertThat(pieces).hasSize(2);
        TriMesh bite = pieces.get(0), rest = pieces.get(1);
        // the overlap is 0.3363 x 0.5 x 0.5; the cavity's walls one 0.5 x 0.5 face and four 0.3363 x 0.5
        assertThat(bite.volume()).isCloseTo(0.3363 * 0.25, within(1e-12));
        assertThat(rest.volume()).isCloseTo(8 - 0.3363 * 0.25, within(1e-12));
        assertThat(rest.insideArea()).isCloseTo(0.25 + 4 * 0.3363 * 0.5, within(1e-12));
        double[] lo = {1.6637, 0.7713, 0.7871}, hi = {2.1637, 1.2713, 1.2871};
        Set<List<Double>> restTriangles = new HashSet<>();
        for (int t = 0; t < rest.triangleCount(); t++) {
            restTriangles.add(key(rest, t));
        }
        int far = 0, near = 0, kept = 0;
        for (int t = 0; t < box.triangleCount(); t++) {
            boolean overlaps = true;
            for (int a = 0; a < 3; a++) {
                double mn = Double.POSITIVE_INFINITY, mx = Double.NEGATIVE_INFINITY;
                for (int q = 0; q < 3; q++) {
                    double x = box.pos[3 * box.tri[3 * t + q] + a];
                    mn = Math.min(mn, x);
                    mx = Math.max(mx, x);
                }
                overlaps &= mx >= lo[a] && mn <= hi[a];
            }
            if (overlaps) {
                near++;
            } else {
                far++;
                if (restTriangles.contains(key(box, t))) {
                    kept++;
                }
            }
        }
        // the face x = 2 cells of y in [0.75, 1.3], z in [0.75, 1.3]: 11 x 11 squares, 2 triangles each
        assertThat(near).isEqualTo(242);
        assertThat(kept).isEqualTo(far);
        // the rest: the far triangles, the near ones outside the cutter re-triangulated round the bite, the
        // cavity's walls; far fewer than four per near triangle
        assertThat(rest.triangleCount() - far).isLessThan(4 * near);
    }

    /**
     * The local method gives the arrangement method's pieces (the same volumes, sorted, to 1e-12 of the
     * torus) for each of six scattered icosahedra on every piece the earlier ones left, and handles
     * every one of them itself (no fall-back).
     */
    @Test
    void scatteredIcosahedraGiveTheArrangementMethodsVolumes() {
        TriMesh torus = TestMeshes.torus(1, 0.3, 48, 24);
        double[] ico = MeshCutters.planesOf(MeshCutters.icosahedron());
        List<TriMesh> pieces = List.of(torus);
        for (double[] c : MeshCutters.scatter(torus, ico, 6, 0.25, 0.4, 7)) {
            CutterGeometry geometry = LocalCutter.cutter(c);
            assertThat(geometry).isNotNull();
            List<TriMesh> next = new ArrayList<>();
            for (TriMesh p : pieces) {
                List<TriMesh> local = LocalCutter.cut(p, c, geometry);
                assertThat(local).isNotNull();
                List<TriMesh> arrangement = MeshCutters.cutOne(p, c, MeshNoise.NONE);
                assertThat(MeshCuttersTest.volumes(local))
                        .containsExactly(MeshCuttersTest.volumes(arrangement), within(1e-12 * torus.volume()));
                MeshCuttersTest.assertClosed(local);
                next.addAll(local);
            }
            pieces = next;
        }
        assertThat(pieces.size()).isGreaterThanOrEqualTo(7);
    }

    /** The convex hull of 30 seeded random points on the unit sphere (56 faces) as a cutter mesh. */
    private static TriMesh manyFacedCutter() {
        java.util.Random rnd = new java.util.Random(3);
        double[] pts = new double[3 * 30];
        for (int i = 0; i < 30; i++) {
            double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
            double l = Math.sqrt(x * x + y * y + z * z);
            pts[3 * i] = x / l;
            pts[3 * i + 1] = y / l;
            pts[3 * i + 2] = z / l;
        }
        ConvexHull h = QuickHull.of(pts);
        List<Integer> tris = new ArrayList<>();
        for (int f = 0; f < h.faceCount(); f++) {
            for (int q = 1; q + 1 < h.faceSize(f); q++) {
                tris.add(h.faceVertex(f, 0));
                tris.add(h.faceVertex(f, q));
                tris.add(h.faceVertex(f, q + 1));
            }
        }
        double[] v = new double[3 * h.vertexCount()];
        for (int i = 0; i < h.vertexCount(); i++) {
            for (int a = 0; a < 3; a++) {
                v[3 * i + a] = h.vertex(i, a);
            }
        }
        return TriMesh.of(v, tris.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * A cutter of 56 faces bites exactly box ∩ cutter out of a box and leaves the rest whole. The
     * arrangement of its 56 planes could not be glued back (this placement left the rest in 6 041 slivers,
     * one of them not a 2-manifold;
     * others failed with "open cut outline" or "a cavity lies in no piece"). The bite's volume is the
     * box polytope clipped by the cutter's planes ({@link PolytopeClipper}).
     */
    @Test
    void aCutterWithManyFacesBitesOutExactlyItsOverlap() {
        double[] planes = MeshCutters.planesOf(manyFacedCutter());
        assertThat(planes.length / 4).isEqualTo(56);
        TriMesh box = TestMeshes.box(2, 2, 2);
        double[] c = MeshCutters.scatter(box, planes, 1, 0.8, 0.8, 10).get(0);
        List<TriMesh> pieces = MeshCutters.cut(box, List.of(c), MeshNoise.NONE);
        MeshCuttersTest.assertClosed(pieces);
        assertThat(pieces).hasSize(2);
        ConvexPolytope overlap = ConvexPolytope.box(1, 1, 1, 1, 1, 1);
        for (int f = 0; f < c.length; f += 4) {
            overlap = PolytopeClipper.clip(overlap, c[f], c[f + 1], c[f + 2], c[f + 3], 0);
        }
        assertThat(MeshCuttersTest.volumes(pieces))
                .containsExactly(new double[] {overlap.volume(), 8 - overlap.volume()}, within(1e-12));
    }

    /** A cutter edge through a point exactly on another cutter plane is degenerate: the arrangement method takes it. */
    @Test
    void aDegenerateCutIsLeftToTheArrangementMethod() {
        TriMesh box = TestMeshes.box(2, 2, 2);
        // C = [1.5, 2.5]^3: its edges meet the faces of the box on their diagonals, points exactly on its planes
        double[] c = MeshCuttersTest.cube(0.5, 2, 2, 2);
        assertThat(LocalCutter.cut(box, c, LocalCutter.cutter(c))).isNull();
        assertThat(MeshCuttersTest.volumes(MeshCutters.cut(box, List.of(c), MeshNoise.NONE)))
                .containsExactly(new double[] {0.125, 8 - 0.125}, within(1e-12));
    }

    /** A cutter that encloses the whole piece gives it back as one piece (every triangle inside, no cap): nothing to cut. */
    @Test
    void aCutterEnclosingThePieceLeavesItWhole() {
        TriMesh box = TestMeshes.box(2, 2, 2);
        double[] c = MeshCuttersTest.cube(5, 1.1, 0.9, 1.3);
        List<TriMesh> pieces = LocalCutter.cut(box, c, LocalCutter.cutter(c));
        assertThat(pieces).hasSize(1);
        assertThat(pieces.get(0).volume()).isCloseTo(8, within(1e-12));
        assertThat(pieces.get(0).triangleCount()).isEqualTo(box.triangleCount());
        assertThat(MeshCutters.cut(box, List.of(c), MeshNoise.NONE)).hasSize(1);
    }

    /** A cutter whose planes make no polytope (a slab: two parallel planes only) is refused by the local method. */
    @Test
    void planesThatBoundNoPolytopeHaveNoLocalGeometry() {
        assertThat(LocalCutter.cutter(new double[] {1, 0, 0, 1, -1, 0, 0, 0})).isNull();
    }
}
