package dev.rubble.core.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftBodyStore;
import dev.rubble.core.soft.SoftMaterial;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.soft.cage.CageSource;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.render.FrameBuffer;
import org.junit.jupiter.api.Test;

/** The frame builder's soft meshes: skinned vertices and normals recomputed from the deformed mesh. */
final class SoftFrameTest {
    static final double X = 1, Y = 2, Z = -0.5;

    private static World worldWithBlock(Cage c) {
        World w = World.create(WorldSettings.defaults(), Stages.load());
        w.softBodies().store().add(c, SoftMaterial.rubber(), X, Y, Z, 0, 0, 0, 1, 0, 0, 0, "block");
        return w;
    }

    private static Cage cage() {
        CageSource src = CageSource.box(0.5, 0.25, 0.5);
        return CageBuilder.build(src.vertices(), src.indices(), 500, 0.2, 1);
    }

    @Test
    void anUndeformedCageGivesTheRestMeshAndItsControlPoints() {
        Cage c = cage();
        World w = worldWithBlock(c);
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        assertThat(f.softMeshCount()).isEqualTo(1);
        assertThat(f.softMeshTriangleCount(0)).isEqualTo(c.meshTriangleCount()).isEqualTo(12);
        assertThat(f.softPointCount()).isEqualTo(c.pointCount());
        double[] rest = c.skinVertices();
        for (int v = 0; v < c.skinVertexCount(); v++) {
            assertThat(f.softVertex(v, 0)).isCloseTo(rest[3 * v] + X, within(1e-12));
            assertThat(f.softVertex(v, 1)).isCloseTo(rest[3 * v + 1] + Y, within(1e-12));
            assertThat(f.softVertex(v, 2)).isCloseTo(rest[3 * v + 2] + Z, within(1e-12));
        }
        for (int t = 0; t < 12; t++) {
            for (int k = 0; k < 3; k++) {
                assertThat(f.softTriangleVertex(t, k)).isEqualTo(c.meshIndices()[3 * t + k]);
            }
        }
        // a box corner's normal points out of the box: every component has the corner's sign
        for (int v = 0; v < c.skinVertexCount(); v++) {
            for (int a = 0; a < 3; a++) {
                assertThat(Math.signum(f.softNormal(v, a))).isEqualTo(Math.signum(rest[3 * v + a]));
            }
        }
    }

    /**
     * An affine deformation x → A x + t of the whole cage moves every skinned vertex by the same
     * map (barycentric weights sum to 1), and every triangle's area vector by the cofactor matrix
     * of A; so each recomputed vertex normal must be cof(A) times the rest mesh's summed area
     * vectors, normalised. The rest sums are computed here by brute force over the rest mesh.
     */
    @Test
    void aDeformedCageRecomputesNormalsAsTheDeformationPredicts() {
        Cage c = cage();
        World w = worldWithBlock(c);
        SoftBodyStore st = w.softBodies().store();
        double[][] a = {{1.0, 0.4, 0.0}, {0.0, 0.5, 0.0}, {0.1, 0.0, 1.2}}; // squash in y, shear
        for (int i = 0; i < st.state.points; i++) {
            double px = st.state.x[3 * i] - X, py = st.state.x[3 * i + 1] - Y, pz = st.state.x[3 * i + 2] - Z;
            for (int r = 0; r < 3; r++) {
                st.state.x[3 * i + r] = a[r][0] * px + a[r][1] * py + a[r][2] * pz + (r == 0 ? X : r == 1 ? Y : Z);
            }
        }
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        double[] rest = c.skinVertices();
        int[] idx = c.meshIndices();
        double[][] cof = new double[3][3];
        for (int r = 0; r < 3; r++) {
            for (int k = 0; k < 3; k++) {
                int r1 = (r + 1) % 3, r2 = (r + 2) % 3, k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                cof[r][k] = a[r1][k1] * a[r2][k2] - a[r1][k2] * a[r2][k1];
            }
        }
        boolean changed = false;
        for (int v = 0; v < c.skinVertexCount(); v++) {
            double[] sum = new double[3];
            for (int t = 0; t < idx.length; t += 3) {
                if (idx[t] != v && idx[t + 1] != v && idx[t + 2] != v) {
                    continue;
                }
                double[] p0 = at(rest, idx[t]), p1 = at(rest, idx[t + 1]), p2 = at(rest, idx[t + 2]);
                double[] u = {p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]}, q = {p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]};
                sum[0] += u[1] * q[2] - u[2] * q[1];
                sum[1] += u[2] * q[0] - u[0] * q[2];
                sum[2] += u[0] * q[1] - u[1] * q[0];
            }
            double[] e = new double[3];
            for (int r = 0; r < 3; r++) {
                e[r] = cof[r][0] * sum[0] + cof[r][1] * sum[1] + cof[r][2] * sum[2];
            }
            double len = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
            double restLen = Math.sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
            for (int r = 0; r < 3; r++) {
                assertThat(f.softNormal(v, r)).as("vertex %d axis %d", v, r).isCloseTo(e[r] / len, within(1e-9));
                changed |= Math.abs(e[r] / len - sum[r] / restLen) > 0.05;
            }
            // and the vertex itself is A x + t
            double[] p = at(rest, v);
            for (int r = 0; r < 3; r++) {
                double expect = a[r][0] * p[0] + a[r][1] * p[1] + a[r][2] * p[2] + (r == 0 ? X : r == 1 ? Y : Z);
                assertThat(f.softVertex(v, r)).isCloseTo(expect, within(1e-9));
            }
        }
        assertThat(changed).as("the deformation turns the normals").isTrue();
    }

    @Test
    void aWorldWithoutSoftBodiesAddsNothing() {
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(World.create(WorldSettings.defaults(), Stages.load()), f);
        assertThat(f.softMeshCount()).isZero();
        assertThat(f.softPointCount()).isZero();
    }

    private static double[] at(double[] xyz, int i) {
        return new double[] {xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]};
    }
}
