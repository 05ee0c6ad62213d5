package dev.rubble.core.step;

import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import java.util.List;

/**
 * The COMMANDS slot: applies the queued commands in order (impulses, velocities, state changes,
 * spawns, removals, kinematic targets) through the body state machine, and keeps the applied list
 * for the journal.
 */
final class CommandStage {
    private final double[] scratch3 = new double[3];

    /** Applies {@code ctx}'s queued commands; returns how many. */
    int run(StepContext ctx) {
        List<Command> queued = ctx.queued;
        List<Command> applied = ctx.applied;
        applied.clear();
        int n = queued.size();
        for (int i = 0; i < n; i++) {
            Command c = queued.get(i);
            apply(ctx, c);
            applied.add(c);
        }
        queued.clear();
        return n;
    }

    private void apply(StepContext ctx, Command c) {
        BodyStates states = ctx.states;
        BodyStore bodies = ctx.bodies;
        if (c instanceof Command.ApplyImpulse a) {
            int s = bodies.slot(a.body());
            states.wake(s);
            double im = bodies.invMass[s];
            bodies.vx[s] += a.jx() * im;
            bodies.vy[s] += a.jy() * im;
            bodies.vz[s] += a.jz() * im;
            // angular: dw = I^-1 (r x J)
            double rx = a.px() - bodies.px[s], ry = a.py() - bodies.py[s], rz = a.pz() - bodies.pz[s];
            double tx = ry * a.jz() - rz * a.jy(), ty = rz * a.jx() - rx * a.jz(), tz = rx * a.jy() - ry * a.jx();
            double[] dw = scratch3;
            Inertia.applyInverseWorld(bodies, s, tx, ty, tz, dw);
            bodies.wx[s] += dw[0];
            bodies.wy[s] += dw[1];
            bodies.wz[s] += dw[2];
        } else if (c instanceof Command.SetVelocity v) {
            int s = bodies.slot(v.body());
            states.wake(s);
            bodies.vx[s] = v.vx();
            bodies.vy[s] = v.vy();
            bodies.vz[s] = v.vz();
            bodies.wx[s] = v.wx();
            bodies.wy[s] = v.wy();
            bodies.wz[s] = v.wz();
        } else if (c instanceof Command.SetState st) {
            int s = bodies.slot(st.body());
            states.setState(s, st.state());
            states.findPairsOnce(s); // wake once: a body made fixed has its fixed pairs collided once (no-op if awake)
        } else if (c instanceof Command.Spawn sp) {
            states.create(sp.def());
        } else if (c instanceof Command.Remove r) {
            states.remove(bodies.slot(r.body()));
        } else if (c instanceof Command.SetKinematicTarget k) {
            int s = bodies.slot(k.body());
            if (bodies.motion(s) != MotionType.KINEMATIC) {
                throw new IllegalArgumentException("kinematic target for body " + BodyStore.handleString(k.body())
                        + " which is " + bodies.motion(s).name().toLowerCase() + "; allowed: kinematic bodies");
            }
            Kinematics.setTarget(bodies, s, k.x(), k.y(), k.z(), k.qx(), k.qy(), k.qz(), k.qw(),
                    ctx.settings.dt());
        }
    }
}
