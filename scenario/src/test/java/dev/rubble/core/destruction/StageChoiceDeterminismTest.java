package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

/** Every broadphase gives the same sorted pairs, so a breaking scene hashes identically with each. */
final class StageChoiceDeterminismTest {

    private static long[] run(String broadphase) {
        World w = World.create(WorldSettings.defaults().withStage("broadphase", broadphase), Scenes.stages());
        Scenes.ground(w);
        w.placeCollection(FracturedCollectionTest.slab(16), CollectionPlacement.at(0, 0.25, 0)
                .withOptions(Scenes.thresholds(40)));
        w.createBody(BodyDef.of(new Sphere(0.25)).withMass(150).withPosition(0.1, 2.5, -0.2));
        long[] h = new long[120];
        for (int i = 0; i < h.length; i++) {
            w.step();
            h[i] = w.profile().stateHash();
        }
        assertThat(w.bodies().size()).isGreaterThan(4); // it broke
        return h;
    }

    @Test
    void gridSapBvhAndSweepAgreeStepByStep() {
        long[] grid = run("grid");
        assertThat(run("grid")).containsExactly(grid);
        assertThat(run("sap")).containsExactly(grid);
        assertThat(run("bvh")).containsExactly(grid);
        assertThat(run("sweep")).containsExactly(grid);
    }
}
