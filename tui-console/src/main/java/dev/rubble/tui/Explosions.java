package dev.rubble.tui;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.world.World;

/**
 * The console's explosion ({@code e}; SPEC §7 "the explosion recipe": radial strain and radial
 * velocity in the same step; docs/fields.md): two field commands at the point, so journals record
 * them and {@code verify} re-simulates them.
 *
 * <ol>
 *   <li>the point: the cursor in the view plane; its depth is the middle of the front-most body
 *       under the cursor (largest z in the side view, largest y in the top view), 0 when none;</li>
 *   <li>an {@code external-cluster-strain} field (when collections exist) that breaks every held
 *       piece whose centre lies in the sphere at the next step's evaluation;</li>
 *   <li>a {@code linear-velocity} field in the same step: {@code dv} away from the point plus
 *       {@code dv} upwards inside the sphere; the pieces the strain releases get it on top of what
 *       they inherit (the same-step effect), the dynamic bodies in the sphere at once.</li>
 * </ol>
 */
final class Explosions {
    /** Where an explosion went and how many dynamic bodies were in its sphere. */
    record Blast(double x, double y, double z, int pushed) {
    }

    /** Queues an explosion at view-plane point (u, v) of {@code w}. */
    Blast explode(World w, boolean topView, double u, double v, double radius, double dv) {
        double depth = depthAt(w, topView, u, v);
        double x = u, y = topView ? depth : v, z = topView ? v : depth;
        FieldPresets.explosion(w, x, y, z, radius, dv);
        return new Blast(x, y, z, dynamicWithin(w, x, y, z, radius));
    }

    /** Queues field preset {@code k} at view-plane point (u, v); returns the point. */
    Blast field(World w, int k, boolean topView, double u, double v, double radius, double dv) {
        double depth = depthAt(w, topView, u, v);
        double x = u, y = topView ? depth : v, z = topView ? v : depth;
        FieldPresets.apply(w, k, x, y, z, radius, dv);
        return new Blast(x, y, z, dynamicWithin(w, x, y, z, radius));
    }

    private static int dynamicWithin(World w, double x, double y, double z, double r) {
        BodyStore b = w.bodies();
        int n = 0;
        for (int s = 0, lim = b.slotLimit(); s < lim; s++) {
            if (b.isLive(s) && b.state(s) != BodyState.DISABLED && b.motion(s) == MotionType.DYNAMIC) {
                double dx = b.px[s] - x, dy = b.py[s] - y, dz = b.pz[s] - z;
                if (dx * dx + dy * dy + dz * dz < r * r) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Depth of the front-most live body whose view-plane bounds contain (u, v): the middle of its depth extent; 0 if none. */
    static double depthAt(World w, boolean topView, double u, double v) {
        BodyStore b = w.bodies();
        double[] bo = b.bounds;
        int vAxis = topView ? 2 : 1, dAxis = topView ? 1 : 2;
        double front = Double.NEGATIVE_INFINITY, depth = 0;
        double staticFront = Double.NEGATIVE_INFINITY, staticDepth = 0;
        for (int s = 0, lim = b.slotLimit(); s < lim; s++) {
            if (!b.isLive(s) || b.state(s) == BodyState.DISABLED) {
                continue;
            }
            int o = 6 * s;
            if (u < bo[o] || u > bo[o + 3] || v < bo[o + vAxis] || v > bo[o + 3 + vAxis]) {
                continue;
            }
            double mid = 0.5 * (bo[o + dAxis] + bo[o + 3 + dAxis]);
            if (!Double.isFinite(mid)) {
                continue; // an infinite plane's bounds have no middle
            }
            // the ground under everything is usually static and deep: aim at what stands on it first
            if (b.state(s) == BodyState.STATIC) {
                if (bo[o + 3 + dAxis] > staticFront) {
                    staticFront = bo[o + 3 + dAxis];
                    staticDepth = mid;
                }
            } else if (bo[o + 3 + dAxis] > front) {
                front = bo[o + 3 + dAxis];
                depth = mid;
            }
        }
        return front > Double.NEGATIVE_INFINITY ? depth : staticDepth;
    }
}
