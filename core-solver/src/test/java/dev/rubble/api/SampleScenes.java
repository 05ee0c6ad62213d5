package dev.rubble.api;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Builders for the peer engines' sample scenes ported to 3-D (docs/dynamics.md, "The peers' sample scenes"):
 * a ground whose top face is y = 0, ramps, extruded 2-D polygons, and the read-outs the tests assert on.
 */
final class SampleScenes {
    private SampleScenes() {
    }

    static PhysicsWorld world(boolean sleeping) {
        return world(sleeping, 1);
    }

    /** A world at 60 Hz with {@code subSteps} sub-steps (Box2D v3's samples run 4). */
    static PhysicsWorld world(boolean sleeping, int subSteps) {
        return Rubble.newWorld(WorldConfig.defaults().withSleeping(sleeping).withTimeStep(1 / 60.0, subSteps));
    }

    /** A fixed ground box 200 m wide whose top face is y = 0. */
    static BodyId ground(PhysicsWorld w, double friction, double restitution) {
        return w.addBody(BodySpec.fixed(new Box(100, 1, 100)).withPosition(new Vector3d(0, -1, 0))
                .withMaterial(friction, restitution).withLabel("ground"));
    }

    /** The rotation of a ramp rising towards +x at {@code angle} radians (about +z). */
    static Quaterniond tilt(double angle) {
        return new Quaterniond().rotationZ(angle);
    }

    /**
     * A fixed ramp (a 40 × 1 × 10 m slab turned by {@code angle} about z) whose top face passes through the
     * origin, rising towards +x.
     */
    static BodyId ramp(PhysicsWorld w, double angle, double friction) {
        Quaterniond q = tilt(angle);
        Vector3d centre = q.transform(new Vector3d(0, -0.5, 0));
        return w.addBody(BodySpec.fixed(new Box(20, 0.5, 5)).withPosition(centre).withOrientation(q)
                .withMaterial(friction, 0).withLabel("ramp"));
    }

    /** A point {@code along} metres up the ramp's top face and {@code above} metres off it, in the world. */
    static Vector3d onRamp(double angle, double along, double above) {
        return tilt(angle).transform(new Vector3d(along, above, 0));
    }

    /** How far a body has moved down the ramp since it was at {@code start}: the displacement along (−cos θ, −sin θ). */
    static double downSlope(double angle, Vector3d start, Vector3d now) {
        return -((now.x - start.x) * StrictMath.cos(angle) + (now.y - start.y) * StrictMath.sin(angle));
    }

    /** A convex prism: the 2-D polygon {@code xy} (x0, y0, x1, y1, ...) extruded from z = −halfDepth to +halfDepth. */
    static ConvexHull prism(double halfDepth, double... xy) {
        double[] p = new double[xy.length * 3];
        int n = xy.length / 2;
        for (int i = 0; i < n; i++) {
            p[6 * i] = xy[2 * i];
            p[6 * i + 1] = xy[2 * i + 1];
            p[6 * i + 2] = -halfDepth;
            p[6 * i + 3] = xy[2 * i];
            p[6 * i + 4] = xy[2 * i + 1];
            p[6 * i + 5] = halfDepth;
        }
        return QuickHull.of(p);
    }

    static Vector3d position(PhysicsWorld w, BodyId b) {
        return w.position(b, new Vector3d());
    }

    static Vector3d velocity(PhysicsWorld w, BodyId b) {
        return w.linearVelocity(b, new Vector3d());
    }

    /** The angle in radians between a body's local y axis and the world's: 0 upright, π/2 on its side. */
    static double tiltFromUpright(PhysicsWorld w, BodyId b) {
        Vector3d up = w.orientation(b, new Quaterniond()).transform(new Vector3d(0, 1, 0));
        return StrictMath.acos(Math.max(-1, Math.min(1, up.y)));
    }

    /** Translational kinetic energy of the listed bodies, in joules (enough for spheres that do not spin up). */
    static double linearKineticEnergy(PhysicsWorld w, BodyId[] bodies) {
        double e = 0;
        Vector3d v = new Vector3d();
        for (BodyId b : bodies) {
            w.linearVelocity(b, v);
            e += 0.5 * w.mass(b) * v.lengthSquared();
        }
        return e;
    }
}
