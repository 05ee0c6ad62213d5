package dev.rubble.geometry.polytope;

import dev.rubble.spi.geom.ConvexPolytope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class PolytopeClipperTest {

    @Test
    void boxHasAnalyticMassProperties() {
        ConvexPolytope b = ConvexPolytope.box(1, 2, 3, 1, 0.5, 0.25);
        assertThat(b.vertexCount()).isEqualTo(8);
        assertThat(b.faceCount()).isEqualTo(6);
        assertThat(b.volume()).isCloseTo(2 * 1 * 0.5, within(1e-14));
        assertThat(b.centroid(0)).isCloseTo(1, within(1e-14));
        assertThat(b.centroid(1)).isCloseTo(2, within(1e-14));
        assertThat(b.centroid(2)).isCloseTo(3, within(1e-14));
        double m = b.volume();
        double[] i = b.inertia();
        // solid box: Ixx = m (b² + c²) / 12 with full side lengths a=2, b=1, c=0.5
        assertThat(i[0]).isCloseTo(m * (1 + 0.25) / 12, within(1e-13));
        assertThat(i[1]).isCloseTo(m * (4 + 0.25) / 12, within(1e-13));
        assertThat(i[2]).isCloseTo(m * (4 + 1) / 12, within(1e-13));
        assertThat(i[3]).isCloseTo(0, within(1e-13));
        assertThat(i[4]).isCloseTo(0, within(1e-13));
        assertThat(i[5]).isCloseTo(0, within(1e-13));
        // outward planes
        for (int f = 0; f < 6; f++) {
            double s = b.plane(f, 0) * 1 + b.plane(f, 1) * 2 + b.plane(f, 2) * 3 - b.plane(f, 3);
            assertThat(s).isNegative();
        }
    }

    @Test
    void clippingACubeByADiagonalPlaneGivesAPrismWithHalfTheVolume() {
        ConvexPolytope cube = ConvexPolytope.box(0, 0, 0, 1, 1, 1);
        ConvexPolytope half = PolytopeClipper.clip(cube, 1, 1, 0, 0, 1e-12);
        assertThat(half.volume()).isCloseTo(4, within(1e-12));
        assertThat(half.faceCount()).isEqualTo(5);
        assertThat(half.vertexCount()).isEqualTo(6);
        // centroid of the triangular prism: (x,y) centroid of triangle (-1,-1),(1,-1),(-1,1)
        assertThat(half.centroid(0)).isCloseTo(-1.0 / 3, within(1e-12));
        assertThat(half.centroid(1)).isCloseTo(-1.0 / 3, within(1e-12));
    }

    @Test
    void cornerCutIsATetrahedronWithAnalyticVolumeAndBothSidesSumToTheWhole() {
        ConvexPolytope cube = ConvexPolytope.box(0.5, 0.5, 0.5, 0.5, 0.5, 0.5);
        ConvexPolytope tet = PolytopeClipper.clip(cube, 1, 1, 1, 0.5, 1e-12);
        ConvexPolytope rest = PolytopeClipper.clip(cube, -1, -1, -1, -0.5, 1e-12);
        // corner tetrahedron with legs 0.5: volume 0.5³/6
        assertThat(tet.volume()).isCloseTo(0.125 / 6, within(1e-15));
        assertThat(tet.vertexCount()).isEqualTo(4);
        assertThat(tet.faceCount()).isEqualTo(4);
        assertThat(rest.volume() + tet.volume()).isCloseTo(1, within(1e-14));
        assertThat(rest.faceCount()).isEqualTo(7);
    }

    @Test
    void clipEdgeCases() {
        ConvexPolytope cube = ConvexPolytope.box(0, 0, 0, 1, 1, 1);
        assertThat(PolytopeClipper.clip(cube, 1, 0, 0, 5, 1e-12)).isSameAs(cube);
        assertThat(PolytopeClipper.clip(cube, 1, 0, 0, -5, 1e-12)).isNull();
        // touching a face from outside: nothing strictly inside
        assertThat(PolytopeClipper.clip(cube, 1, 0, 0, -1, 1e-12)).isNull();
        // plane through a face: unchanged
        assertThat(PolytopeClipper.clip(cube, 1, 0, 0, 1, 1e-12)).isSameAs(cube);
        // a plane within the tolerance of the vertices keeps them unmoved
        assertThat(PolytopeClipper.clip(cube, 1, 0, 0, 1 - 1e-14, 1e-12)).isSameAs(cube);
        assertThatThrownBy(() -> PolytopeClipper.clip(cube, 0, 0, 0, 1, 1e-12)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-zero normal");
        assertThatThrownBy(() -> ConvexPolytope.box(0, 0, 0, -1, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hx = -1.0");
    }

    @Test
    void randomClipsKeepVolumeAndInertiaConsistentWithMonteCarloAndComplement() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 50; trial++) {
            ConvexPolytope p = ConvexPolytope.box(0, 0, 0, 1, 2, 3);
            for (int c = 0; c < 6; c++) {
                double nx = rnd.nextDouble() * 2 - 1, ny = rnd.nextDouble() * 2 - 1, nz = rnd.nextDouble() * 2 - 1;
                double d = rnd.nextDouble() * 0.5;
                ConvexPolytope in = PolytopeClipper.clip(p, nx, ny, nz, d, 1e-12);
                ConvexPolytope out = PolytopeClipper.clip(p, -nx, -ny, -nz, -d, 1e-12);
                double vin = in == null ? 0 : in.volume();
                double vout = out == null ? 0 : out.volume();
                assertThat(vin + vout).isCloseTo(p.volume(), within(1e-12 * p.volume()));
                if (in != null) {
                    p = in;
                }
            }
            // every face loop is counter-clockwise from outside: its Newell normal matches the plane
            for (int f = 0; f < p.faceCount(); f++) {
                for (int k = 0; k < p.faceSize(f); k++) {
                    int vi = p.faceVertex(f, k);
                    double s = p.plane(f, 0) * p.vertex(vi, 0) + p.plane(f, 1) * p.vertex(vi, 1)
                            + p.plane(f, 2) * p.vertex(vi, 2) - p.plane(f, 3);
                    assertThat(s).isCloseTo(0, within(1e-9));
                }
            }
            // Monte Carlo volume against the exact value (3 sigma generous bound)
            double[] b = p.bounds();
            double boxV = (b[3] - b[0]) * (b[4] - b[1]) * (b[5] - b[2]);
            int hits = 0, samples = 20000;
            for (int s = 0; s < samples; s++) {
                double x = b[0] + rnd.nextDouble() * (b[3] - b[0]);
                double y = b[1] + rnd.nextDouble() * (b[4] - b[1]);
                double z = b[2] + rnd.nextDouble() * (b[5] - b[2]);
                if (p.planeDistance(x, y, z) <= 0) {
                    hits++;
                }
            }
            double est = boxV * hits / samples;
            assertThat(est).isCloseTo(p.volume(), within(0.05 * boxV));
        }
    }
}
