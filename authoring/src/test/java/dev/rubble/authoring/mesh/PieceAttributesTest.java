package dev.rubble.authoring.mesh;

import static dev.rubble.authoring.mesh.MeshFractureTest.method;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.geom.ConvexPolytope;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source's texture coordinates and normals survive every cutter on the outer surface (and
 * through a .glb), cut faces carry the inside material: a box whose texture coordinates are a
 * linear function of position, (x/2 + 0.1 z, y + 0.3 z), must show that same function at every
 * outer corner of every piece, and the face normal of the source face it lies on.
 */
final class PieceAttributesTest {
    @BeforeAll
    static void load() {
        MeshFractureTest.load();
    }

    static double u(double x, double y, double z) {
        return x / 2 + 0.1 * z;
    }

    static double v(double x, double y, double z) {
        return y + 0.3 * z;
    }

    /** A 2 x 1 x 1 box with linear texture coordinates and face normals per corner. */
    static TriMesh texturedBox() {
        TriMesh b = TestMeshes.box(2, 1, 1);
        int nt = b.triangleCount();
        double[] uv = new double[6 * nt];
        double[] nrm = new double[9 * nt];
        double[] f = new double[3];
        for (int t = 0; t < nt; t++) {
            TriMesh.faceNormal(b.pos, b.tri[3 * t], b.tri[3 * t + 1], b.tri[3 * t + 2], f);
            for (int k = 0; k < 3; k++) {
                int p = b.tri[3 * t + k];
                double x = b.pos[3 * p], y = b.pos[3 * p + 1], z = b.pos[3 * p + 2];
                uv[6 * t + 2 * k] = u(x, y, z);
                uv[6 * t + 2 * k + 1] = v(x, y, z);
                System.arraycopy(f, 0, nrm, 9 * t + 3 * k, 3);
            }
        }
        double[] planes = new double[4 * nt];
        java.util.Arrays.fill(planes, Double.NaN);
        return TriMesh.restore(b.positions(), b.triangles(), nrm, uv, new byte[nt], planes);
    }

    /** Outer corners: the source's texture function and face normal; returns the outer triangles checked. */
    static int assertOuterAttributes(List<TriMesh> pieces) {
        int checked = 0, inside = 0;
        double[] f = new double[3];
        for (TriMesh p : pieces) {
            for (int t = 0; t < p.triangleCount(); t++) {
                if (p.material(t) == TriMesh.INSIDE) {
                    inside++;
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    int c = p.index(t, k);
                    double x = p.vertex(c, 0), y = p.vertex(c, 1), z = p.vertex(c, 2);
                    assertThat(Math.abs(p.uv(t, k, 0) - u(x, y, z))).as("u at (%s, %s, %s)", x, y, z).isLessThan(1e-12);
                    assertThat(Math.abs(p.uv(t, k, 1) - v(x, y, z))).as("v at (%s, %s, %s)", x, y, z).isLessThan(1e-12);
                }
                if (p.area(t) > 1e-9) {
                    TriMesh.faceNormal(p.pos, p.tri[3 * t], p.tri[3 * t + 1], p.tri[3 * t + 2], f);
                    for (int k = 0; k < 3; k++) {
                        double dot = f[0] * p.normal(t, k, 0) + f[1] * p.normal(t, k, 1) + f[2] * p.normal(t, k, 2);
                        assertThat(dot).isGreaterThan(1 - 1e-9);
                    }
                    checked++;
                }
            }
        }
        assertThat(inside).isPositive();
        return checked;
    }

    @Test
    void everyCutterKeepsTheSourcesTextureCoordinatesAndNormalsOnTheOuterSurface() {
        TriMesh box = texturedBox();
        ConvexPolytope b = MeshFracture.boundingBox(box, MeshFracture.margin(box, 0));
        List<ConvexPolytope> cells = method("voronoi", Map.of("count", 8)).fracture(b, 2);
        MeshNoise noise = new MeshNoise(0.03, 2, 2, 0.05, 1);
        assertThat(assertOuterAttributes(MeshFracture.cut(box, cells, 0))).isGreaterThan(20);
        assertThat(assertOuterAttributes(MeshFracture.cut(box, cells, 0, noise))).isGreaterThan(20);
        assertThat(assertOuterAttributes(MeshCutter.planes(box, new double[] {1, 0.2, 0, 1, 0, 1, 0.3, 0.5}, noise, 0)))
                .isGreaterThan(10);
        List<double[]> cutters = MeshCutters.scatter(box, MeshCutters.planesOf(MeshCutters.icosahedron()), 3, 0.3, 0.5, 4);
        assertThat(assertOuterAttributes(MeshCutters.cut(box, cutters, MeshNoise.NONE))).isGreaterThan(10);
    }

    @Test
    void aGlbOfThePiecesReadsBackWithTheSameOuterTextureCoordinates(@TempDir Path dir) throws Exception {
        TriMesh box = texturedBox();
        ConvexPolytope b = MeshFracture.boundingBox(box, MeshFracture.margin(box, 0));
        List<TriMesh> pieces = MeshFracture.cut(box, method("voronoi", Map.of("count", 3)).fracture(b, 5), 0);
        for (int i = 0; i < pieces.size(); i++) {
            Path f = dir.resolve("p" + i + ".glb");
            try (OutputStream os = Files.newOutputStream(f)) {
                MeshGlbWriter.write(List.of(pieces.get(i)), new int[] {i}, os);
            }
            TriMesh back = MeshReader.read(f);
            // every outer corner of the piece is in the file with its texture coordinates (glTF stores floats)
            TriMesh p = pieces.get(i);
            int outer = 0;
            for (int t = 0; t < p.triangleCount(); t++) {
                if (p.material(t) != TriMesh.OUTSIDE) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    int c = p.index(t, k);
                    boolean found = false;
                    for (int s2 = 0; s2 < back.triangleCount() && !found; s2++) {
                        for (int q = 0; q < 3 && !found; q++) {
                            int d = back.index(s2, q);
                            found = Math.abs(back.vertex(d, 0) - p.vertex(c, 0)) < 1e-6
                                    && Math.abs(back.vertex(d, 1) - p.vertex(c, 1)) < 1e-6
                                    && Math.abs(back.vertex(d, 2) - p.vertex(c, 2)) < 1e-6
                                    && Math.abs(back.uv(s2, q, 0) - p.uv(t, k, 0)) < 1e-6
                                    && Math.abs(back.uv(s2, q, 1) - p.uv(t, k, 1)) < 1e-6;
                        }
                    }
                    assertThat(found).as("outer corner %d of piece %d with its uv", c, i).isTrue();
                    outer++;
                }
            }
            assertThat(outer).isPositive();
        }
    }
}
