package dev.rubble.plugin.broadphase.bvh;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;

/**
 * Offers the dynamic AABB tree broadphase under the name {@code bvh}.
 *
 * <p>Option {@code margin} (metres, [0, 1e6], default {@value #DEFAULT_MARGIN}): how far a moving
 * proxy's fat box extends past its tight box on every side. Larger margins mean fewer tree
 * re-insertions for moving bodies but more candidate pairs to reject.
 */
public final class DynamicTreePlugin implements RubblePlugin {
    /** Default fat-box margin, metres. */
    public static final double DEFAULT_MARGIN = 0.1;

    @Override
    public String name() {
        return "broadphase-bvh";
    }

    @Override
    public Iterable<BroadphaseFactory> broadphases() {
        return List.of(new BroadphaseFactory() {
            @Override
            public String name() {
                return "bvh";
            }

            @Override
            public String description() {
                return "dynamic AABB tree with fat boxes and AVL rotations, moving and fixed trees apart;"
                        + " good all-rounder, best with many sleeping/static bodies or mixed sizes";
            }

            @Override
            public Broadphase create(StageConfig config) {
                config.requireOnly("margin");
                return new DynamicTreeBroadphase(config.getDouble("margin", DEFAULT_MARGIN, 0, 1e6));
            }
        });
    }
}
