package dev.rubble.core.dynamics;

import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;

/** Test worlds driven by the analytic test narrowphase. */
final class Worlds {
    private static Stages stages;

    private Worlds() {
    }

    static synchronized Stages stages() {
        if (stages == null) {
            stages = Stages.load();
        }
        return stages;
    }

    static World world(WorldSettings settings) {
        // the analytic test contacts fill the narrowphase slot: a Guice override of the contact stage
        return World.create(settings, stages(),
                binder -> binder.bind(ContactStage.class).toInstance(new AnalyticContacts()));
    }

    static World world() {
        return world(WorldSettings.defaults());
    }

    /** A static ground box whose top face is y = 0. */
    static long ground(World w, double friction, double restitution) {
        return w.createBody(BodyDef.of(new Box(50, 1, 50)).withMotion(MotionType.STATIC)
                .withPosition(0, -1, 0).withMaterial(friction, restitution).withLabel("ground"));
    }

    static long sphere(World w, double r, double mass, double x, double y, double z) {
        return w.createBody(BodyDef.of(new Sphere(r)).withMass(mass).withPosition(x, y, z));
    }

    static long box(World w, double half, double mass, double x, double y, double z) {
        return w.createBody(BodyDef.of(new Box(half, half, half)).withMass(mass).withPosition(x, y, z));
    }

    static int slot(World w, long h) {
        return w.bodies().slot(h);
    }

    static void steps(World w, int n) {
        for (int i = 0; i < n; i++) {
            w.step();
        }
    }
}
