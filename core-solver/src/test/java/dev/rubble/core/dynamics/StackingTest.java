package dev.rubble.core.dynamics;

import dev.rubble.core.step.WorldSettings;
import static dev.rubble.core.dynamics.Worlds.box;
import static dev.rubble.core.dynamics.Worlds.ground;
import static dev.rubble.core.dynamics.Worlds.slot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/** Stacks at the default settings (one sub-step, 8 velocity / 2 relax iterations), through the real narrowphase. */
final class StackingTest {

    private static int[] column(World w, long[] h) {
        int asleepAt = -1;
        for (int s = 0; s < 600; s++) {
            w.step();
            if (asleepAt < 0 && w.profile().sleepingBodies() == h.length) {
                asleepAt = s;
            }
        }
        return new int[] {asleepAt};
    }

    private static World tenBoxColumn(long[] h) {
        World w = World.create(WorldSettings.defaults(), Worlds.stages()); // the real narrowphase (the default plugin), not the analytic test contacts
        ground(w, 0.6, 0);
        for (int k = 0; k < h.length; k++) {
            h[k] = box(w, 0.5, 1, 0, 0.5 + k, 0);
        }
        return w;
    }

    @Test
    void tenBoxColumnStandsTenSeconds() {
        long[] h = new long[10];
        World w = tenBoxColumn(h);
        column(w, h);
        BodyStore b = w.bodies();
        int top = slot(w, h[9]);
        assertThat(b.px[top]).isCloseTo(0, within(0.05));
        assertThat(b.pz[top]).isCloseTo(0, within(0.05));
        // soft contacts compress a little under load: 10 contacts, a few mm each
        assertThat(b.py[top]).isCloseTo(9.5, within(0.06));
    }

    @Test
    void tenBoxColumnFallsAsleepWithinTenSeconds() {
        long[] h = new long[10];
        World w = tenBoxColumn(h);
        assertThat(column(w, h)[0]).isBetween(30, 400);
    }

    @Test
    void fourRowPyramidStandsTenSeconds() {
        World w = World.create(WorldSettings.defaults(), Worlds.stages()); // the real narrowphase
        ground(w, 0.6, 0);
        int rows = 4;
        long[] h = new long[rows * (rows + 1) / 2];
        double[] x0 = new double[h.length], y0 = new double[h.length];
        int n = 0;
        for (int row = 0; row < rows; row++) {
            int count = rows - row;
            for (int i = 0; i < count; i++) {
                x0[n] = (i - (count - 1) / 2.0) * 1.1;
                y0[n] = 0.5 + row;
                h[n] = box(w, 0.5, 1, x0[n], y0[n], 0);
                n++;
            }
        }
        for (int s = 0; s < 600; s++) {
            w.step();
        }
        BodyStore b = w.bodies();
        for (int i = 0; i < n; i++) {
            int s = slot(w, h[i]);
            assertThat(b.px[s]).as("box %d x", i).isCloseTo(x0[i], within(0.03));
            assertThat(b.py[s]).as("box %d y", i).isCloseTo(y0[i], within(0.03));
        }
        assertThat(w.profile().sleepingBodies()).isEqualTo(n);
    }
}
