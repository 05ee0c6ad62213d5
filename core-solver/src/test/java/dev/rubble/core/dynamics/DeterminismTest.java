package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class DeterminismTest {

    /** A seeded pile of boxes and spheres dropped on the ground, with sub-steps and sleeping on. */
    private static World scene(long seed) {
        World w = Worlds.world(WorldSettings.defaults().withStep(1.0 / 60, 2));
        Worlds.ground(w, 0.6, 0.1);
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 40; i++) {
            double x = r.nextDouble(-6, 6), z = r.nextDouble(-6, 6), y = 1 + r.nextDouble(0, 8);
            BodyDef d = i % 2 == 0
                    ? BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(Math.rint(x) * 1.5, y * 1.1 + i, Math.rint(z) * 1.5)
                    : BodyDef.of(new Sphere(0.3 + r.nextDouble(0.3))).withPosition(x, y, z)
                            .withLinearVelocity(r.nextDouble(-2, 2), 0, r.nextDouble(-2, 2));
            w.createBody(d.withMass(1 + r.nextDouble(3)).withMaterial(r.nextDouble(0.2, 0.8), r.nextDouble(0.5)));
        }
        return w;
    }

    @Test
    void twoRunsGiveTheSameHashAtEveryStep() {
        World a = scene(7), b = scene(7);
        Set<Long> distinct = new HashSet<>();
        int contactSteps = 0;
        for (int i = 0; i < 400; i++) {
            a.step();
            b.step();
            assertThat(b.profile().stateHash()).as("step %d", i).isEqualTo(a.profile().stateHash());
            distinct.add(a.profile().stateHash());
            if (a.profile().contactPoints() > 0) {
                contactSteps++;
            }
        }
        // the scene really moves, collides and settles (so the comparison means something)
        assertThat(distinct.size()).isGreaterThan(100);
        assertThat(contactSteps).isGreaterThan(300);
        assertThat(a.profile().sleepingBodies()).isPositive();
    }

    @Test
    void aDifferentSeedGivesADifferentHistory() {
        World a = scene(7), b = scene(8);
        for (int i = 0; i < 10; i++) {
            a.step();
            b.step();
        }
        assertThat(b.profile().stateHash()).isNotEqualTo(a.profile().stateHash());
    }
}
