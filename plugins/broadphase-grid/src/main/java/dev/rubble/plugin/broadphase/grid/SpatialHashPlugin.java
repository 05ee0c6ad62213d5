package dev.rubble.plugin.broadphase.grid;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;

/**
 * Offers the spatial hash grid broadphase under the name {@code grid}.
 *
 * <p>Options:
 * <ul>
 *   <li>{@code cellSize} (metres, [1e-6, 1e6]; default: automatic): edge of a cubic cell; about the
 *       size of a typical body (up to twice it) works best. Without it every rebuild takes the power
 *       of two just above the moving bodies' median box edge (see {@code SpatialHashBroadphase}); the
 *       pairs, and so the results, are the same for any cell size.</li>
 *   <li>{@code hugeCells} (integer, [1, 1048576], default {@value #DEFAULT_HUGE_CELLS}): a box covering
 *       more cells than this is kept in a separate list and tested against every proxy instead of
 *       being hashed into each cell.</li>
 * </ul>
 */
public final class SpatialHashPlugin implements RubblePlugin {
    /** Default cell count above which a box is "huge". */
    public static final int DEFAULT_HUGE_CELLS = 64;

    @Override
    public String name() {
        return "broadphase-grid";
    }

    @Override
    public Iterable<BroadphaseFactory> broadphases() {
        return List.of(new BroadphaseFactory() {
            @Override
            public String name() {
                return "grid";
            }

            @Override
            public String description() {
                return "uniform grid as a spatial hash (option cellSize, metres; default: from the bodies' sizes);"
                        + " best for many bodies of similar size spread through a large space";
            }

            @Override
            public Broadphase create(StageConfig config) {
                config.requireOnly("cellSize", "hugeCells");
                int huge = config.getInt("hugeCells", DEFAULT_HUGE_CELLS, 1, 1 << 20);
                double cell = config.getDouble("cellSize", Double.NaN, 1e-6, 1e6);
                return Double.isNaN(cell) ? new SpatialHashBroadphase(huge) : new SpatialHashBroadphase(cell, huge);
            }
        });
    }
}
