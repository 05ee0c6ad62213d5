package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.destruction.ImpactMode;
import dev.rubble.core.plugin.Stages;
import org.junit.jupiter.api.Test;

/**
 * Regression (issue 22): the impact pass grows the shared strain groups for the children a trial
 * loaded; the grouping pass of the DESTRUCTION slot then met more than 16 strained holders with its
 * own scratch arrays still at 16 and failed with "Index 16 out of bounds for length 16". The demo
 * wall (2 000 leaves in three levels, resolve impacts) with thresholds of 1 500/300/50 N·s, where the
 * ball's impact releases many clusters at once, hit it in its sixth step.
 */
final class ResolveManyHoldersTest {
    @Test
    void anImpactThatStrainsManyClustersAtOnceStepsOn() {
        Stages stages = Stages.load();
        WallScene.Wall wall = WallScene.author(WallScene.DEMO_COUNTS, WallScene.SEED, stages);
        String json = WallScene.recipeJson("many holders", wall, 10, ImpactMode.RESOLVE, new double[] {1500, 300, 50});
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), stages);
        int bodies0 = sw.world().bodies().size();
        for (int i = 0; i < 10; i++) {
            sw.step();
        }
        // the ball (5 m away at 60 m/s) reaches the wall in its fifth step and cuts it into many pieces
        assertThat(sw.world().bodies().size()).as("bodies after the impact").isGreaterThan(bodies0 + 100);
    }
}
