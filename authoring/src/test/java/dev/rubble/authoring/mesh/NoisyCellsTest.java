package dev.rubble.authoring.mesh;

import static dev.rubble.authoring.mesh.MeshFractureTest.method;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Noise on the cut faces of cell fractures (Voronoi, slice): closed pieces, the source's volume,
 * every displaced cut triangle met by the same triangle, reversed, on exactly one neighbour (cracks
 * closed, vertex for vertex), the flat version's contacts, grout.
 */
final class NoisyCellsTest {
    @BeforeAll
    static void load() {
        MeshFractureTest.load();
    }

    static List<ConvexPolytope> voronoiCells(TriMesh m, int sites, long seed, double grout) {
        ConvexPolytope box = MeshFracture.boundingBox(m, MeshFracture.margin(m, grout));
        return method("voronoi", Map.of("count", sites)).fracture(box, seed);
    }

    /** Positions of cut-face corners more than 1e-9 m off their face's plane (displaced by noise). */
    static int displaced(TriMesh p) {
        int n = 0;
        for (int t = 0; t < p.triangleCount(); t++) {
            if (p.material(t) != TriMesh.INSIDE) {
                continue;
            }
            for (int k = 0; k < 3; k++) {
                int v = p.index(t, k);
                double off = p.plane(t, 0) * p.vertex(v, 0) + p.plane(t, 1) * p.vertex(v, 1) + p.plane(t, 2) * p.vertex(v, 2)
                        - p.plane(t, 3);
                if (Math.abs(off) > 1e-9) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String bits(TriMesh p, int v) {
        return Long.toHexString(Double.doubleToLongBits(p.vertex(v, 0))) + ","
                + Long.toHexString(Double.doubleToLongBits(p.vertex(v, 1))) + ","
                + Long.toHexString(Double.doubleToLongBits(p.vertex(v, 2)));
    }

    /** The triangle's corners as bit-exact positions, rotated to start at the smallest, in the given winding. */
    private static String key(String a, String b, String c) {
        if (a.compareTo(b) <= 0 && a.compareTo(c) <= 0) {
            return a + " " + b + " " + c;
        }
        if (b.compareTo(c) <= 0) {
            return b + " " + c + " " + a;
        }
        return c + " " + a + " " + b;
    }

    /**
     * Every cut triangle with a displaced corner must appear, reversed and bit for bit, in exactly
     * one other piece; returns how many such triangles were checked.
     */
    static int assertNoisyFacesShared(List<TriMesh> pieces) {
        Map<String, List<Integer>> owners = new HashMap<>();
        List<String[]> noisy = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            TriMesh p = pieces.get(i);
            for (int t = 0; t < p.triangleCount(); t++) {
                String a = bits(p, p.index(t, 0)), b = bits(p, p.index(t, 1)), c = bits(p, p.index(t, 2));
                owners.computeIfAbsent(key(a, b, c), x -> new ArrayList<>()).add(i);
                if (p.material(t) == TriMesh.INSIDE && offPlane(p, t)) {
                    noisy.add(new String[] {a, b, c, Integer.toString(i)});
                }
            }
        }
        for (String[] t : noisy) {
            List<Integer> other = owners.get(key(t[0], t[2], t[1]));
            assertThat(other).as("the reverse of a noisy triangle of piece %s", t[3]).isNotNull().hasSize(1);
            assertThat(other.get(0)).isNotEqualTo(Integer.parseInt(t[3]));
        }
        return noisy.size();
    }

    private static boolean offPlane(TriMesh p, int t) {
        for (int k = 0; k < 3; k++) {
            int v = p.index(t, k);
            double off = p.plane(t, 0) * p.vertex(v, 0) + p.plane(t, 1) * p.vertex(v, 1) + p.plane(t, 2) * p.vertex(v, 2)
                    - p.plane(t, 3);
            if (Math.abs(off) > 1e-9) {
                return true;
            }
        }
        return false;
    }

    private static void assertClosedAndVolume(List<TriMesh> pieces, double volume, double rel) {
        double v = 0;
        for (TriMesh p : pieces) {
            assertThat(MeshCheck.manifoldProblem(p)).as("piece %s", p).isNull();
            assertThat(p.volume()).isPositive();
            v += p.volume();
        }
        assertThat(Math.abs(v - volume) / volume).isLessThan(rel);
    }

    @Test
    void noisyVoronoiPiecesOfTheTorusLBlockAndHoledBlockAreClosedShareTheirFacesAndKeepTheVolume() {
        TriMesh[] sources = {TestMeshes.torus(1, 0.3, 64, 32), TestMeshes.lBlock(1), TestMeshes.holedBlock(1)};
        double[] spacing = {0.03, 0.08, 0.08};
        double[] amp = {0.02, 0.06, 0.06};
        for (int s = 0; s < sources.length; s++) {
            TriMesh m = sources[s];
            MeshNoise noise = new MeshNoise(amp[s], 1.5, 3, spacing[s], 5 + s);
            List<TriMesh> pieces = MeshFracture.cut(m, voronoiCells(m, 12, 3 + s, 0), 0, noise);
            assertClosedAndVolume(pieces, m.volume(), 1e-9);
            int shared = assertNoisyFacesShared(pieces);
            assertThat(shared).as("source %d has noisy triangles", s).isGreaterThan(200);
            int moved = 0;
            for (TriMesh p : pieces) {
                moved += displaced(p);
            }
            assertThat(moved).isGreaterThan(200);
        }
    }

    @Test
    void noiseDisplacementStaysWithinTheAmplitudeAndPiecesDoNotIntersectThemselves() {
        TriMesh l = TestMeshes.lBlock(1);
        double amp = 0.05;
        MeshNoise noise = new MeshNoise(amp, 1.5, 3, 0.08, 2);
        List<TriMesh> pieces = MeshFracture.cut(l, voronoiCells(l, 8, 4, 0), 0, noise);
        double most = 0;
        for (TriMesh p : pieces) {
            for (int t = 0; t < p.triangleCount(); t++) {
                if (p.material(t) != TriMesh.INSIDE) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    int v = p.index(t, k);
                    double off = p.plane(t, 0) * p.vertex(v, 0) + p.plane(t, 1) * p.vertex(v, 1)
                            + p.plane(t, 2) * p.vertex(v, 2) - p.plane(t, 3);
                    most = Math.max(most, Math.abs(off));
                }
            }
            assertThat(MeshCheck.selfIntersection(p)).as("piece %s", p).isEqualTo(-1L);
        }
        // fBm of 3 octaves is bounded by amp * (1 + 1/2 + 1/4) * max|perlin| (< 1 for 2-D Perlin with these gradients)
        assertThat(most).isGreaterThan(0.2 * amp).isLessThan(1.75 * amp);
    }

    @Test
    void sliceCellsGetNoiseTooAndTheSameSeedGivesTheSameBits() {
        TriMesh box = TestMeshes.box(2, 1, 1);
        ConvexPolytope b = MeshFracture.boundingBox(box, MeshFracture.margin(box, 0));
        List<ConvexPolytope> cells = method("slice", Map.of("x", 2, "y", 1, "z", 0)).fracture(b, 0);
        MeshNoise noise = new MeshNoise(0.03, 2, 2, 0.04, 11);
        List<TriMesh> pieces = MeshFracture.cut(box, cells, 0, noise);
        assertThat(pieces).hasSize(6);
        assertClosedAndVolume(pieces, 2.0, 1e-12);
        assertThat(assertNoisyFacesShared(pieces)).isGreaterThan(500);
        List<TriMesh> again = MeshFracture.cut(box, cells, 0, noise);
        for (int i = 0; i < pieces.size(); i++) {
            assertThat(again.get(i).positions()).isEqualTo(pieces.get(i).positions());
            assertThat(again.get(i).triangles()).isEqualTo(pieces.get(i).triangles());
        }
    }

    @Test
    void proximityFindsTheFlatVersionsContactsAndAreas() {
        TriMesh torus = TestMeshes.torus(1, 0.3, 48, 24);
        List<ConvexPolytope> cells = voronoiCells(torus, 14, 8, 0);
        List<TriMesh> flat = MeshFracture.cut(torus, cells, 0);
        List<TriMesh> noisy = MeshFracture.cut(torus, cells, 0, new MeshNoise(0.02, 1.5, 3, 0.03, 1));
        assertThat(noisy).hasSize(flat.size());
        int changed = 0;
        for (TriMesh p : noisy) {
            changed += displaced(p) > 0 ? 1 : 0;
        }
        assertThat(changed).isGreaterThan(flat.size() / 2);
        MeshProximity.Contacts a = MeshProximity.compute(flat.toArray(new TriMesh[0]), 0);
        MeshProximity.Contacts b = MeshProximity.compute(noisy.toArray(new TriMesh[0]), 0);
        assertThat(b.a()).isEqualTo(a.a());
        assertThat(b.b()).isEqualTo(a.b());
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.area()[i]).isCloseTo(a.area()[i], within(1e-9 * a.area()[i] + 1e-12));
        }
    }

    @Test
    void groutWithNoiseRemovesTheSameVolumeAsFlatGrout() {
        TriMesh l = TestMeshes.lBlock(1);
        double w = 0.02;
        List<ConvexPolytope> cells = voronoiCells(l, 10, 6, w);
        List<TriMesh> flat = MeshFracture.cut(l, cells, w);
        List<TriMesh> noisy = MeshFracture.cut(l, cells, w, new MeshNoise(0.05, 1.5, 3, 0.08, 3));
        double vf = 0, vn = 0;
        int moved = 0;
        for (TriMesh p : flat) {
            vf += p.volume();
        }
        for (TriMesh p : noisy) {
            assertThat(MeshCheck.manifoldProblem(p)).isNull();
            vn += p.volume();
            moved += displaced(p);
        }
        assertThat(moved).isGreaterThan(100);
        assertThat(vf).isLessThan(5.0);
        assertThat(vn).isCloseTo(vf, within(1e-9 * vf));
    }

    @Test
    void flatNoiseLeavesTheCellCutUntouched() {
        TriMesh l = TestMeshes.lBlock(1);
        List<ConvexPolytope> cells = voronoiCells(l, 6, 1, 0);
        List<TriMesh> a = MeshFracture.cut(l, cells, 0);
        List<TriMesh> b = MeshFracture.cut(l, cells, 0, MeshNoise.NONE);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).positions()).isEqualTo(a.get(i).positions());
            assertThat(b.get(i).triangles()).isEqualTo(a.get(i).triangles());
        }
    }
}
