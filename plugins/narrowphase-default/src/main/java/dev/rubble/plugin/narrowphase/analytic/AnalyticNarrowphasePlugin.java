package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.NarrowphaseFactory;
import dev.rubble.spi.shape.ShapeType;
import java.util.List;

/**
 * Offers the {@code default} narrowphase: closed-form colliders for sphere–sphere, sphere–box,
 * sphere–capsule, capsule–capsule and box–box (SAT + face clipping); GJK/EPA with feature clipping
 * for the remaining convex pairs (hulls, capsule–box); exact plane and BVH mesh colliders;
 * compounds through their BVH.
 */
public final class AnalyticNarrowphasePlugin implements RubblePlugin {

    @Override
    public String name() {
        return "narrowphase-default";
    }

    /** A fresh table: the GJK table with the analytic cells replaced. */
    public static Narrowphase createTable() {
        DispatchTable t = DispatchTable.gjk();
        t.register(ShapeType.SPHERE, ShapeType.SPHERE, new AnalyticColliders.SphereSphere());
        t.register(ShapeType.SPHERE, ShapeType.BOX, new AnalyticColliders.SphereBox());
        t.register(ShapeType.SPHERE, ShapeType.CAPSULE, new AnalyticColliders.SphereCapsule());
        t.register(ShapeType.CAPSULE, ShapeType.CAPSULE, new AnalyticColliders.CapsuleCapsule());
        t.register(ShapeType.BOX, ShapeType.BOX, new BoxBox());
        return t;
    }

    @Override
    public Iterable<NarrowphaseFactory> narrowphases() {
        return List.of(new NarrowphaseFactory() {
            @Override
            public String name() {
                return "default";
            }

            @Override
            public String description() {
                return "analytic sphere/box/capsule pairs and box-box SAT, GJK/EPA for hulls; the kernel default";
            }

            @Override
            public Narrowphase create(StageConfig config) {
                config.requireOnly();
                return createTable();
            }
        });
    }
}
