package dev.rubble.tui;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;

/** The console's "impulse at a point": queued as ordinary commands, so journals record and verify them. */
final class Impulses {
    private Impulses() {
    }

    static int queue(World w, double x, double y, double z, double radius, double dv) {
        BodyStore b = w.bodies();
        int n = 0;
        double r2 = radius * radius;
        for (int s = 0, lim = b.slotLimit(); s < lim; s++) {
            if (!b.isLive(s) || b.motion(s) != MotionType.DYNAMIC || b.state(s) == BodyState.DISABLED) {
                continue;
            }
            // a NaN coordinate is the view's depth axis: distance is measured in the view plane
            if (push(w, s, x, y, z, r2, dv)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Queues the impulse for the body in slot {@code s} if its centre lies within {@code sqrt(r2)} of
     * the point (NaN coordinates ignored): away from the point and upwards, {@code dv} m/s times its
     * mass. Returns whether it queued one.
     */
    static boolean push(World w, int s, double x, double y, double z, double r2, double dv) {
        BodyStore b = w.bodies();
        double dx = Double.isNaN(x) ? 0 : b.px[s] - x;
        double dy = Double.isNaN(y) ? 0 : b.py[s] - y;
        double dz = Double.isNaN(z) ? 0 : b.pz[s] - z;
        double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > r2) {
            return false;
        }
        double d = Math.sqrt(d2);
        double ux = d > 1e-9 ? dx / d : 0, uy = d > 1e-9 ? dy / d : 1, uz = d > 1e-9 ? dz / d : 0;
        uy += 1; // and upwards
        double m = b.mass[s] * dv;
        w.queue(new Command.ApplyImpulse(b.handle(s), ux * m, uy * m, uz * m, b.px[s], b.py[s], b.pz[s]));
        return true;
    }
}
