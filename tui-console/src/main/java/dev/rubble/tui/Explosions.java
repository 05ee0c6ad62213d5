package dev.rubble.tui;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * The console's explosion ({@code e}; SPEC §7 "the explosion recipe": radial strain and radial
 * velocity): everything goes through ordinary commands, so journals record it and {@code verify}
 * re-simulates it.
 *
 * <ol>
 *   <li>the point: the cursor in the view plane; its depth is the middle of the front-most body
 *       under the cursor (largest z in the side view, largest y in the top view), 0 when none;</li>
 *   <li>{@link Command.ExternalStrainAt} of {@code +∞} within the radius (when collections exist):
 *       every child of an active holder the sphere meets breaks at the next step's evaluation;</li>
 *   <li>the radial impulse of the {@code i} key on the dynamic bodies within the radius now;</li>
 *   <li>after the step that applies the strain, the same impulse on the pieces that step released
 *       within the radius (they did not exist when the key was pressed).</li>
 * </ol>
 */
final class Explosions implements StepObserver {
    /** Where an explosion went and how many bodies it pushed at once. */
    record Blast(double x, double y, double z, int pushed) {
    }

    private record Pending(long step, double x, double y, double z, double radius, double dv) {
    }

    private final List<Pending> pending = new ArrayList<>();
    private World attached;

    /** Queues an explosion at view-plane point (u, v) of {@code w}. */
    Blast explode(World w, boolean topView, double u, double v, double radius, double dv) {
        double depth = depthAt(w, topView, u, v);
        double x = u, y = topView ? depth : v, z = topView ? v : depth;
        if (w.destruction().collectionCount() > 0) {
            w.queue(new Command.ExternalStrainAt(x, y, z, radius, Double.POSITIVE_INFINITY, 0, 1));
        }
        int n = Impulses.queue(w, x, topView ? Double.NaN : y, topView ? z : Double.NaN, radius, dv);
        if (attached != w) {
            w.addObserver(this);
            attached = w;
        }
        // the follow-up measures distance in the view plane too (NaN = the depth axis, ignored)
        pending.add(new Pending(w.stepIndex(), x, topView ? Double.NaN : y, topView ? z : Double.NaN, radius, dv));
        return new Blast(x, y, z, n);
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

    @Override
    public void afterStep(World w, StepProfile p) {
        if (pending.isEmpty()) {
            return;
        }
        BreakEvents e = w.destruction().events();
        BodyStore b = w.bodies();
        for (int i = pending.size() - 1; i >= 0; i--) {
            Pending q = pending.get(i);
            if (p.step() < q.step()) {
                continue;
            }
            pending.remove(i);
            if (p.step() != q.step() || e.step() != q.step()) {
                continue; // no breaks in that step
            }
            double r2 = q.radius() * q.radius();
            for (int k = 0, n = e.count(); k < n; k++) {
                long h = e.body[k];
                int s = (int) h;
                if (s < 0 || s >= b.slotLimit() || !b.isLive(s) || b.handle(s) != h || b.motion(s) != MotionType.DYNAMIC || b.state(s) == BodyState.DISABLED) {
                    continue;
                }
                Impulses.push(w, s, q.x(), q.y(), q.z(), r2, q.dv());
            }
        }
    }
}
