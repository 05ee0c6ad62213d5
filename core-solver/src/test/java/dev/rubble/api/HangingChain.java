package dev.rubble.api;

import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import org.joml.Vector3d;

/**
 * A vertical chain for the joint tests: {@code links} balls {@link #PITCH} apart hanging from the world at height
 * {@link #TOP}, link i (1-based) at {@code TOP - i PITCH}, each joined to the one above (the first to the world) by
 * {@code joint} at the midpoint's height; the last ball (radius 0.05 m) is the load, the others 0.02 m; no damping.
 * {@code links} lists them from the top.
 */
record HangingChain(BodyId last, ConstraintId first, List<BodyId> links) {
    static final double PITCH = 0.1, TOP = 5;

    static HangingChain hang(PhysicsWorld w, int links, double linkMass, double load,
                             DoubleFunction<ConstraintSpec> joint) {
        BodyId prev = null, last = null;
        ConstraintId first = null;
        List<BodyId> all = new ArrayList<>();
        for (int i = 1; i <= links; i++) {
            boolean end = i == links;
            BodyId b = w.addBody(BodySpec.dynamic(new Sphere(end ? 0.05 : 0.02)).withMass(end ? load : linkMass)
                    .withDamping(0, 0).withPosition(new Vector3d(0, TOP - i * PITCH, 0)));
            ConstraintId c = w.addConstraint(b, prev, joint.apply(TOP - (i - 0.5) * PITCH));
            first = first == null ? c : first;
            prev = b;
            last = b;
            all.add(b);
        }
        return new HangingChain(last, first, List.copyOf(all));
    }
}
