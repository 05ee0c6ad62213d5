package dev.rubble.plugin.narrowphase.gjk;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.NarrowphaseFactory;
import java.util.List;

/**
 * Offers the {@code gjk} narrowphase: GJK distance / EPA penetration with feature clipping for
 * every convex pair (no special cases), plus the exact plane and BVH mesh colliders and compound
 * expansion. Gives the same contacts as {@code default} within tolerance; useful as a cross-check
 * and for shapes added by other plugins that only provide a support function.
 */
public final class GjkNarrowphasePlugin implements RubblePlugin {

    @Override
    public String name() {
        return "narrowphase-gjk";
    }

    @Override
    public Iterable<NarrowphaseFactory> narrowphases() {
        return List.of(new NarrowphaseFactory() {
            @Override
            public String name() {
                return "gjk";
            }

            @Override
            public String description() {
                return "GJK/EPA + feature clipping for every convex pair; cross-check for the default";
            }

            @Override
            public Narrowphase create(StageConfig config) {
                config.requireOnly();
                return DispatchTable.gjk();
            }
        });
    }
}
