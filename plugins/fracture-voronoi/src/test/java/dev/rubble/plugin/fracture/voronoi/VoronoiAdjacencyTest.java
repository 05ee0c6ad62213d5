package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rubble.spi.geom.ConvexPolytope;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 27 item 5: cells from reusable clip buffers, adjacency and face areas from the clip planes. */
final class VoronoiAdjacencyTest {
    private static final ConvexPolytope BOX = ConvexPolytope.box(0, 0, 0, 5, 2, 1);

    private static double[] uniform(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] s = new double[3 * n];
        for (int i = 0; i < n; i++) {
            s[3 * i] = -5 + 10 * r.nextDouble();
            s[3 * i + 1] = -2 + 4 * r.nextDouble();
            s[3 * i + 2] = -1 + 2 * r.nextDouble();
        }
        return s;
    }

    @Test
    void cellsAreBitIdenticalToClippingOnePolytopeAfterAnother() {
        for (double[] sites : List.of(uniform(2000, 1), uniform(300, 9), grid(6, 5, 4), new double[] {0.1, 0.2, 0.3})) {
            ConvexPolytope[] want = ClipperVoronoiCells.compute(BOX, sites);
            ConvexPolytope[] got = VoronoiCells.compute(BOX, sites);
            ConvexPolytope[] got2 = VoronoiCells.computeWithAdjacency(BOX, sites).cells();
            assertThat(got).hasSameSizeAs(want);
            for (int i = 0; i < want.length; i++) {
                assertThat(got[i]).as("cell %d", i).isEqualTo(want[i]);
                assertThat(got2[i]).as("cell %d", i).isEqualTo(want[i]);
                if (want[i] != null) {
                    assertThat(got[i].volume()).isEqualTo(want[i].volume());
                }
            }
        }
    }

    @Test
    void cellsAndNeighboursAreBitIdenticalOnAnyThreadCount() {
        for (double[] sites : List.of(uniform(2000, 1), grid(6, 5, 4), uniform(50, 2), new double[] {0.1, 0.2, 0.3})) {
            VoronoiCells.Cells one = VoronoiCells.computeWithAdjacency(BOX, sites);
            for (int t : new int[] {2, 3, 8}) {
                VoronoiCells.Cells c = VoronoiCells.computeWithAdjacency(BOX, sites, t);
                assertThat(c.cells()).as("%d threads", t).containsExactly(one.cells());
                assertThat(c.a()).containsExactly(one.a());
                assertThat(c.b()).containsExactly(one.b());
                assertThat(c.area()).containsExactly(one.area());
                assertThat(VoronoiCells.compute(BOX, sites, t)).containsExactly(one.cells());
            }
        }
    }

    /** A regular lattice: many cospherical sites, faces of zero area at cube corners, ties in the search. */
    private static double[] grid(int nx, int ny, int nz) {
        double[] s = new double[3 * nx * ny * nz];
        int k = 0;
        for (int z = 0; z < nz; z++) {
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    s[k++] = -5 + 10 * (x + 0.5) / nx;
                    s[k++] = -2 + 4 * (y + 0.5) / ny;
                    s[k++] = -1 + 2 * (z + 0.5) / nz;
                }
            }
        }
        return s;
    }

    /**
     * The clip skips the volume sum where a ball around the site proves it positive, keeps the old
     * numbering where every vertex stays in use, and finds a cut edge through its outside end: the
     * cells must still be the old clipper's bit for bit where those shortcuts do and do not apply —
     * sites on the box's faces, edges and corners (no ball inside the box), a tight cluster (cells as
     * large as the box around sites a micrometre apart), sites outside the box, two sites, one site.
     */
    @Test
    void cellsStayBitIdenticalWhereTheClipsShortcutsDoAndDoNotApply() {
        SplittableRandom r = new SplittableRandom(11);
        List<double[]> sets = new ArrayList<>();
        // a lattice whose outer layers lie on the box's faces, edges and corners
        double[] faces = new double[3 * 5 * 4 * 3];
        int k = 0;
        for (int z = 0; z < 3; z++) {
            for (int y = 0; y < 4; y++) {
                for (int x = 0; x < 5; x++) {
                    faces[k++] = -5 + 2.5 * x;
                    faces[k++] = -2 + 4.0 * y / 3;
                    faces[k++] = -1 + z;
                }
            }
        }
        sets.add(faces);
        // uniform sites, a third of them moved onto a random face of the box
        double[] onFaces = uniform(400, 12);
        for (int i = 0; i < 400; i += 3) {
            int axis = r.nextInt(3);
            double half = axis == 0 ? 5 : axis == 1 ? 2 : 1;
            onFaces[3 * i + axis] = r.nextBoolean() ? half : -half;
        }
        sets.add(onFaces);
        // a cluster of 60 sites within a micrometre, plus 40 spread out
        double[] cluster = uniform(100, 13);
        for (int i = 0; i < 60; i++) {
            cluster[3 * i] = 1.25 + 1e-6 * r.nextDouble();
            cluster[3 * i + 1] = -0.5 + 1e-6 * r.nextDouble();
            cluster[3 * i + 2] = 0.25 + 1e-6 * r.nextDouble();
        }
        sets.add(cluster);
        // sites partly outside the box
        double[] outside = uniform(300, 14);
        for (int i = 0; i < 300; i += 4) {
            outside[3 * i] *= 1.6;
            outside[3 * i + 2] *= 2.5;
        }
        sets.add(outside);
        sets.add(new double[] {-4.9, 1.9, 0.9, 4.9, -1.9, -0.9});
        sets.add(new double[] {5, 2, 1});
        for (double[] sites : sets) {
            ConvexPolytope[] want = ClipperVoronoiCells.compute(BOX, sites);
            VoronoiCells.Cells got = VoronoiCells.computeWithAdjacency(BOX, sites);
            VoronoiCells.Cells got3 = VoronoiCells.computeWithAdjacency(BOX, sites, 3);
            assertThat(got.cells()).hasSameSizeAs(want);
            int alive = 0;
            for (int i = 0; i < want.length; i++) {
                assertThat(got.cells()[i]).as("%d sites, cell %d", want.length, i).isEqualTo(want[i]);
                if (want[i] != null) {
                    alive++;
                    assertThat(got.cells()[i].volume()).isEqualTo(want[i].volume());
                }
            }
            assertThat(alive).as("cells of %d sites", want.length).isGreaterThan(0);
            assertThat(got3.cells()).containsExactly(got.cells());
            assertThat(got3.area()).containsExactly(got.area());
        }
    }

    @Test
    void aSourceWithAVertexOnNoFaceGivesTheOldClippersCells() {
        // the box with one extra vertex (its centre) that no face uses: the first cut must drop it as the old
        // clipper's compaction does, although that cut has a cap
        double[] v = BOX.vertices();
        double[] v2 = java.util.Arrays.copyOf(v, v.length + 3);
        ConvexPolytope source = ConvexPolytope.wrap(v2, BOX.faceStarts(), BOX.faceIndices(), BOX.planes());
        for (double[] sites : List.of(uniform(300, 21), new double[] {0.1, 0.2, 0.3}, new double[] {-1, 0, 0, 1, 0, 0})) {
            ConvexPolytope[] want = ClipperVoronoiCells.compute(source, sites);
            ConvexPolytope[] got = VoronoiCells.computeWithAdjacency(source, sites).cells();
            assertThat(got).hasSameSizeAs(want);
            for (int i = 0; i < want.length; i++) {
                assertThat(got[i]).as("%d sites, cell %d", want.length, i).isEqualTo(want[i]);
            }
        }
        // two sites: each cell is cut once and loses the unused vertex
        ConvexPolytope[] two = VoronoiCells.compute(source, new double[] {-1, 0, 0, 1, 0, 0});
        assertThat(two[0].vertexCount()).isEqualTo(8);
        assertThat(two[1].vertexCount()).isEqualTo(8);
    }

    @Test
    void sourcesWithAndWithoutThreeEdgesPerVertexGiveTheOldClippersCells() {
        // the edge-table cut takes a source whose every vertex has three edges (here the box with a corner cut off,
        // a template other than the box's); an octahedron (four edges per vertex) goes to the face-loop cut throughout
        ConvexPolytope cornerCut = dev.rubble.geometry.polytope.PolytopeClipper.clip(BOX, 1, 1, 1, 6.5, 1e-12);
        double[] ov = {5, 0, 0, -5, 0, 0, 0, 2, 0, 0, -2, 0, 0, 0, 1, 0, 0, -1};
        List<Integer> idx = new ArrayList<>();
        int[] fs = new int[9];
        int f = 0;
        for (int sx = 0; sx < 2; sx++) {
            for (int sy = 0; sy < 2; sy++) {
                for (int sz = 0; sz < 2; sz++) {
                    int x = sx, y = 2 + sy, z = 4 + sz;
                    // outward when the three signs' product is positive in this order, else reversed
                    boolean positive = ((sx + sy + sz) % 2) == 0;
                    idx.addAll(positive ? List.of(x, y, z) : List.of(x, z, y));
                    fs[++f] = idx.size();
                }
            }
        }
        ConvexPolytope octahedron = ConvexPolytope.fromFaces(ov, fs, idx.stream().mapToInt(Integer::intValue).toArray());
        for (ConvexPolytope source : List.of(cornerCut, octahedron)) {
            for (double[] sites : List.of(uniform(1500, 31), grid(6, 5, 4))) {
                ConvexPolytope[] want = ClipperVoronoiCells.compute(source, sites);
                VoronoiCells.Cells got = VoronoiCells.computeWithAdjacency(source, sites);
                assertThat(got.cells()).hasSameSizeAs(want);
                int alive = 0;
                for (int i = 0; i < want.length; i++) {
                    assertThat(got.cells()[i]).as("cell %d", i).isEqualTo(want[i]);
                    alive += want[i] == null ? 0 : 1;
                }
                assertThat(alive).isGreaterThan(sites.length / 3 / 10);
                assertThat(VoronoiCells.computeWithAdjacency(source, sites, 3).area())
                        .containsExactly(got.area());
            }
        }
    }

    @Test
    void theVolumeSumIsSkippedOnlyWhenTheBallInsideOutweighsRoundingAndTolerance() {
        // a cell of 1 m reach around a ball of 0.1 m: positive beyond doubt at a tolerance of 1e-11 m
        assertThat(CellClipper.volumeSurelyPositive(0.1, 1, 1e-11, 60)).isTrue();
        // a site on the box's face (no ball), a ball too thin for the tolerance, or for the rounding of many triangles
        assertThat(CellClipper.volumeSurelyPositive(0, 1, 1e-11, 60)).isFalse();
        assertThat(CellClipper.volumeSurelyPositive(-1e-3, 1, 1e-11, 60)).isFalse();
        assertThat(CellClipper.volumeSurelyPositive(1e-2, 1, 1e-3, 60)).isFalse();
        assertThat(CellClipper.volumeSurelyPositive(1e-3, 1, 0, 1_000_000)).isFalse();
        assertThat(CellClipper.volumeSurelyPositive(Double.NaN, 1, 1e-11, 60)).isFalse();
    }

    @Test
    void sharedFaceAreasAgreeFromBothSidesAndCloseTheSurface() {
        double[] sites = uniform(1500, 4);
        VoronoiCells.Cells c = VoronoiCells.computeWithAdjacency(BOX, sites);
        // each pair once, sorted, a < b, positive area
        for (int k = 0; k < c.a().length; k++) {
            assertThat(c.a()[k]).isLessThan(c.b()[k]);
            assertThat(c.area()[k]).isGreaterThanOrEqualTo(0);
            if (k > 0) {
                long prev = ((long) c.a()[k - 1] << 32) | c.b()[k - 1];
                long cur = ((long) c.a()[k] << 32) | c.b()[k];
                assertThat(cur).isGreaterThan(prev);
            }
        }
        // total cell surface = 2 × shared faces + the box's own surface (2(10·4 + 10·2 + 4·2) = 136 m²)
        double surface = 0;
        for (ConvexPolytope p : c.cells()) {
            surface += surface(p);
        }
        double shared = 0;
        for (double a : c.area()) {
            shared += a;
        }
        assertThat(surface).isCloseTo(2 * shared + 136, within(1e-9 * surface));
        // the shared face seen from cell b: the face of b on the bisector plane of (a, b) has the same area
        for (int k = 0; k < c.a().length; k += 7) {
            int a = c.a()[k], b = c.b()[k];
            double fromB = faceOnBisector(c.cells()[b], sites, b, a);
            assertThat(fromB).as("pair %d-%d", a, b).isCloseTo(c.area()[k], within(1e-9));
        }
    }

    /** Area of the face of {@code cell} (of site i) whose plane is the bisector with site j, 0 when none. */
    private static double faceOnBisector(ConvexPolytope cell, double[] s, int i, int j) {
        double nx = s[3 * j] - s[3 * i], ny = s[3 * j + 1] - s[3 * i + 1], nz = s[3 * j + 2] - s[3 * i + 2];
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double[] pl = cell.planes();
        double best = 0;
        for (int f = 0; f < cell.faceCount(); f++) {
            if (pl[4 * f] * nx / l + pl[4 * f + 1] * ny / l + pl[4 * f + 2] * nz / l > 1 - 1e-12) {
                best = faceArea(cell, f);
            }
        }
        return best;
    }

    private static double surface(ConvexPolytope p) {
        double s = 0;
        for (int f = 0; f < p.faceCount(); f++) {
            s += faceArea(p, f);
        }
        return s;
    }

    private static double faceArea(ConvexPolytope p, int f) {
        int[] fs = p.faceStarts();
        int[] fi = p.faceIndices();
        double[] v = p.vertices();
        double sx = 0, sy = 0, sz = 0;
        for (int k = fs[f]; k < fs[f + 1]; k++) {
            int a = 3 * fi[k], b = 3 * fi[k + 1 < fs[f + 1] ? k + 1 : fs[f]];
            sx += v[a + 1] * v[b + 2] - v[a + 2] * v[b + 1];
            sy += v[a + 2] * v[b] - v[a] * v[b + 2];
            sz += v[a] * v[b + 1] - v[a + 1] * v[b];
        }
        return 0.5 * Math.sqrt(sx * sx + sy * sy + sz * sz);
    }

    /**
     * Against voro++ (Debian package {@code voro++}, installed by .ci/run): the same neighbours and
     * face areas for 2 000 uniform sites in the box. voro++ drops no faces; Rubble drops faces
     * within the clipping tolerance (1e-12 × diagonal) of an edge, so pairs present on only one
     * side must have an area below 1e-9 m².
     */
    @Test
    void neighboursAndFaceAreasMatchVoroPlusPlus(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("voro++"), "voro++ is not installed (apt-get install voro++; .ci/run does it)");
        int n = 2000;
        double[] sites = uniform(n, 11);
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < n; i++) {
            in.append(String.format(Locale.ROOT, "%d %.17g %.17g %.17g%n", i, sites[3 * i], sites[3 * i + 1],
                    sites[3 * i + 2]));
        }
        Path f = dir.resolve("sites");
        Files.writeString(f, in, StandardCharsets.US_ASCII);
        Process p = new ProcessBuilder("voro++", "-c", "%i %n %f", "-5", "5", "-2", "2", "-1", "1", f.toString())
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();
        TreeMap<Long, Double> ref = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve("sites.vol"))) {
            String[] t = line.trim().split("\\s+");
            int i = Integer.parseInt(t[0]);
            int faces = (t.length - 1) / 2;
            for (int k = 0; k < faces; k++) {
                int j = Integer.parseInt(t[1 + k]);
                double area = Double.parseDouble(t[1 + faces + k]);
                if (j >= 0 && i < j) {
                    ref.put(((long) i << 32) | j, area);
                }
            }
        }
        VoronoiCells.Cells c = VoronoiCells.computeWithAdjacency(BOX, sites);
        TreeMap<Long, Double> got = new TreeMap<>();
        for (int k = 0; k < c.a().length; k++) {
            got.put(((long) c.a()[k] << 32) | c.b()[k], c.area()[k]);
        }
        List<String> onlyOne = new ArrayList<>();
        int matched = 0;
        for (var e : ref.entrySet()) {
            Double g = got.get(e.getKey());
            if (g == null) {
                assertThat(e.getValue()).as("voro++ face %s only", e.getKey()).isLessThan(1e-9);
                onlyOne.add("voro++ " + e.getKey());
            } else {
                // voro++ prints 6 significant digits
                assertThat(g).as("pair %d-%d", e.getKey() >>> 32, (int) (long) e.getKey())
                        .isCloseTo(e.getValue(), within(1e-5 * Math.max(e.getValue(), 1e-3)));
                matched++;
            }
        }
        for (var e : got.entrySet()) {
            if (!ref.containsKey(e.getKey())) {
                assertThat(e.getValue()).as("Rubble face %s only", e.getKey()).isLessThan(1e-9);
                onlyOne.add("rubble " + e.getKey());
            }
        }
        assertThat(matched).isGreaterThan(6 * n);
        assertThat(onlyOne.size()).isLessThan(n / 100);
    }

    private static boolean onPath(String exe) throws IOException {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, exe))) {
                return true;
            }
        }
        return false;
    }
}
