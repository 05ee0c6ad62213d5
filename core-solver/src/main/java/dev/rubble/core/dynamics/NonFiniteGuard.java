package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyStates;

/**
 * Finds awake bodies whose position, orientation or velocity stopped being finite during a step
 * and isolates them: each is disabled (it leaves the broadphase, so no contact carries its NaN to
 * a neighbour next step) and counted; the world keeps running. Without it one bad body (a mass
 * that underflows, a solver blow-up) turned every body it touched NaN within a few steps, even a
 * body 15 m away that shared only the ground with it, and NaN bodies then fell asleep where no test
 * would see them again (issue 17, item 1).
 *
 * <p>Called once per step after the solver, before islands and sleep. The scan reads 13 doubles
 * per awake body and allocates nothing; only when it finds one does it collect and disable. The
 * body keeps its non-finite values (what went wrong stays visible in the output); its velocities
 * are zeroed so re-enabling it does not throw it. A body whose inverse mass or inertia is not
 * finite is isolated at once, before its first contact. A NaN that first appears inside the
 * solver can reach, within that one step, the bodies touching the same static body (the solver's
 * shared fixed body carries it): they fail the same test and are isolated with it.
 *
 * <p>A body whose centre of mass the step carried beyond ±{@value #RANGE} m on an axis (the range of every
 * position the API, scenarios and snapshots take) is isolated the same way: it is out of the world, as
 * Unreal's world-bounds check takes actors beyond {@code WORLD_MAX} out. Before, it was simulated on, and its
 * world saved a snapshot that every restore refused as damaged ({@code body slot 0 position =
 * (1.0000000066E9, 0.0, 0.0); allowed: finite, within ±1.0E9}): a projectile flying on, or a union member
 * placed far out in its union's frame.
 */
public final class NonFiniteGuard {
    private NonFiniteGuard() {
    }

    /** The largest |x|, |y| or |z| of a simulated body's centre of mass, metres (snapshots restore no larger one). */
    public static final double RANGE = BodyStore.MAX_COORDINATE;

    /**
     * Disables every awake dynamic or kinematic body with a non-finite pose or velocity, or a centre of mass
     * beyond ±{@link #RANGE}; returns how many.
     */
    public static int isolate(BodyStates states, BodyStore b) {
        int awake = b.awakeCount();
        int found = 0;
        for (int i = 0; i < awake; i++) {
            if (!finite(b, b.order[i])) {
                found++;
            }
        }
        if (found == 0) {
            return 0;
        }
        // collect first: disabling reorders the awake range
        int[] bad = new int[found];
        int n = 0;
        for (int i = 0; i < awake; i++) {
            int s = b.order[i];
            if (!finite(b, s)) {
                bad[n++] = s;
            }
        }
        for (int s : bad) {
            b.vx[s] = b.vy[s] = b.vz[s] = 0;
            b.wx[s] = b.wy[s] = b.wz[s] = 0;
            if (b.motion(s) != MotionType.STATIC) {
                states.setState(s, BodyState.DISABLED);
            }
        }
        return found;
    }

    /** Whether body {@code s}'s position (within ±{@link #RANGE}), orientation and velocities are all finite. */
    static boolean finite(BodyStore b, int s) {
        // x - x is 0 for finite x and NaN for NaN or infinity: one test per value, no branches per value
        double z = (b.px[s] - b.px[s]) + (b.py[s] - b.py[s]) + (b.pz[s] - b.pz[s])
                + (b.qx[s] - b.qx[s]) + (b.qy[s] - b.qy[s]) + (b.qz[s] - b.qz[s]) + (b.qw[s] - b.qw[s])
                + (b.vx[s] - b.vx[s]) + (b.vy[s] - b.vy[s]) + (b.vz[s] - b.vz[s])
                + (b.wx[s] - b.wx[s]) + (b.wy[s] - b.wy[s]) + (b.wz[s] - b.wz[s])
                // an inverse mass or inertia that overflowed (a mass that underflowed) makes NaN at the
                // body's first contact, and the solver's shared fixed body carries it to every body
                // touching the same static body within that step: isolate such a body before it touches
                + (b.invMass[s] - b.invMass[s]) + (b.invIx[s] - b.invIx[s]) + (b.invIy[s] - b.invIy[s])
                + (b.invIz[s] - b.invIz[s]);
        // NaN fails the range test too; the first test alone keeps an infinite velocity out
        return z == 0 && Math.abs(b.px[s]) <= RANGE && Math.abs(b.py[s]) <= RANGE && Math.abs(b.pz[s]) <= RANGE;
    }
}
