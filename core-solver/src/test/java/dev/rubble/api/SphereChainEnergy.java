package dev.rubble.api;

import java.util.List;
import org.joml.Vector3d;

/** The mechanical energy of a chain of equal solid spheres: kinetic (inertia 2/5 m r²) and potential in gravity g along y, J. */
final class SphereChainEnergy {
    private SphereChainEnergy() {
    }

    static double of(PhysicsWorld w, List<BodyId> bodies, double mass, double radius, double g) {
        Vector3d v = new Vector3d(), x = new Vector3d(), om = new Vector3d();
        double e = 0, inertia = 0.4 * mass * radius * radius;
        for (BodyId b : bodies) {
            w.linearVelocity(b, v);
            w.angularVelocity(b, om);
            w.position(b, x);
            e += 0.5 * mass * v.lengthSquared() + 0.5 * inertia * om.lengthSquared() + mass * g * x.y;
        }
        return e;
    }
}
