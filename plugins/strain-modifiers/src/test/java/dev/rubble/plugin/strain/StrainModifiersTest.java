package dev.rubble.plugin.strain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.strain.StrainModifier;
import dev.rubble.spi.strain.StrainModifierFactory;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

final class StrainModifiersTest {

    private static StrainModifier make(String name, Map<String, ?> options) {
        for (RubblePlugin p : ServiceLoader.load(RubblePlugin.class)) {
            for (StrainModifierFactory f : p.strainModifiers()) {
                if (f.name().equals(name)) {
                    return f.create(StageConfig.of(options));
                }
            }
        }
        throw new AssertionError("no strain modifier " + name);
    }

    @Test
    void fatigueWearsTheThresholdDownBySubThresholdLoadsOnly() {
        StrainModifier m = make("fatigue", Map.of("share", 0.25));
        FakeView v = new FakeView(3);
        v.thr[0] = v.thr[1] = v.thr[2] = 100;
        v.coll[0] = 40;           // below: loses 10
        v.ext[1] = 40;            // external counts too, max of the two
        v.coll[1] = 20;
        v.coll[2] = 100;          // breaks anyway: unchanged
        m.modify(v);
        assertThat(v.thr).containsExactly(90, 90, 100);
        // repeated hits of 40 wear 90 down to 40 in five more hits; then the load reaches it (>=) and it stops wearing
        for (int i = 0; i < 6; i++) {
            v.coll[0] = 40;
            m.modify(v);
        }
        assertThat(v.thr[0]).isEqualTo(40);
        assertThat(Math.max(v.coll[0], v.ext[0])).isGreaterThanOrEqualTo(v.thr[0]);
    }

    @Test
    void breakLimitLetsAtMostNChildrenOfOneHolderBreakPerStep() {
        StrainModifier m = make("break-limit", Map.of("maxBreaks", 2));
        FakeView v = new FakeView(6);
        for (int i = 0; i < 6; i++) {
            v.thr[i] = 10;
            v.coll[i] = 50;
            v.holder[i] = i < 4 ? 7 : 9; // four children of holder 7, two of holder 9
        }
        v.coll[1] = 5;                    // does not break: does not count
        m.modify(v);
        int breaking7 = 0, breaking9 = 0;
        for (int i = 0; i < 6; i++) {
            boolean b = Math.max(v.coll[i], v.ext[i]) >= v.thr[i];
            if (b && v.holder[i] == 7) {
                breaking7++;
            } else if (b) {
                breaking9++;
            }
        }
        assertThat(breaking7).isEqualTo(2);
        assertThat(breaking9).isEqualTo(2);
        assertThat(v.coll[3]).isZero(); // the first two in order keep theirs (entries 0 and 2)
        assertThat(v.coll[0]).isEqualTo(50);
        assertThat(v.coll[2]).isEqualTo(50);
    }

    @Test
    void toughnessNoiseScalesEachThresholdOnceBySeededFactors() {
        StrainModifier a = make("toughness-noise", Map.of("seed", 42, "amplitude", 0.5));
        StrainModifier b = make("toughness-noise", Map.of("seed", 42, "amplitude", 0.5));
        StrainModifier c = make("toughness-noise", Map.of("seed", 43, "amplitude", 0.5));
        FakeView va = new FakeView(200), vb = new FakeView(200), vc = new FakeView(200);
        for (int i = 0; i < 200; i++) {
            va.thr[i] = vb.thr[i] = vc.thr[i] = 100;
        }
        vb.thr[7] = Double.POSITIVE_INFINITY;
        a.modify(va);
        b.modify(vb);
        c.modify(vc);
        double min = Double.MAX_VALUE, max = 0, sum = 0;
        int differ = 0;
        for (int i = 0; i < 200; i++) {
            min = Math.min(min, va.thr[i]);
            max = Math.max(max, va.thr[i]);
            sum += va.thr[i];
            if (i != 7) {
                assertThat(vb.thr[i]).isEqualTo(va.thr[i]); // same seed, same node: same factor
            }
            if (vc.thr[i] != va.thr[i]) {
                differ++;
            }
        }
        assertThat(vb.thr[7]).isInfinite();
        assertThat(min).isGreaterThanOrEqualTo(50);
        assertThat(max).isLessThan(150);
        assertThat(max - min).isGreaterThan(50);      // spread over the range, not one value
        assertThat(sum / 200).isBetween(90.0, 110.0); // centred on the threshold
        assertThat(differ).isGreaterThan(190);
        double once = va.thr[3];
        a.modify(va);                                  // a node is scaled once, not every step
        assertThat(va.thr[3]).isEqualTo(once);
    }

    @Test
    void badOptionsAreRejectedNamingThem() {
        assertThatThrownBy(() -> make("fatigue", Map.of("share", 2))).hasMessageContaining("'share'");
        assertThatThrownBy(() -> make("break-limit", Map.of("maxBreaks", -1))).hasMessageContaining("'maxBreaks'");
        assertThatThrownBy(() -> make("toughness-noise", Map.of("sead", 1))).hasMessageContaining("unknown option 'sead'");
    }
}
