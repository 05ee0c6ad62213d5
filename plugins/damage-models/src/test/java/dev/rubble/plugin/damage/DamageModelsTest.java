package dev.rubble.plugin.damage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.damage.DamageModelFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

final class DamageModelsTest {

    private static DamageModelFactory factory(String name) {
        for (RubblePlugin p : ServiceLoader.load(RubblePlugin.class)) {
            for (DamageModelFactory f : p.damageModels()) {
                if (f.name().equals(name)) {
                    return f;
                }
            }
        }
        throw new AssertionError("no damage model " + name);
    }

    private static double[] thresholds(DamageModel m, CollectionAsset a, boolean[] alive) {
        double[] out = new double[a.nodeCount()];
        m.thresholds(a, e -> alive == null || alive[e], out);
        return out;
    }

    @Test
    void theThreeModelsAreOfferedThroughServiceLoader() {
        assertThat(factory("user-defined")).isNotNull();
        assertThat(factory("size-specific")).isNotNull();
        assertThat(factory("material-strength")).isNotNull();
    }

    @Test
    void userDefinedDefaultsAreChaosValuesInNewtonSeconds() {
        double[] t = thresholds(factory("user-defined").create(StageConfig.empty()), Assets.deep(), null);
        // 500000, 50000, 5000 kg·cm/s = 5000, 500, 50 kg·m/s; the last repeats; the root never breaks
        assertThat(t).containsExactly(Double.POSITIVE_INFINITY, 5000, 500, 50, 50);
    }

    @Test
    void userDefinedTakesOneValuePerLevelAndRepeatsTheLast() {
        DamageModel m = factory("user-defined").create(StageConfig.of(Map.of("thresholds", "7, Infinity")));
        assertThat(thresholds(m, Assets.deep(), null)).containsExactly(Double.POSITIVE_INFINITY, 7,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        assertThat(factory("user-defined").create(StageConfig.of(Map.of("thresholds", 3.5))).loadsAreForces()).isFalse();
    }

    @Test
    void negativeOrUnknownOptionsAreRejectedNamingThem() {
        assertThatThrownBy(() -> factory("user-defined").create(StageConfig.of(Map.of("thresholds", "10, -1"))))
                .hasMessageContaining("'thresholds'[1] = -1");
        assertThatThrownBy(() -> factory("user-defined").create(StageConfig.of(Map.of("treshold", 1))))
                .hasMessageContaining("unknown option 'treshold'");
        assertThatThrownBy(() -> factory("material-strength").create(StageConfig.of(Map.of("mode", "median"))))
                .hasMessageContaining("allowed: sum, max, min, avg");
        assertThatThrownBy(() -> factory("size-specific").create(StageConfig.of(Map.of("sizes", "1, 0.5",
                "thresholds", "1, 2")))).hasMessageContaining("ascending");
    }

    @Test
    void sizeSpecificPicksTheFirstSizeBoundThatHoldsTheNode() {
        Map<String, Object> o = new HashMap<>();
        o.put("sizes", "1.5, 2.5");
        o.put("thresholds", "10, 20");
        DamageModel m = factory("size-specific").create(StageConfig.of(o));
        // relative sizes 4 (root), 3, 2, 1, 1: 3 is past every bound -> last; 2 -> 20; 1 -> 10
        assertThat(thresholds(m, Assets.deep(), null)).containsExactly(Double.POSITIVE_INFINITY, 20, 20, 10, 10);
    }

    /** Root 0 with children 1..4 in a row; bonds 1-2 (area 1), 2-3 (area 3), 3-4 (area 0.5). */
    private static CollectionAsset row() {
        return Assets.of(new int[] {-1, 0, 0, 0, 0}, new double[] {2, 1, 1, 1, 1},
                new int[][] {{1, 2}, {2, 3}, {3, 4}}, new double[] {1, 3, 0.5});
    }

    @Test
    void materialStrengthCombinesBondAreasByMode() {
        CollectionAsset a = row();
        double s = 2e6;
        assertThat(thresholds(make("sum"), a, null)).containsExactly(Double.POSITIVE_INFINITY, s, 4 * s, 3.5 * s,
                0.5 * s);
        assertThat(thresholds(make("max"), a, null)).containsExactly(Double.POSITIVE_INFINITY, s, 3 * s, 3 * s,
                0.5 * s);
        // min is the smallest real bond area, not Chaos's 0
        assertThat(thresholds(make("min"), a, null)).containsExactly(Double.POSITIVE_INFINITY, s, s, 0.5 * s,
                0.5 * s);
        assertThat(thresholds(make("avg"), a, null)).containsExactly(Double.POSITIVE_INFINITY, s, 2 * s, 1.75 * s,
                0.5 * s);
        assertThat(make("sum").loadsAreForces()).isTrue();
    }

    @Test
    void materialStrengthWeakensNodesThatLostBonds() {
        CollectionAsset a = row();
        DamageModel m = make("sum");
        boolean[] alive = {true, true, true};
        double[] t = thresholds(m, a, alive);
        alive[1] = false; // node 2 and 3 lose their strongest bond
        m.bondsLost(a, e -> alive[e], new int[] {2, 3}, 2, t);
        assertThat(t[2]).isEqualTo(2e6);
        assertThat(t[3]).isEqualTo(0.5 * 2e6);
        assertThat(t[1]).isEqualTo(2e6); // not listed: unchanged
        alive[0] = false;
        m.bondsLost(a, e -> alive[e], new int[] {2}, 1, t);
        assertThat(t[2]).isZero(); // holds by nothing
    }

    private static DamageModel make(String mode) {
        return factory("material-strength").create(StageConfig.of(Map.of("mode", mode, "tensileStrength", 2e6)));
    }
}
