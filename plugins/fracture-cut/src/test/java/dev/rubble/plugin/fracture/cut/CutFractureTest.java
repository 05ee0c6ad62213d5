package dev.rubble.plugin.fracture.cut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureFactory;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class CutFractureTest {
    private static final ConvexPolytope BOX = ConvexPolytope.box(1, 2, 3, 2.5, 1.5, 1.2);

    static FractureMethod method(String name, Map<String, ?> opts) {
        for (FractureFactory f : new CutPlugin().fractureMethods()) {
            if (f.name().equals(name)) {
                return f.create(StageConfig.of(opts));
            }
        }
        throw new AssertionError(name);
    }

    private static double sum(List<ConvexPolytope> ps) {
        double s = 0;
        for (ConvexPolytope p : ps) {
            s += p.volume();
        }
        return s;
    }

    private static void assertDisjointCover(List<ConvexPolytope> pieces, ConvexPolytope source) {
        double[] b = source.bounds();
        SplittableRandom rnd = new SplittableRandom(1);
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
            assertThat(in).isEqualTo(1);
        }
    }

    @Test
    void sliceMakesTheGridOfPiecesAndJitterKeepsVolume() {
        List<ConvexPolytope> even = method("slice", Map.of("x", 2, "y", 1, "z", 3)).fracture(BOX, 1);
        assertThat(even).hasSize(3 * 2 * 4);
        for (ConvexPolytope p : even) {
            assertThat(p.volume()).isCloseTo(BOX.volume() / 24, within(1e-12));
        }
        FractureMethod jittered = method("slice", Map.of("angleJitter", 15.0, "offsetJitter", 0.3));
        List<ConvexPolytope> pieces = jittered.fracture(BOX, 9);
        assertThat(sum(pieces)).isCloseTo(BOX.volume(), within(1e-9 * BOX.volume()));
        assertDisjointCover(pieces, BOX);
        assertThat(jittered.fracture(BOX, 9)).isEqualTo(pieces);
        assertThat(jittered.fracture(BOX, 10)).isNotEqualTo(pieces);
    }

    @Test
    void brickIsARunningBondOfDefaultBricks() {
        // 3.88 x 0.92 x 1.14 m: two courses, one leaf; course 0 has 2 whole bricks, course 1 is
        // shifted by half a brick: half + whole + half
        ConvexPolytope wall = ConvexPolytope.box(1.94, 0.46, 0.57, 1.94, 0.46, 0.57);
        List<ConvexPolytope> bricks = method("brick", Map.of()).fracture(wall, 0);
        assertThat(bricks).hasSize(5);
        double whole = 1.94 * 0.92 * 0.57;
        int halves = 0;
        for (ConvexPolytope p : bricks) {
            if (Math.abs(p.volume() - whole / 2) < 1e-9) {
                halves++;
            } else {
                assertThat(p.volume()).isCloseTo(whole, within(1e-9));
            }
        }
        assertThat(halves).isEqualTo(2);
        assertThat(sum(bricks)).isCloseTo(wall.volume(), within(1e-9 * wall.volume()));
        assertDisjointCover(bricks, wall);
    }

    @Test
    void brickCountIsCappedByScalingBricksUp() {
        ConvexPolytope big = ConvexPolytope.box(0, 0, 0, 40, 30, 20);
        assertThat(BrickFracture.count(big.bounds(), 1.94, 0.92, 0.57)).isGreaterThan(8192);
        List<ConvexPolytope> bricks = method("brick", Map.of()).fracture(big, 0);
        assertThat(bricks.size()).isLessThanOrEqualTo(8192).isGreaterThan(2000);
        assertThat(sum(bricks)).isCloseTo(big.volume(), within(1e-9 * big.volume()));
        List<ConvexPolytope> few = method("brick", Map.of("maxBricks", 100)).fracture(big, 0);
        assertThat(few.size()).isLessThanOrEqualTo(100);
        assertThat(sum(few)).isCloseTo(big.volume(), within(1e-9 * big.volume()));
        assertThatThrownBy(() -> method("brick", Map.of("maxBricks", 9000))).hasMessageContaining("'maxBricks' = 9000");
    }

    @Test
    void planeCutsACubeInto2x2x2EqualCubes() {
        ConvexPolytope cube = ConvexPolytope.box(0, 0, 0, 1, 1, 1);
        List<ConvexPolytope> p = method("plane", Map.of("planes", "1 0 0 0; 0 1 0 0; 0 0 2 0")).fracture(cube, 0);
        assertThat(p).hasSize(8);
        for (ConvexPolytope q : p) {
            assertThat(q.volume()).isCloseTo(1, within(1e-14));
        }
        assertThat(method("plane", Map.of("planes", "1 0 0 5")).fracture(cube, 0)).containsExactly(cube);
        assertThatThrownBy(() -> method("plane", Map.of())).hasMessageContaining("'planes' is missing");
        assertThatThrownBy(() -> method("plane", Map.of("planes", "0 0 0 1"))).hasMessageContaining("zero normal");
        assertThatThrownBy(() -> method("plane", Map.of("planes", "1 0 x 1"))).hasMessageContaining("'x' is not a number");
    }
}
