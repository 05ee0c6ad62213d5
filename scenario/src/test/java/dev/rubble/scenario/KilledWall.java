package dev.rubble.scenario;

import dev.rubble.api.BodyId;
import dev.rubble.api.CollectionId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;

/**
 * Test fixture: an 8-leaf Voronoi wall without gravity, stepped once and, when {@code killed}, killed
 * whole by a kill field (state {@code dynamic}) and stepped again, with a listener counting its BREAK
 * events from then on. Shared by the tests that check a killed wall stays out of the simulation.
 */
final class KilledWall {
    final PhysicsWorld world;
    final CollectionId wall;
    final int[] breaks = {0};

    KilledWall(boolean killed) {
        world = Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "killed wall", "world": {"gravity": [0, 0, 0]},
                 "collections": [{"id": "wall", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, 0], "destruction": {"damageOptions": {"thresholds": [1000]}}}]}""", Rubble.defaultPlugins());
        wall = world.destruction().collection(0);
        world.step();
        if (killed) {
            world.applyField(Fields.Target.KILL, Fields.uniformScalar(1), FieldOptions.once().state("dynamic"));
            world.step();
        }
        world.destruction().addBreakListener(e -> breaks[0] += e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK ? 1 : 0);
    }

    /** The wall's 8 leaves that have a body in the simulation (not disabled). */
    int liveLeaves() {
        int live = 0;
        for (int k = 1; k <= 8; k++) {
            BodyId b = world.destruction().bodyOf(wall, k);
            live += b != null && world.kernel().bodies().state(world.kernel().bodies().slot(b.handle())) != BodyState.DISABLED ? 1 : 0;
        }
        return live;
    }
}
