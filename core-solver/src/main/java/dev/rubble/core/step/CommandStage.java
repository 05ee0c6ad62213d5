package dev.rubble.core.step;

import dev.rubble.core.body.BodyBounds;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Velocities;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.dynamics.Motion;
import java.util.List;

/**
 * The COMMANDS slot: applies the queued commands in order (impulses, velocities, state changes,
 * spawns, removals, kinematic targets) through the body state machine, and keeps the applied list
 * for the journal.
 */
final class CommandStage {
    private final double[] scratch3 = new double[3];
    /** Handles of the bodies the Spawn commands of this step created, in order (see {@link Command#spawnedEarlier}). */
    private long[] spawned = new long[8];
    private int spawnedCount;

    /** Applies {@code ctx}'s queued commands; returns how many. */
    int run(StepContext ctx) {
        List<Command> queued = ctx.queued;
        List<Command> applied = ctx.applied;
        applied.clear();
        spawnedCount = 0;
        int n = queued.size();
        for (int i = 0; i < n; i++) {
            Command c = queued.get(i);
            apply(ctx, c);
            applied.add(c);
        }
        queued.clear();
        ctx.destruction.unions().flush(); // issue 29: removes before adds, each union rebuilt once
        return n;
    }

    /**
     * The slot of a command's body: a handle, or a reference to a body a Spawn command created
     * earlier in this step ({@link Command#spawnedEarlier}).
     */
    /** The slot of the union body carrying {@code body} (welded into a cluster union, issue 29), or -1. */
    private static int carrier(StepContext ctx, BodyStore bodies, long body) {
        if (!ctx.destruction.unions().any()) {
            return -1;
        }
        long h = ctx.destruction.unions().carrierOf(body);
        return h < 0 ? -1 : bodies.slot(h);
    }

    private int slot(BodyStore bodies, long body) {
        if (body < 0) {
            int k = (int) (-1 - body);
            if (k >= spawnedCount) {
                throw new IllegalArgumentException("command names the body of spawn command " + k
                        + " of this step, but only " + spawnedCount + " spawned before it; allowed: 0.."
                        + (spawnedCount - 1));
            }
            body = spawned[k];
        }
        return bodies.slot(body);
    }

    /**
     * Whether {@code c} names a body (by handle, not by spawn reference) that is gone when it applies:
     * removed by an earlier command of this step, or by the engine after a pre-solve hook queued the
     * command. The API checked the body when the command was queued, so it does nothing now: the
     * world steps on (a replay drops it the same way).
     */
    private static boolean namesGoneBody(BodyStore b, Command c) {
        if (c instanceof Command.OnBody o) {
            return gone(b, o.body());
        } else if (c instanceof Command.AddConstraint a) {
            return gone(b, a.bodyA()) || a.bodyB() != dev.rubble.core.dynamics.ConstraintStore.WORLD && gone(b, a.bodyB());
        } else if (c instanceof Command.IgnoreCollision x) {
            return gone(b, x.a()) || gone(b, x.b());
        }
        return false;
    }

    private static boolean gone(BodyStore b, long handle) {
        return handle >= 0 && !(b.isLive((int) handle) && b.handle((int) handle) == handle);
    }

    private void apply(StepContext ctx, Command c) {
        BodyStates states = ctx.states;
        BodyStore bodies = ctx.bodies;
        if (namesGoneBody(bodies, c)) {
            return;
        }
        if (c instanceof Command.ApplyImpulse a) {
            int s = slot(bodies, a.body());
            int u = carrier(ctx, bodies, a.body());
            if (u >= 0) {
                s = u; // welded (issue 29): the union's body takes the push, at the same world point
            }
            if (bodies.state(s) == BodyState.DISABLED) {
                return; // out of the simulation (a kill field): ignored, as forces and torques are (docs/fields.md)
            }
            states.wake(s);
            // v += J/m, w += I^-1 (r x J); a push that overflows leaves the body at the speed limit (Velocities)
            DynamicsSettings ds = ctx.settings.dynamics();
            Velocities.addSaturating(bodies.vx, bodies.vy, bodies.vz, s, a.jx(), a.jy(), a.jz(), bodies.invMass[s],
                    ds.maxLinearSpeed());
            Velocities.addImpulseSpin(bodies, s, a.jx(), a.jy(), a.jz(), a.px(), a.py(), a.pz(), ds.maxAngularSpeed(),
                    scratch3);
            ctx.lookAhead(s);
            carried(ctx, s);
        } else if (c instanceof Command.SetVelocity v) {
            int s = slot(bodies, v.body());
            int u = carrier(ctx, bodies, v.body());
            if (u >= 0) {
                if (bodies.state(u) == BodyState.STATIC || bodies.state(u) == BodyState.DISABLED) {
                    // a union held static by a static member never moves (docs/destruction.md, "Cluster unions"), nor
                    // does one out of the simulation: ignored, as on a plain static or disabled body. Before, the
                    // static union's body took the velocity and dragged what rested on it (fuzz10)
                    return;
                }
                // welded (issue 29): the union moves so that the member's centre of mass has velocity v and
                // it turns at w: w_u = w, v_u = v - w x (p_member - p_union)
                double rx = bodies.px[s] - bodies.px[u], ry = bodies.py[s] - bodies.py[u], rz = bodies.pz[s] - bodies.pz[u];
                states.wake(u);
                bodies.vx[u] = v.vx() - (v.wy() * rz - v.wz() * ry);
                bodies.vy[u] = v.vy() - (v.wz() * rx - v.wx() * rz);
                bodies.vz[u] = v.vz() - (v.wx() * ry - v.wy() * rx);
                bodies.wx[u] = v.wx();
                bodies.wy[u] = v.wy();
                bodies.wz[u] = v.wz();
                ctx.lookAhead(u);
                carried(ctx, u);
                return;
            }
            if (bodies.state(s) == BodyState.STATIC) {
                return; // never moves: a velocity would only drag what rests on it (static since the command was queued)
            }
            if (bodies.state(s) == BodyState.DISABLED) {
                return; // out of the simulation (a kill field): ignored, as impulses, forces and torques are (docs/fields.md)
            }
            states.wake(s);
            bodies.vx[s] = v.vx();
            bodies.vy[s] = v.vy();
            bodies.vz[s] = v.vz();
            bodies.wx[s] = v.wx();
            bodies.wy[s] = v.wy();
            bodies.wz[s] = v.wz();
            Motion.limitKinematic(bodies, s, ctx.settings.dynamics()); // dynamic bodies: the integrator clamps
            ctx.lookAhead(s);
            carried(ctx, s);
        } else if (c instanceof Command.SetState st) {
            int s = slot(bodies, st.body());
            if (ctx.destruction.unions().any() && ctx.destruction.unions().unionOfMember(st.body()) >= 0) {
                return; // welded into a cluster union (issue 29): disabled while the union's body moves for it; enabled it would be simulated twice
            }
            states.setState(s, st.state());
            states.findPairsOnce(s); // wake once: a body made fixed has its fixed pairs collided once (no-op if awake)
        } else if (c instanceof Command.Spawn sp) {
            long h = states.create(sp.def());
            if (spawnedCount == spawned.length) {
                spawned = java.util.Arrays.copyOf(spawned, 2 * spawnedCount);
            }
            spawned[spawnedCount++] = h;
            Motion.limitKinematic(bodies, bodies.slot(h), ctx.settings.dynamics());
            ctx.lookAhead(bodies.slot(h));
        } else if (c instanceof Command.Remove r) {
            int s = slot(bodies, r.body());
            ConstraintOps.removeBody(ctx, bodies.handle(s)); // its constraints end with it (issue 29)
            states.remove(s);
        } else if (c instanceof Command.Destruction d) {
            ctx.destruction.apply(d);
        } else if (c instanceof Command.ClusterUnion u) {
            ctx.destruction.unions().queue(u); // issue 29: flushed as one batch at the end of this slot
        } else if (c instanceof Command.SetKinematicTarget k) {
            int s = slot(bodies, k.body());
            if (bodies.motion(s) != MotionType.KINEMATIC) {
                throw new IllegalArgumentException("kinematic target for body " + BodyStore.handleString(k.body())
                        + " which is " + bodies.motion(s).name().toLowerCase() + "; allowed: kinematic bodies");
            }
            int u = carrier(ctx, bodies, k.body());
            if (u >= 0) {
                // a kinematic member welded into a union (docs/destruction.md, "Cluster unions"): a kinematic union
                // moves so that the member's origin reaches the target, as a pose set on a member moves it; a static
                // union never moves. Before (fuzz10) the target went to the member's disabled body and was lost
                if (bodies.motion(u) == MotionType.KINEMATIC && bodies.state(u) != BodyState.DISABLED) {
                    double[] p = scratch7;
                    double n = Math.sqrt(k.qx() * k.qx() + k.qy() * k.qy() + k.qz() * k.qz() + k.qw() * k.qw());
                    ctx.destruction.unions().carrierPoseFor(k.body(), k.x(), k.y(), k.z(), k.qx() / n, k.qy() / n,
                            k.qz() / n, k.qw() / n, p);
                    Kinematics.setCentreTarget(bodies, u, p[0], p[1], p[2], p[3], p[4], p[5], p[6],
                            ctx.settings.dt());
                    states.wake(u);
                    ctx.lookAhead(u);
                    carried(ctx, u);
                }
                return;
            }
            Kinematics.setTarget(bodies, s, k.x(), k.y(), k.z(), k.qx(), k.qy(), k.qz(), k.qw(),
                    ctx.settings.dt());
            ctx.lookAhead(s);
        } else if (c instanceof Command.SetPose t) {
            setPose(ctx, t, this);
        } else if (c instanceof Command.SetEventRequest r) {
            ctx.events.setRequest(r.kind(), r.request());
        } else if (c instanceof Command.SetBodyEvents e) {
            int s = slot(bodies, e.body());
            ctx.events.setBodyKinds(s, bodies.handle(s), e.kinds());
        } else if (c instanceof Command.SetCollectionEvents e) {
            ctx.events.setCollectionKinds(e.collection(), e.kinds());
        } else if (c instanceof Command.ApplyField || c instanceof Command.RemoveField) {
            ctx.fields.apply(c, ctx.time);
        } else if (c instanceof Command.AddConstraint a) {
            int sb = a.bodyB() == dev.rubble.core.dynamics.ConstraintStore.WORLD ? -1 : slot(bodies, a.bodyB());
            ConstraintOps.add(ctx, a, slot(bodies, a.bodyA()), sb);
        } else if (c instanceof Command.RemoveConstraint r) {
            ConstraintOps.remove(ctx, r.id());
        } else if (c instanceof Command.ApplyForce f) {
            int s = slot(bodies, f.body());
            int u = carrier(ctx, bodies, f.body());
            if (u >= 0) {
                // welded (issue 29): the force acts on the union at the member's centre of mass
                double rx = bodies.px[s] - bodies.px[u], ry = bodies.py[s] - bodies.py[u], rz = bodies.pz[s] - bodies.pz[u];
                driven(states, u, f.fx(), f.fy(), f.fz());
                bodies.addForce(u, f.fx(), f.fy(), f.fz());
                bodies.addTorque(u, ry * f.fz() - rz * f.fy(), rz * f.fx() - rx * f.fz(), rx * f.fy() - ry * f.fx());
                forceLookAhead(ctx, u);
                return;
            }
            if (bodies.motion[s] == MotionType.DYNAMIC.ordinal() && bodies.state(s) != BodyState.DISABLED) {
                driven(states, s, f.fx(), f.fy(), f.fz());
                bodies.addForce(s, f.fx(), f.fy(), f.fz());
                forceLookAhead(ctx, s);
            }
        } else if (c instanceof Command.SetCollisionFilter f) {
            int s = slot(bodies, f.body());
            bodies.collisionLayer[s] = f.layer();
            bodies.collisionMask[s] = f.mask();
            states.wakeAndRestart(s);
            states.wakeOverlapping(s); // what rested on it may now fall through it
        } else if (c instanceof Command.IgnoreCollision x) {
            int sa = slot(bodies, x.a()), sb = slot(bodies, x.b());
            if (sa == sb) {
                throw new IllegalArgumentException("ignore-pair names body " + BodyStore.handleString(bodies.handle(sa))
                        + " twice; allowed: two different bodies");
            }
            if (bodies.ignoredPairs.set(bodies.handle(sa), bodies.handle(sb), x.ignore())) {
                states.wakeAndRestart(sa);
                states.wakeAndRestart(sb);
            }
        } else if (c instanceof Command.ApplyTorque q) {
            int s = slot(bodies, q.body());
            int u = carrier(ctx, bodies, q.body());
            if (u >= 0) {
                s = u; // welded (issue 29): the union turns with it
            }
            if (bodies.motion[s] == MotionType.DYNAMIC.ordinal() && bodies.state(s) != BodyState.DISABLED) {
                driven(states, s, q.tx(), q.ty(), q.tz());
                bodies.addTorque(s, q.tx(), q.ty(), q.tz());
                forceLookAhead(ctx, s); // the turn it starts within this step (docs/dynamics.md, "Fast turns")
            }
        }
    }

    /**
     * Wakes body {@code s}, which a force or torque command {@code (x, y, z)} pushes this step, and, when
     * the push is not zero, starts its rest time again: a body driven every step is not at rest, however
     * slowly it moves (Rapier's strong wake-up in {@code add_force}; PhysX resets the wake counter). Before,
     * a box pushed along the ground with 1.01 times the friction force crept at under 0.05 m/s, fell asleep
     * after {@code timeToSleep}, lost its velocity, was woken by the next push and fell asleep again: it
     * stayed below 0.03 m/s for ever instead of accelerating at {@code (F - mu m g) / m}
     * (docs/java-api.md, "Changing the world: commands"). A push of zero only wakes.
     */
    private static void driven(BodyStates states, int s, double x, double y, double z) {
        if (x != 0 || y != 0 || z != 0) {
            states.wakeAndRestart(s);
        } else {
            states.wake(s);
        }
    }

    /**
     * Bounds that cover what a force moves body {@code s} within this step, at any size (as gravity's; mesh16: below
     * the narrowphase's 2 cm margin a box 1 mm from a wall had no pair with it and was pushed 1.29 cm in), or a torque
     * turns it, once that outgrows the margin (BodyBounds.pushOutrunsMargin; fuzz12: a force that launched a body
     * within one step carried it through a wall, a torque that spun a rod up swept its end through a plate).
     */
    private static void forceLookAhead(StepContext ctx, int s) {
        if (dev.rubble.core.body.BodyBounds.pushOutrunsMargin(ctx.bodies, s, ctx.settings.dt())) {
            ctx.lookAhead(s);
        }
    }

    /**
     * Teleport (added for the public API): orientation first (the origin's offset from the centre
     * of mass depends on it), then the origin; bounds and the broadphase proxy are refreshed now,
     * because the BROADPHASE slot only refreshes awake bodies and would otherwise miss this step's
     * pairs at the new place.
     */
    private static void setPose(StepContext ctx, Command.SetPose t, CommandStage stage) {
        BodyStore b = ctx.bodies;
        int s = stage.slot(b, t.body());
        double inv = 1 / Math.sqrt(t.qx() * t.qx() + t.qy() * t.qy() + t.qz() * t.qz() + t.qw() * t.qw());
        double qx = t.qx() * inv, qy = t.qy() * inv, qz = t.qz() * inv, qw = t.qw() * inv;
        int u = carrier(ctx, b, t.body());
        if (u >= 0) {
            // welded (issue 29): the union's body moves so that the member's origin lands on the pose
            double[] p = stage.scratch7;
            ctx.destruction.unions().carrierPoseFor(t.body(), t.x(), t.y(), t.z(), qx, qy, qz, qw, p);
            // a static union wakes what rested on it and what it now touches, as a static body does (fuzz10)
            teleport(ctx, u, p[0], p[1], p[2], p[3], p[4], p[5], p[6], false);
            carried(ctx, u);
            return;
        }
        teleport(ctx, s, t.x(), t.y(), t.z(), qx, qy, qz, qw, true);
        if (ctx.constraints.size() > 0) {
            ConstraintOps.wakeJoined(ctx, b.handle(s)); // its joints pull on what sleeps joined to it
        }
        carried(ctx, s);
    }

    /**
     * Slot s woken and put at orientation q and at (x, y, z), its origin when {@code origin}, else its centre of mass
     * (the orientation first: the origin's offset from the centre depends on it); bounds and proxy refreshed. A
     * static body wakes what rested on it at the old place and what it touches at the new one.
     */
    private static void teleport(StepContext ctx, int s, double x, double y, double z, double qx, double qy,
                                 double qz, double qw, boolean origin) {
        BodyStates states = ctx.states;
        BodyStore b = ctx.bodies;
        boolean isStatic = b.state(s) == BodyState.STATIC;
        if (isStatic) {
            states.wakeOverlapping(s); // what rested on it at the old place
        }
        states.wakeAndRestart(s);
        b.qx[s] = qx;
        b.qy[s] = qy;
        b.qz[s] = qz;
        b.qw[s] = qw;
        if (origin) {
            b.setOriginPosition(s, x, y, z);
        } else {
            b.px[s] = x;
            b.py[s] = y;
            b.pz[s] = z;
        }
        refreshBounds(ctx, b, s);
        if (isStatic) {
            states.wakeOverlapping(s); // what it now touches at the new place
        }
    }

    /**
     * When slot s is a cluster union's body that a command just moved (issue 29): its members' own bodies
     * take the pose and velocity it now carries them at, so that what reads them later in this step (a field
     * on their held pieces, the pre-solve hook, a velocity set on a member) does not see where the last
     * DESTRUCTION slot left them. Nothing otherwise (the same bits).
     */
    private static void carried(StepContext ctx, int s) {
        if (ctx.destruction.unions().any()) {
            ctx.destruction.unions().syncCarried(s);
        }
    }

    /** Body s's bounds (grown by its look-ahead when awake) and broadphase proxy, now. */
    private static void refreshBounds(StepContext ctx, BodyStore b, int s) {
        b.updateBounds(s);
        if (b.state(s) == BodyState.AWAKE) {
            BodyBounds.expandBounds(b, s, ctx.settings.dt());
        }
        if (ctx.broadphase.contains(s)) {
            double[] bo = b.bounds;
            int o = s * 6;
            ctx.broadphase.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
    }

    private final double[] scratch7 = new double[7];
}
