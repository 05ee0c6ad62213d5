package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * Issue 23: a placed collection's propagation changed at run time by the journalled
 * {@link Command.SetPropagation}, on the chain of four boxes (1-2-3-4), threshold 100: a broken child
 * passes {@code breakFactor (applied - threshold) / bonds} to each bonded sibling, an unbroken one
 * {@code shockFactor applied} (docs/destruction.md step 5).
 */
final class PropagationCommandTest {

    private static World chain() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(100)));
        return w;
    }

    private static double ext(World w, int node) {
        return w.destruction().store().externalLoad[w.destruction().globalNode(0, node)];
    }

    @Test
    void theBreakFactorSetAtRunTimeScalesWhatABrokenChildPassesOn() {
        World w = chain();
        w.queue(new Command.SetPropagation(0, true, 0.5, 0));
        w.queue(new Command.ExternalStrain(0, 2, 500)); // node 2 breaks: excess 400 over its 2 bonds
        w.step();
        assertThat(ext(w, 1)).isEqualTo(0.5 * 400 / 2);
        assertThat(ext(w, 3)).isEqualTo(0.5 * 400 / 2);
        assertThat(ext(w, 4)).isZero();
    }

    @Test
    void turnedOffNothingPassesAndTheShockFactorPassesAnUnbrokenChildsLoad() {
        World off = chain();
        off.queue(new Command.SetPropagation(0, false, 1, 0));
        off.queue(new Command.ExternalStrain(0, 2, 500));
        off.step();
        assertThat(off.destruction().events().count()).isPositive();
        for (int n = 1; n <= 4; n++) {
            assertThat(ext(off, n)).as("node %d", n).isZero();
        }
        World shock = chain();
        shock.queue(new Command.SetPropagation(0, true, 1, 0.25));
        shock.queue(new Command.ExternalStrain(0, 2, 60)); // below the threshold: node 2 holds
        shock.step();
        assertThat(shock.destruction().events().count()).isZero();
        assertThat(ext(shock, 1)).isEqualTo(0.25 * 60);
        assertThat(ext(shock, 3)).isEqualTo(0.25 * 60);
    }

    @Test
    void aChangeIsLastingStateAndBadFactorsAreNamed() {
        World a = chain(), b = chain();
        a.queue(new Command.SetPropagation(0, true, 1, 0)); // the defaults: no change, no hash change
        b.queue(new Command.SetPropagation(0, true, 2, 0));
        a.step();
        b.step();
        World c = chain();
        c.step();
        assertThat(a.stateHash()).isEqualTo(c.stateHash());
        assertThat(b.stateHash()).isNotEqualTo(c.stateHash());
        assertThatThrownBy(() -> new Command.SetPropagation(0, true, -1, 0)).hasMessageContaining("breakFactor = -1.0");
        assertThatThrownBy(() -> new Command.SetPropagation(0, true, 0, Double.NaN)).hasMessageContaining("shockFactor = NaN");
        assertThatThrownBy(() -> new Command.SetPropagation(0, true, Double.NaN, 0)).hasMessageContaining("breakFactor = NaN");
        assertThatThrownBy(() -> a.queue(new Command.SetPropagation(3, true, 1, 0))).hasMessageContaining("collection = 3");
    }
}
