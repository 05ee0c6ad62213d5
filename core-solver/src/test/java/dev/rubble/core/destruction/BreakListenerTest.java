package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SPEC §8: the host hears each step's breaks from one reused buffer. */
final class BreakListenerTest {

    @Test
    void listenersGetTheStepsBreaksFromOneReusedBuffer() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(5, 1000), CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(10).withPropagation(false, 1, 0)));
        List<BreakEvents> buffers = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        w.addBreakListener(ev -> {
            buffers.add(ev);
            for (int i = 0; i < ev.count(); i++) {
                seen.add(ev.step() + ":" + ev.kind[i] + ":" + ev.node[i]);
            }
        });
        w.step(); // nothing breaks: no call
        assertThat(seen).isEmpty();
        w.queue(new Command.ExternalStrain(0, 1, 10));
        w.step();
        w.queue(new Command.ExternalStrain(0, 5, 10));
        w.step();
        // step 1: node 1 breaks, 2-5 become a cluster; step 2: node 5 breaks off it, 2-4 a new cluster
        assertThat(seen).containsExactly("1:0:1", "1:2:-1", "2:0:5", "2:2:-1");
        assertThat(buffers).hasSize(2);
        assertThat(buffers.get(0)).isSameAs(buffers.get(1));
        BreakEvents ev = buffers.get(1);
        assertThat(ev.body[0]).isEqualTo(w.destruction().holderBody(0, 5));
        assertThat(ev.mass[1]).isEqualTo(3 * 250.0);
    }
}
