package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.FrameBuffer;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * {@code --color stress} frames (issue 30): a cantilever of n blocks held by a kinematic body is
 * drawn block by block, each block where its leaf is, carrying the largest ratio of its bonds —
 * block k (k ≥ 2) the bond to block k − 1, whose tension fibre carries σ_k = 6 m g L Σ_{i=1..n−k+1}(i − ½) / (A s)
 * (worked by hand) over the elastic limit — and the holder's own drawable shrinks to nothing.
 */
final class StressFrameTest {
    @Test
    void theCantileverIsDrawnPieceByPieceWithItsBondsRatios() {
        int n = 6;
        double elastic = 1e6;
        World w = Scenes.world(9.81);
        int c = w.placeCollection(StressInWorldTest.beam(n), CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null)
                .withOptions(Scenes.thresholds(1e12)));
        w.setStressModel(c, "support-graph", StageConfig.of(Map.of("tensionElastic", elastic, "tensionFatal", 1e9,
                "compressionElastic", 1e9, "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9)));
        w.step();
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        int before = f.count();
        FrameBuilder.stress(w, f);
        assertThat(f.count()).isEqualTo(before + n);
        double m = StressInWorldTest.DENSITY * Math.pow(StressInWorldTest.SIDE, 3), l = StressInWorldTest.SIDE;
        double a = l * l;
        int holderDrawable = -1;
        for (int i = 0; i < before; i++) {
            if (f.removalScale(i) == 0) {
                holderDrawable = i;
            }
            assertThat(f.stress(i)).isNaN();
        }
        assertThat(holderDrawable).as("the holder is hidden").isGreaterThanOrEqualTo(0);
        for (int k = 1; k <= n; k++) {
            int i = before + k - 1;
            assertThat(f.position(i, 0)).isCloseTo((k - 1) * l, Offset.offset(1e-9));
            assertThat(f.position(i, 1)).isCloseTo(5, Offset.offset(1e-9));
            assertThat(f.anchored(i)).isEqualTo(k == 1);
            int bondFrom = k == 1 ? 2 : k; // block 1's only bond is the root's
            double sum = 0;
            for (int j = 1; j <= n - bondFrom + 1; j++) {
                sum += j - 0.5;
            }
            double sigma = 6 * m * 9.81 * l * sum / (a * l);
            assertThat(f.stress(i)).as("block %d", k).isCloseTo(sigma / elastic, Offset.offset(1e-9 * sigma / elastic));
        }
    }
}
