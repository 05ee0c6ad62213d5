package dev.rubble.core.destruction;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Box;
import java.util.Map;

/** Worlds and placements for the destruction tests. */
final class Scenes {
    private static Stages stages;

    private Scenes() {
    }

    static synchronized Stages stages() {
        if (stages == null) {
            stages = Stages.load();
        }
        return stages;
    }

    static World world(double gravity) {
        return World.create(WorldSettings.defaults().withGravity(0, -gravity, 0), stages());
    }

    /** user-defined damage model with per-level thresholds (N·s). */
    static DestructionOptions thresholds(double... perLevel) {
        StringBuilder l = new StringBuilder();
        for (double d : perLevel) {
            l.append(l.length() == 0 ? "" : ", ").append(d);
        }
        return DestructionOptions.defaults().withDamageModel("user-defined",
                StageConfig.of(Map.of("thresholds", l.toString())));
    }

    static long ground(World w) {
        return w.createBody(BodyDef.of(new Box(50, 1, 50)).withMotion(MotionType.STATIC).withPosition(0, -1, 0));
    }

    static void steps(World w, int n) {
        for (int i = 0; i < n; i++) {
            w.step();
        }
    }
}
