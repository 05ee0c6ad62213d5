package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.world.World;

/** A test scene's world and what its tests read of a body by handle: position, motion type, state. */
class WorldProbe {
    final World w;

    WorldProbe(World w) {
        this.w = w;
    }

    BodyStore bodies() {
        return w.bodies();
    }

    double x(long h) {
        return bodies().px[bodies().slot(h)];
    }

    double y(long h) {
        return bodies().py[bodies().slot(h)];
    }

    MotionType motion(long h) {
        return bodies().motion(bodies().slot(h));
    }

    BodyState state(long h) {
        return bodies().state(bodies().slot(h));
    }
}
