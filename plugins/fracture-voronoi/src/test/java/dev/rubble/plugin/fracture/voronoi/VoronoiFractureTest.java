package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class VoronoiFractureTest {
    private static final ConvexPolytope BOX = ConvexPolytope.box(0.5, -1, 2, 2, 1, 0.5);

    private static FractureMethod voronoi(Map<String, ?> opts) {
        return new VoronoiPlugin().fractureMethods().iterator().next().create(StageConfig.of(opts));
    }

    private static double sum(List<ConvexPolytope> ps) {
        double s = 0;
        for (ConvexPolytope p : ps) {
            s += p.volume();
        }
        return s;
    }

    /** Random points lie in exactly one piece, and each piece is the brute-force nearest-site region. */
    private static void assertPartition(List<ConvexPolytope> pieces, ConvexPolytope source, long seed) {
        // convex: every vertex of a piece lies on or inside all of its face planes, and inside the source
        for (ConvexPolytope p : pieces) {
            assertThat(p.volume()).isPositive();
            for (int v = 0; v < p.vertexCount(); v++) {
                assertThat(p.planeDistance(p.vertex(v, 0), p.vertex(v, 1), p.vertex(v, 2))).isLessThanOrEqualTo(1e-9);
                assertThat(source.planeDistance(p.vertex(v, 0), p.vertex(v, 1), p.vertex(v, 2))).isLessThanOrEqualTo(1e-9);
            }
        }
        double[] b = source.bounds();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int s = 0; s < 3000; s++) {
            double x = b[0] + rnd.nextDouble() * (b[3] - b[0]);
            double y = b[1] + rnd.nextDouble() * (b[4] - b[1]);
            double z = b[2] + rnd.nextDouble() * (b[5] - b[2]);
            if (source.planeDistance(x, y, z) > 0) {
                continue;
            }
            int in = 0;
            for (ConvexPolytope p : pieces) {
                if (p.planeDistance(x, y, z) <= 0) {
                    in++;
                }
            }
            assertThat(in).as("pieces containing (%s, %s, %s)", x, y, z).isEqualTo(1);
        }
    }

    @Test
    void uniformCellsPartitionTheBoxAndMatchBruteForceNearestSite() {
        VoronoiFracture m = new VoronoiFracture(StageConfig.of(Map.of("count", 60)));
        List<ConvexPolytope> pieces = m.fracture(BOX, 11);
        double[] sites = m.sites(BOX, 11);
        assertThat(pieces).hasSize(60);
        assertThat(sum(pieces)).isCloseTo(BOX.volume(), within(1e-9 * BOX.volume()));
        assertPartition(pieces, BOX, 5);
        // piece i contains exactly the points whose nearest site is i (brute force)
        SplittableRandom rnd = new SplittableRandom(9);
        for (int s = 0; s < 2000; s++) {
            double x = -1.5 + 4 * rnd.nextDouble(), y = -2 + 2 * rnd.nextDouble(), z = 1.5 + rnd.nextDouble();
            int best = -1;
            double bd = Double.POSITIVE_INFINITY;
            for (int i = 0; i < 60; i++) {
                double d = sq(sites[3 * i] - x) + sq(sites[3 * i + 1] - y) + sq(sites[3 * i + 2] - z);
                if (d < bd) {
                    bd = d;
                    best = i;
                }
            }
            assertThat(pieces.get(best).planeDistance(x, y, z)).isLessThanOrEqualTo(1e-12);
        }
    }

    @Test
    void everyDistributionSumsToTheSourceVolumeAndIsDisjoint() {
        List<Map<String, ?>> configs = List.of(
                Map.of("sites", "radial", "radius", 1.5),
                // exactly cocircular sites (no jitter) are still cut consistently
                Map.of("sites", "radial", "radius", 0.9, "jitter", 0.0, "rings", 4, "angles", 8),
                Map.of("sites", "radial", "rings", 3, "angles", 7, "exponent", 2.0, "angleOffset", 10.0),
                Map.of("sites", "clustered"),
                Map.of("sites", "custom", "points", "0 -1 2; 1 -1 2; 1 -0.5 2.1; 0 -1.5 1.8; 9 9 9"),
                Map.of("count", 500));
        for (Map<String, ?> c : configs) {
            List<ConvexPolytope> pieces = voronoi(c).fracture(BOX, 3);
            assertThat(pieces).as("%s", c).isNotEmpty();
            assertThat(sum(pieces)).as("%s", c).isCloseTo(BOX.volume(), within(1e-9 * BOX.volume()));
            assertPartition(pieces, BOX, 17);
        }
    }

    @Test
    void radialSitesFollowThePowerLawAndCustomSitesOutsideGiveNoPiece() {
        VoronoiFracture m = new VoronoiFracture(StageConfig.of(Map.of("sites", "radial", "rings", 4, "angles", 6,
                "radius", 2.0, "exponent", 2.0, "jitter", 0.0, "centerX", 0, "centerY", 0, "centerZ", 0)));
        double[] s = m.sites(BOX, 1);
        assertThat(s).hasSize(3 * 24);
        for (int i = 0; i < 4; i++) {
            double r = Math.hypot(s[3 * 6 * i], s[3 * 6 * i + 1]);
            assertThat(r).isCloseTo(2.0 * Math.pow((i + 1) / 4.0, 2), within(1e-12));
        }
        List<ConvexPolytope> pieces = voronoi(Map.of("sites", "custom", "points", "0 -1 2; 100 100 100")).fracture(BOX, 0);
        assertThat(pieces).hasSize(1);
        assertThat(pieces.get(0).volume()).isCloseTo(BOX.volume(), within(1e-12));
    }

    @Test
    void sameSeedGivesIdenticalPiecesAndADifferentSeedDoesNot() {
        FractureMethod m = voronoi(Map.of("count", 40));
        assertThat(m.fracture(BOX, 42)).isEqualTo(m.fracture(BOX, 42));
        assertThat(m.fracture(BOX, 42)).isNotEqualTo(m.fracture(BOX, 43));
    }

    @Test
    void duplicateSitesAreDropped() {
        assertThat(VoronoiFracture.dedupe(new double[] {1, 2, 3, 0, 0, 0, 1, 2, 3})).containsExactly(1, 2, 3, 0, 0, 0);
    }

    @Test
    void badOptionsAreRejectedNamingTheOption() {
        assertThatThrownBy(() -> voronoi(Map.of("sites", "hexagonal"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sites' = hexagonal").hasMessageContaining("uniform, radial");
        assertThatThrownBy(() -> voronoi(Map.of("count", 0))).hasMessageContaining("'count' = 0");
        assertThatThrownBy(() -> voronoi(Map.of("cuont", 3))).hasMessageContaining("unknown option 'cuont'");
        assertThatThrownBy(() -> voronoi(Map.of("sites", "custom"))).hasMessageContaining("'points' is missing");
        assertThatThrownBy(() -> voronoi(Map.of("sites", "custom", "points", "1 2"))).hasMessageContaining("'1 2'");
        assertThatThrownBy(() -> voronoi(Map.of("minSites", 5, "maxSites", 2))).hasMessageContaining("'maxSites' = 2");
    }

    private static double sq(double x) {
        return x * x;
    }
}
