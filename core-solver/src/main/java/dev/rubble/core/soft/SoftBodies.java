package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import java.util.List;
import java.util.function.ToLongFunction;

/** Adds {@link SoftBodyDef}s to a world (the scenario's {@code softBodies[]}). */
public final class SoftBodies {
    private SoftBodies() {
    }

    /**
     * Adds every definition in order; attachments look their rigid body up by label.
     *
     * @throws IllegalArgumentException naming the soft body and what is wrong
     */
    public static void add(SoftBodyStore store, BodyStore bodies, List<SoftBodyDef> defs,
            ToLongFunction<String> findByLabel) {
        // all or nothing: every definition is tried on a scratch store first (the same arithmetic as the real
        // add), so a refused one leaves no points, constraints or bodies behind from it or from those before it
        long[][] handles = new long[defs.size()][];
        for (int i = 0; i < defs.size(); i++) {
            SoftBodyDef d = defs.get(i);
            String name = "soft body " + i + (d.label() == null ? "" : " '" + d.label() + "'");
            try {
                addOne(new SoftBodyStore(), d);
                for (int k = 0; k < d.pins().length; k++) {
                    point("pins[" + k + "]", d.pins()[k], d.cage().pointCount());
                }
                handles[i] = new long[d.attachPoints().length];
                for (int k = 0; k < d.attachPoints().length; k++) {
                    point("attachPoints[" + k + "]", d.attachPoints()[k], d.cage().pointCount());
                    long h = findByLabel.applyAsLong(d.attachBodies().get(k));
                    if (h < 0) {
                        throw new IllegalArgumentException("attaches to rigid body '" + d.attachBodies().get(k)
                                + "', which does not exist");
                    }
                    handles[i][k] = h;
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
            }
        }
        for (int i = 0; i < defs.size(); i++) {
            SoftBodyDef d = defs.get(i);
            int b = addOne(store, d);
            for (int pin : d.pins()) {
                store.pin(b, pin);
            }
            for (int k = 0; k < d.attachPoints().length; k++) {
                store.attach(b, d.attachPoints()[k], handles[i][k], bodies);
            }
        }
    }

    private static void point(String what, int point, int points) {
        if (point < 0 || point >= points) {
            throw new IllegalArgumentException(what + " = " + point + "; allowed: a cage point in [0, " + points + ")");
        }
    }

    private static int addOne(SoftBodyStore store, SoftBodyDef d) {
        double[] p = d.position(), q = d.orientation(), v = d.velocity();
        return store.add(d.cage(), d.material(), p[0], p[1], p[2], q[0], q[1], q[2], q[3], v[0], v[1], v[2], d.label());
    }
}
