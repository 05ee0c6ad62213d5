package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scattered cutter meshes: the inside of each cutter becomes a piece, the rest stays whole; volumes exact. */
final class MeshCuttersTest {
    /** The face planes of an axis-aligned cube cutter of half size h centred at (x, y, z). */
    static double[] cube(double h, double x, double y, double z) {
        return new double[] {1, 0, 0, x + h, -1, 0, 0, -(x - h), 0, 1, 0, y + h, 0, -1, 0, -(y - h), 0, 0, 1, z + h, 0, 0, -1,
            -(z - h)};
    }

    static double[] volumes(List<TriMesh> pieces) {
        double[] v = pieces.stream().mapToDouble(TriMesh::volume).toArray();
        Arrays.sort(v);
        return v;
    }

    static void assertClosed(List<TriMesh> pieces) {
        for (TriMesh p : pieces) {
            assertThat(MeshCheck.manifoldProblem(p)).as("piece %s", p).isNull();
            assertThat(p.volume()).isPositive();
        }
    }

    @Test
    void aCubeCutterAtACornerBitesOutItsOverlapAndLeavesTheRestInOnePiece() {
        TriMesh box = TestMeshes.box(2, 2, 2); // [0, 2]^3
        List<TriMesh> pieces = MeshCutters.cut(box, List.of(cube(0.5, 2, 2, 2)), MeshNoise.NONE);
        assertThat(pieces).hasSize(2);
        assertClosed(pieces);
        double[] v = volumes(pieces);
        assertThat(v[0]).isCloseTo(0.125, within(1e-12));
        assertThat(v[1]).isCloseTo(8 - 0.125, within(1e-12));
        // the rest has cut faces only where the cutter's faces are: 3 quarter-faces of 0.5 x 0.5
        TriMesh rest = pieces.get(0).volume() > 1 ? pieces.get(0) : pieces.get(1);
        assertThat(rest.insideArea()).isCloseTo(3 * 0.25, within(1e-12));
    }

    @Test
    void overlappingCuttersSplitEachOthersPieces() {
        TriMesh bar = TestMeshes.box(4, 2, 2); // [0, 4] x [0, 2] x [0, 2]
        // C1 = [1.5, 2.5] x [0.5, 1.5] x [0.5, 1.5]; C2 = [2.1, 2.9] x [0.65, 1.45] x [0.55, 1.35] (no face on C1's planes)
        double[] c2 = cube(0.4, 2.5, 1.05, 0.95);
        List<TriMesh> pieces = MeshCutters.cut(bar, List.of(cube(0.5, 2, 1, 1), c2), MeshNoise.NONE);
        assertClosed(pieces);
        // C1 ∩ C2 = 0.4 x 0.8 x 0.8 = 0.256; C1 - C2 = 1 - 0.256; C2 - C1 = 0.512 - 0.256; the rest 16 - 1 - 0.256
        assertThat(volumes(pieces)).containsExactly(new double[] {0.256, 0.256, 0.744, 14.744}, within(1e-12));
    }

    @Test
    void aCutterWhoseFacesLieOnEarlierCutsKeepsTheVolumeAndClosedPieces() {
        // degenerate: C2 shares C1's y and z planes exactly; the rest may stay split along them
        TriMesh bar = TestMeshes.box(4, 2, 2);
        List<TriMesh> pieces = MeshCutters.cut(bar, List.of(cube(0.5, 2, 1, 1), cube(0.5, 2.5, 1, 1)), MeshNoise.NONE);
        assertClosed(pieces);
        assertThat(pieces.stream().mapToDouble(TriMesh::volume).sum()).isCloseTo(16, within(1e-12));
        assertThat(pieces.size()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aCutterInsideThePieceLeavesTheRestWithACavity() {
        TriMesh box = TestMeshes.box(2, 2, 2);
        List<TriMesh> pieces = MeshCutters.cut(box, List.of(cube(0.25, 1, 1, 1)), MeshNoise.NONE);
        assertThat(pieces).hasSize(2);
        assertClosed(pieces);
        assertThat(volumes(pieces)).containsExactly(new double[] {0.125, 8 - 0.125}, within(1e-12));
    }

    @Test
    void aCutterThatMissesLeavesThePieceAsItIs() {
        TriMesh box = TestMeshes.box(2, 2, 2);
        List<TriMesh> pieces = MeshCutters.cut(box, List.of(cube(0.5, 5, 5, 5)), MeshNoise.NONE);
        assertThat(pieces).containsExactly(box);
    }

    @Test
    void scatteredIcosahedraCutTheTorusIntoClosedPiecesThatKeepItsVolumeTheSameForTheSameSeed() {
        TriMesh torus = TestMeshes.torus(1, 0.3, 48, 24);
        double[] ico = MeshCutters.planesOf(MeshCutters.icosahedron());
        assertThat(ico).hasSize(4 * 20);
        List<double[]> placed = MeshCutters.scatter(torus, ico, 6, 0.25, 0.4, 7);
        List<TriMesh> pieces = MeshCutters.cut(torus, placed, MeshNoise.NONE);
        assertThat(pieces.size()).isGreaterThanOrEqualTo(7);
        assertClosed(pieces);
        double total = pieces.stream().mapToDouble(TriMesh::volume).sum();
        assertThat(Math.abs(total - torus.volume()) / torus.volume()).isLessThan(1e-9);
        List<TriMesh> again = MeshCutters.cut(torus, MeshCutters.scatter(torus, ico, 6, 0.25, 0.4, 7), MeshNoise.NONE);
        assertThat(again).hasSize(pieces.size());
        for (int i = 0; i < pieces.size(); i++) {
            assertThat(again.get(i).positions()).isEqualTo(pieces.get(i).positions());
        }
        // each placement's scale lies in the range: the distance of the faces from the centre is scale * inradius
        double inradius = ico[3];
        for (double[] c : placed) {
            double[] centre = new double[3];
            // the centre is where opposite faces' offsets meet: (d_f + d_g) / 2 along n_f for the pair n_g = -n_f
            for (int f = 0; f < c.length; f += 4) {
                for (int g = 0; g < c.length; g += 4) {
                    if (Math.abs(c[f] + c[g]) + Math.abs(c[f + 1] + c[g + 1]) + Math.abs(c[f + 2] + c[g + 2]) < 1e-9) {
                        double half = 0.5 * (c[f + 3] + c[g + 3]);
                        assertThat(half / inradius).isBetween(0.25 - 1e-9, 0.4 + 1e-9);
                    }
                }
            }
        }
    }

    @Test
    void noisyCuttersKeepTheVolumeAndClosedPieces() {
        TriMesh box = TestMeshes.box(2, 2, 2);
        List<TriMesh> pieces = MeshCutters.cut(box, List.of(cube(0.6, 2, 1, 1)), new MeshNoise(0.05, 2, 2, 0.05, 3));
        assertClosed(pieces);
        assertThat(pieces).hasSize(2);
        double total = pieces.stream().mapToDouble(TriMesh::volume).sum();
        assertThat(total).isCloseTo(8, within(1e-9));
        // noise moved the bite away from the flat 0.6 x 1.2 x 1.2 / ... but only by the noise: within 0.05 m of each face
        double bite = volumes(pieces)[0];
        assertThat(bite).isNotCloseTo(0.6 * 1.2 * 1.2, within(1e-6)).isCloseTo(0.6 * 1.2 * 1.2, within(0.05 * 4 * 1.44));
    }

    @Test
    void aNonConvexCutterIsRefused() {
        assertThatThrownBy(() -> MeshCutters.planesOf(TestMeshes.lBlock(1)))
                .isInstanceOf(MeshException.class).hasMessageContaining("not convex");
    }
}
