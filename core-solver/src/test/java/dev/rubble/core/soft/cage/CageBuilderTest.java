package dev.rubble.core.soft.cage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class CageBuilderTest {

    /** Corners of a box plus seeded points inside it: the model whose hull is the box. */
    static double[] boxModel(double hx, double hy, double hz, int inside, long seed) {
        double[] p = new double[3 * (8 + inside)];
        int k = 0;
        for (int i = 0; i < 8; i++) {
            p[k++] = (i & 1) == 0 ? -hx : hx;
            p[k++] = (i & 2) == 0 ? -hy : hy;
            p[k++] = (i & 4) == 0 ? -hz : hz;
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < inside; i++) {
            p[k++] = (2 * r.nextDouble() - 1) * hx;
            p[k++] = (2 * r.nextDouble() - 1) * hy;
            p[k++] = (2 * r.nextDouble() - 1) * hz;
        }
        return p;
    }

    @Test
    void boxCageFillsTheBoxWithPositiveTetsAndItsSurfaceIsTheBoxSurface() {
        double hx = 1, hy = 0.5, hz = 0.25, density = 500;
        Cage c = CageBuilder.build(boxModel(hx, hy, hz, 20, 1), new int[0], density, 0.2, 7);
        double volume = 0;
        for (int t = 0; t < c.tetCount(); t++) {
            assertThat(c.tetVolume(t)).as("tet %d", t).isPositive();
            volume += c.tetVolume(t);
        }
        double boxVolume = 8 * hx * hy * hz;
        assertThat(volume).isCloseTo(boxVolume, within(1e-9 * boxVolume));
        assertThat(c.mass()).isCloseTo(density * boxVolume, within(1e-9 * density * boxVolume));
        assertThat(c.tetCount()).isGreaterThan(100); // the spacing added resolution
        // every surface triangle lies in one face of the box; together they cover its area
        double area = 0;
        double[] p = c.points();
        for (int s = 0; s < c.surfaceCount(); s++) {
            int a = c.surface()[3 * s], b = c.surface()[3 * s + 1], d = c.surface()[3 * s + 2];
            boolean onFace = false;
            double[] half = {hx, hy, hz};
            for (int axis = 0; axis < 3 && !onFace; axis++) {
                for (double sign : new double[] {-1, 1}) {
                    double plane = sign * half[axis];
                    if (Math.abs(p[3 * a + axis] - plane) < 1e-9 && Math.abs(p[3 * b + axis] - plane) < 1e-9
                            && Math.abs(p[3 * d + axis] - plane) < 1e-9) {
                        onFace = true;
                        // wound counter-clockwise from outside: the normal points along sign * axis
                        double[] n = cross(p, a, b, d);
                        assertThat(n[axis] * sign).as("triangle %d faces outward", s).isPositive();
                        area += 0.5 * Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
                    }
                }
            }
            assertThat(onFace).as("surface triangle %d lies on a box face", s).isTrue();
        }
        double boxArea = 8 * (hx * hy + hy * hz + hx * hz);
        assertThat(area).isCloseTo(boxArea, within(1e-9 * boxArea));
    }

    @Test
    void buildingTwiceGivesTheSameCageBitForBit() {
        double[] model = boxModel(0.5, 0.5, 0.5, 30, 3);
        Cage a = CageBuilder.build(model, new int[0], 1000, 0.15, 11);
        Cage b = CageBuilder.build(model, new int[0], 1000, 0.15, 11);
        assertThat(CageFile.toBytes(a)).isEqualTo(CageFile.toBytes(b));
    }

    @Test
    void skinnedVerticesOfAnUndeformedCageReproduceTheRestMesh() {
        double[] model = boxModel(0.6, 0.4, 0.3, 200, 5);
        Cage c = CageBuilder.build(model, new int[0], 1000, 0.2, 1);
        double[] out = new double[model.length];
        Skinning.positions(c.points(), 0, c.skinPoints(), c.skinWeights(), out);
        for (int i = 0; i < model.length; i++) {
            assertThat(out[i]).as("coordinate %d", i).isCloseTo(model[i], within(1e-12));
        }
        // weights of a vertex inside are barycentric: non-negative (up to rounding) and sum to 1
        for (int v = 0; v < model.length / 3; v++) {
            double sum = 0;
            for (int k = 0; k < 4; k++) {
                assertThat(c.skinWeights()[4 * v + k]).isGreaterThan(-1e-9);
                sum += c.skinWeights()[4 * v + k];
            }
            assertThat(sum).isCloseTo(1, within(1e-12));
        }
    }

    @Test
    void aVertexOutsideTheCageBindsToTheNearestTetAndStillReproduces() {
        double[] pts = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        int[] tets = {0, 1, 2, 3};
        double[] outside = {0.2, 0.2, -0.5};
        int[] sp = new int[4];
        double[] sw = new double[4];
        CageBuilder.bind(pts, tets, outside, sp, sw);
        // barycentric coordinates by hand: p = a + 0.2 (b-a) + 0.2 (c-a) - 0.5 (d-a)
        assertThat(sw).containsExactly(new double[] {1.1, 0.2, 0.2, -0.5}, within(1e-12));
        double[] out = new double[3];
        Skinning.positions(pts, 0, sp, sw, out);
        assertThat(out).containsExactly(outside, within(1e-12));
    }

    @Test
    void normalsOfAFlatSquareFaceUp() {
        double[] v = {0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1};
        int[] tri = {0, 3, 2, 0, 2, 1};
        double[] n = new double[12];
        Skinning.normals(v, tri, n);
        for (int i = 0; i < 4; i++) {
            assertThat(n[3 * i + 1]).isCloseTo(1, within(1e-12));
        }
    }

    @Test
    void degenerateHullAndBadDensityAreRejectedWithTheirValues() {
        double[] flat = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5, 0.5, 0};
        assertThatThrownBy(() -> CageBuilder.build(flat, new int[0], 1000, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("degenerate hull");
        assertThatThrownBy(() -> CageBuilder.build(boxModel(1, 1, 1, 0, 1), new int[0], -5, 0, 1))
                .hasMessageContaining("density = -5.0");
    }

    private static double[] cross(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        return new double[] {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    }
}
