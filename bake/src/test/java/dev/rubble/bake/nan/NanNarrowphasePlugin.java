package dev.rubble.bake.nan;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.NarrowphaseFactory;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import java.util.List;

/**
 * A broken third-party narrowphase, for the bake's failure handling (issue 32 item 4): every pair
 * the broadphase finds gets one contact whose separation is NaN, so the solver's response is NaN
 * and the step's non-finite guard disables the body — the "non-finite state" a bake must record as
 * a failed variant without stopping the sweep. Found by {@code ServiceLoader} on the bake module's
 * test class path only.
 */
public final class NanNarrowphasePlugin implements RubblePlugin {
    /** The name a scenario selects it by: {@code "stages": {"narrowphase": "test-nan"}}. */
    public static final String NAME = "test-nan";

    @Override
    public String name() {
        return "bake-test-nan-narrowphase";
    }

    @Override
    public Iterable<NarrowphaseFactory> narrowphases() {
        return List.of(new NarrowphaseFactory() {
            @Override
            public String name() {
                return NAME;
            }

            @Override
            public Narrowphase create(StageConfig config) {
                return new Narrowphase() {
                    @Override
                    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
                        sink.beginManifold(0, 1, 0, 0);
                        sink.addPoint(0, 0, 0, Double.NaN, 1);
                    }

                    @Override
                    public void register(ShapeType a, ShapeType b, PairCollider collider) {
                    }

                    @Override
                    public PairCollider collider(ShapeType a, ShapeType b) {
                        return null;
                    }
                };
            }
        });
    }
}
