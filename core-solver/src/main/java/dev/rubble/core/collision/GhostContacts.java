package dev.rubble.core.collision;

import dev.rubble.core.body.BodyBounds;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.geometry.gjk.Gjk;
import dev.rubble.geometry.gjk.ManifoldBuilder;
import dev.rubble.geometry.gjk.PosedShape;
import dev.rubble.geometry.gjk.SupportShape;
import dev.rubble.geometry.gjk.Triangle;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;

/**
 * Drops speculative manifolds that cannot be touched this step ("ghost collisions"), after the
 * narrowphase and before the solve (docs/dynamics.md, "Speculative look-ahead").
 *
 * <p>A pair's speculative margin grows with its closing speed ({@code 0.02 m + |v| dt}), so a fast body
 * gets contacts with the features it is heading for, and the solver lets it close each point's gap
 * {@code s} at most. But a point is a feature's plane, not the feature: a sphere flying past a box edge
 * approaches the plane of the top face and leaves the face's extent before it would reach it, and the
 * solver stopped it at that plane anyway (a 0.1 m sphere at 300 m/s passing 1.9 m clear of a crate's
 * edge lost 73 % of its speed; at 20 m/s passing 2 cm clear, 74 %).
 *
 * <p>Rule, per manifold with an awake dynamic body, all of whose points are farther apart than
 * {@link #TOLERANCE}: if the bodies' motion over the step ({@code v dt}, plus {@code (g + F/m) dt²} for a
 * dynamic body, plus {@code |ω| R dt} of rotation) closes some point's gap, sweep B along the relative
 * linear motion against A (conservative advancement on GJK distances, Mirtich 1996, as
 * {@code SceneQuery.shapeCast}); if the sweep never comes within the tolerance, the manifold can hold no
 * contact this step and loses its points. Each body is swept as its own shape when it is convex and its
 * rotation moves no point more than {@link #TOLERANCE} (the sweep then keeps the tolerance plus that
 * {@code |ω| R dt}); otherwise (a spinning body, whose points move along arcs the linear sweep does not
 * follow, or a compound) as its reach ball: the ball of radius R about its centre of mass, which holds
 * its shape in every orientation. Before 2026-12-05 such pairs were all kept, and a 4 m rod spinning at
 * 100 rad/s 0.27 m clear of the ground was launched upward at 50 m/s by the speculative point of its
 * end's linearised motion. A static mesh is swept as the triangle the manifold belongs to (its sub-key), as a
 * compound that does not turn is swept as its child. Anything else keeps its manifold unchanged: planes, pairs
 * that do touch. A body deflected by another contact within the step is swept along its
 * velocity before the solve, as its speculative margin already is. Serial, in store order;
 * allocation-free.
 */
public final class GhostContacts {
    /**
     * Metres: a sweep that comes this close keeps the manifold (the narrowphase's base margin; Jolt's
     * and Box2D's speculative distance are about the same, so a pass within it may still graze).
     */
    public static final double TOLERANCE = 0.02;
    private static final int MAX_ITERATIONS = 32;
    /** Metres: a sweep this close to {@code keep} has reached it (conservative advancement converges from above). */
    private static final double SETTLED = 1e-6;
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();
    private static final byte KINEMATIC = (byte) MotionType.KINEMATIC.ordinal();

    private final Gjk gjk = new Gjk();
    private final Pose poseA = new Pose(), poseB = new Pose();
    private final PosedShape shapeA = new PosedShape(), shapeB = new PosedShape();
    private final double[] da = new double[3], db = new double[3];

    /**
     * Empties the manifolds of {@code cs} that no motion of this step can touch; returns how many.
     *
     * @param dt the step, seconds
     * @param gx world gravity, m/s² (its x, y, z)
     */
    public int filter(BodyStore b, ContactStore cs, double dt, double gx, double gy, double gz) {
        int removed = 0;
        for (int m = 0, n = cs.size(); m < n; m++) {
            int pc = cs.pointCount[m];
            if (pc == 0) {
                continue;
            }
            // the gap first, and out at the first point within the tolerance (a resting manifold's first
            // point is): the points are side by side, the bodies' states two look-ups elsewhere
            double gap = Double.POSITIVE_INFINITY;
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < pc; k++, p++) {
                double sp = cs.separation[p];
                if (!(sp > TOLERANCE)) {
                    gap = sp;
                    break;
                }
                gap = Math.min(gap, sp);
            }
            if (!(gap > TOLERANCE)) {
                continue;
            }
            int a = cs.bodyA[m], c = cs.bodyB[m];
            if (!awakeDynamic(b, a) && !awakeDynamic(b, c)) {
                continue;
            }
            displacement(b, a, dt, gx, gy, gz, da);
            displacement(b, c, dt, gx, gy, gz, db);
            double dx = db[0] - da[0], dy = db[1] - da[1], dz = db[2] - da[2];
            double closing = -(dx * cs.nx[m] + dy * cs.ny[m] + dz * cs.nz[m]);
            // the spin at the step's start, and what a torque adds within it (BodyBounds.torqueReach)
            double turnA = dt * angularSpeed(b, a) * reach(b, a) + BodyBounds.torqueReach(b, a, dt);
            double turnC = dt * angularSpeed(b, c) * reach(b, c) + BodyBounds.torqueReach(b, c, dt);
            // a fast pair's far-vertex manifold (ManifoldBuilder.WHIP_KEY) is swept even when its points
            // do not bind by the step's own motion: they are there for the spin an impact may start, and
            // kept only when the sweep can touch (a 4 m rod spinning at 100 rad/s 0.27 m clear of the
            // ground had its far corners, 3.5 m up, pushed by the solver and left at 40 m/s)
            boolean whip = (cs.key[m] & ManifoldBuilder.WHIP_KEY) != 0;
            // the relax iterations after the position update hold each point to the gap left after this
            // step's motion for one more step: a point that closes more than half its gap binds there
            // (a ball passing a frame's inner edge was slowed by the edge's plane it never reaches). Such a
            // manifold is swept over two steps of motion and dropped only if that sweep never touches
            boolean relaxOnly = !whip && closing + turnA + turnC <= gap;
            if (relaxOnly) {
                if (2 * (closing + turnA + turnC) <= gap) {
                    continue; // the points do not bind this step: keep
                }
                displacement(b, a, 2 * dt, gx, gy, gz, da);
                displacement(b, c, 2 * dt, gx, gy, gz, db);
                dx = db[0] - da[0];
                dy = db[1] - da[1];
                dz = db[2] - da[2];
                turnA *= 2;
                turnC *= 2;
            }
            // each body is swept as its shape when it is convex and turns by at most the tolerance, else as
            // its reach ball: the ball about its centre of mass that holds the shape in every orientation
            // (a spinning body's points move along arcs the linear sweep does not follow, and a compound's
            // children are not one convex shape)
            // a compound that does not turn is swept as the child the manifold belongs to: a body passing
            // through a hole of a frame, or of a wall a ball has holed, touches no child, and the reach ball
            // of the whole compound would keep every such manifold
            int childA = turnA <= TOLERANCE ? child(b.shape[a], cs.key[m], true) : -1;
            int childC = turnC <= TOLERANCE ? child(b.shape[c], cs.key[m], false) : -1;
            // a mesh (static) is swept as the triangle the manifold belongs to, as a compound as its child: its
            // reach ball is the whole level (a rod spinning 1.18 m from a mesh wall its 1 m arms never reach
            // was stopped and turned back by the speculative points of the triangles' planes)
            int triA = triangle(b.shape[a], cs.key[m]), triC = triangle(b.shape[c], cs.key[m]);
            boolean ballA = childA < 0 && triA < 0 && !sweptAsShape(b, a, turnA);
            boolean ballC = childC < 0 && triC < 0 && !sweptAsShape(b, c, turnC);
            if (ballA && !ballable(b.shape[a]) || ballC && !ballable(b.shape[c])) {
                continue; // a plane, or a mesh whose triangle the key does not name: keep
            }
            double keep = TOLERANCE + (ballA ? 0 : turnA) + (ballC ? 0 : turnC);
            boolean touches = triC >= 0 // the mesh held still: the other body swept against its triangle
                    ? sweepTouches(b, c, a, -dx, -dy, -dz, keep, ballC, ballA, childC, childA, triC)
                    : sweepTouches(b, a, c, dx, dy, dz, keep, ballA, ballC, childA, childC, triA);
            if (!touches && (triA >= 0 || triC >= 0)
                    && landsOnFace(b, cs, m, triA >= 0 ? a : c, triA >= 0 ? triA : triC, triA >= 0, dx, dy, dz, gap, keep)) {
                touches = true;
            }
            if (!touches) {
                cs.pointCount[m] = 0;
                removed++;
            }
        }
        return removed;
    }

    /** Whether body s is swept as its own shape: convex, and turning by at most the tolerance this step. */
    private static boolean sweptAsShape(BodyStore b, int s, double turn) {
        return b.shape[s].isConvex() && turn <= TOLERANCE;
    }

    /** Whether a shape has a finite reach ball (everything but planes and triangle meshes). */
    private static boolean ballable(Shape shape) {
        return shape.isConvex() || shape instanceof dev.rubble.spi.shape.Compound;
    }

    /**
     * Whether B's shape swept by (dx, dy, dz) comes within {@code keep} of A's (A held still): the
     * tolerance plus how far rotation may move a point this step.
     */
    private boolean sweepTouches(BodyStore b, int a, int c, double dx, double dy, double dz, double keep,
                                 boolean ballA, boolean ballC, int childA, int childC, int triA) {
        SupportShape sa;
        if (triA >= 0) {
            TriangleMesh mesh = (TriangleMesh) b.shape[a];
            bodyPose.set(b.originX(a), b.originY(a), b.originZ(a), b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
            sa = triangle.set(mesh, triA, bodyPose);
        } else if (ballA) {
            sa = this.ballA.at(b.px[a], b.py[a], b.pz[a], fullReach(b, a));
        } else if (childA >= 0) {
            Compound.Child ch = ((Compound) b.shape[a]).child(childA);
            sa = shapeA.set(ch.shape(), childPose(b, a, ch, poseA));
        } else {
            poseA.set(b.originX(a), b.originY(a), b.originZ(a), b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
            sa = shapeA.set(b.shape[a], poseA);
        }
        Shape moving = b.shape[c];
        // the moving body's reference pose: its centre of mass for its ball, its child's pose for a compound's
        // child, else its origin
        double ox, oy, oz, qx = b.qx[c], qy = b.qy[c], qz = b.qz[c], qw = b.qw[c];
        if (ballC) {
            ox = b.px[c];
            oy = b.py[c];
            oz = b.pz[c];
        } else if (childC >= 0) {
            Compound.Child ch = ((Compound) moving).child(childC);
            Pose pc = childPose(b, c, ch, poseB);
            moving = ch.shape();
            ox = pc.px;
            oy = pc.py;
            oz = pc.pz;
            qx = pc.qx;
            qy = pc.qy;
            qz = pc.qz;
            qw = pc.qw;
        } else {
            ox = b.originX(c);
            oy = b.originY(c);
            oz = b.originZ(c);
        }
        double ra = sa.radius(), rc = ballC ? fullReach(b, c) : moving.coreRadius();
        double t = 0;
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            SupportShape sc;
            if (ballC) {
                sc = this.ballC.at(ox + t * dx, oy + t * dy, oz + t * dz, rc);
            } else {
                poseB.set(ox + t * dx, oy + t * dy, oz + t * dz, qx, qy, qz, qw);
                sc = shapeB.set(moving, poseB);
            }
            if (!gjk.distance(sa, sc)) {
                return true; // cores overlap
            }
            double d = gjk.distance - ra - rc;
            if (!(d > keep + SETTLED)) {
                return true;
            }
            double[] nn = gjk.normal; // from A towards B
            double speed = -(nn[0] * dx + nn[1] * dy + nn[2] * dz);
            if (!(speed > 0)) {
                return false; // moving apart along the closest direction: the distance only grows
            }
            // advance to where the gap would be keep if B came straight at A: never past the first point
            // within keep (the distance falls no faster than the motion along the closest direction)
            t += (d - keep) / speed;
            if (t > 1) {
                return false;
            }
        }
        return true; // not settled: keep the contacts
    }

    /**
     * The child of compound {@code shape} that a manifold with sub-shape key {@code key} belongs to: the
     * narrowphase adds {@code (child + 1) << 48} to the keys of a compound's child manifolds when the
     * compound is body A, {@code (child + 1) << 32} when it is body B (DispatchTable); -1 when the shape is
     * no compound or the key names no child of it.
     */
    static int child(Shape shape, long key, boolean sideA) {
        if (!(shape instanceof Compound cp) || cp.childCount() >= 0xffff) {
            return -1;
        }
        int ch = (int) ((sideA ? key >>> 48 : key >>> 32) & 0xffff) - 1;
        return ch < cp.childCount() ? ch : -1;
    }

    /**
     * The triangle of mesh {@code shape} that a manifold with sub-key {@code key} belongs to: the mesh collider's
     * sub-key is the triangle's index (plus {@link ManifoldBuilder#WHIP_KEY} for a far-vertex manifold); -1 when
     * the shape is no mesh or the key names no triangle of it.
     */
    static int triangle(Shape shape, long key) {
        if (!(shape instanceof TriangleMesh mesh)) {
            return -1;
        }
        long t = key & ~ManifoldBuilder.WHIP_KEY;
        return t >= 0 && t < mesh.triangleCount() ? (int) t : -1;
    }

    private final Triangle triangle = new Triangle();
    private final Pose bodyPose = new Pose();

    /**
     * Whether a face manifold of mesh triangle {@code t} (its normal the face's) that the sweep never brings to
     * that triangle still holds this step: the other body's nearest point, moved along the relative motion
     * until it meets the face's plane, lands on a triangle of the same mesh in that plane. The face's plane
     * is then the floor it lands on, and the manifold is the only contact that says so: the triangle it lands
     * on gives none, as the body is not over it at the step's start (the mesh collider's smooth-edge face
     * contact clips the body against the triangle). Before (fuzz14), a 0.3 m ball falling at 45° at 154 m/s
     * from 0.5 m over a mesh floor lost this manifold and had no other: it passed through the floor in 31 of
     * 50 placements ({@code MeshFastLandingTest}). {@code dx, dy, dz} is the displacement of the manifold's
     * body B relative to its body A, {@code meshIsA} which of them the mesh is.
     */
    private boolean landsOnFace(BodyStore b, ContactStore cs, int m, int meshBody, int t, boolean meshIsA,
                                double dx, double dy, double dz, double gap, double keep) {
        TriangleMesh mesh = (TriangleMesh) b.shape[meshBody];
        bodyPose.set(b.originX(meshBody), b.originY(meshBody), b.originZ(meshBody), b.qx[meshBody], b.qy[meshBody],
                b.qz[meshBody], b.qw[meshBody]);
        double[] v = triangle.set(mesh, t, bodyPose).v;
        double fx = (v[4] - v[1]) * (v[8] - v[2]) - (v[5] - v[2]) * (v[7] - v[1]);
        double fy = (v[5] - v[2]) * (v[6] - v[0]) - (v[3] - v[0]) * (v[8] - v[2]);
        double fz = (v[3] - v[0]) * (v[7] - v[1]) - (v[4] - v[1]) * (v[6] - v[0]);
        double fl = Math.sqrt(fx * fx + fy * fy + fz * fz);
        if (!(fl > 0)) {
            return false;
        }
        fx /= fl;
        fy /= fl;
        fz /= fl;
        // the manifold's normal from the mesh to the other body, and the other body's motion relative to the mesh
        double sgn = meshIsA ? 1 : -1;
        double nx = sgn * cs.nx[m], ny = sgn * cs.ny[m], nz = sgn * cs.nz[m];
        double mx = sgn * dx, my = sgn * dy, mz = sgn * dz;
        double cos = nx * fx + ny * fy + nz * fz;
        if (Math.abs(cos) < FACE_COS) {
            return false; // an edge's or a corner's contact: no plane beyond the triangle
        }
        double closing = -(mx * nx + my * ny + mz * nz);
        if (!(closing > 0) || closing + keep < gap) {
            return false; // the plane is not reached this step
        }
        // the other body's nearest point (the manifold's deepest point on it), moved to where it meets the plane
        int p = m * ContactStore.MAX_POINTS;
        for (int k = 1, pc = cs.pointCount[m]; k < pc; k++) {
            if (cs.separation[m * ContactStore.MAX_POINTS + k] < cs.separation[p]) {
                p = m * ContactStore.MAX_POINTS + k;
            }
        }
        double f = Math.min(1, Math.max(0, gap / closing));
        double lx = (meshIsA ? cs.bx[p] : cs.ax[p]) + f * mx;
        double ly = (meshIsA ? cs.by[p] : cs.ay[p]) + f * my;
        double lz = (meshIsA ? cs.bz[p] : cs.az[p]) + f * mz;
        double plane = fx * v[0] + fy * v[1] + fz * v[2];
        double h = fx * lx + fy * ly + fz * lz - plane; // onto the plane
        lx -= h * fx;
        ly -= h * fy;
        lz -= h * fz;
        // into the mesh's frame for its tree
        double qx = -b.qx[meshBody], qy = -b.qy[meshBody], qz = -b.qz[meshBody], qw = b.qw[meshBody];
        double rx = lx - b.originX(meshBody), ry = ly - b.originY(meshBody), rz = lz - b.originZ(meshBody);
        double tx = 2 * (qy * rz - qz * ry), ty = 2 * (qz * rx - qx * rz), tz = 2 * (qx * ry - qy * rx);
        double ux = rx + qw * tx + (qy * tz - qz * ty), uy = ry + qw * ty + (qz * tx - qx * tz), uz = rz + qw * tz + (qx * ty - qy * tx);
        landing.set(mesh, bodyPose, fx, fy, fz, plane, lx, ly, lz);
        mesh.tree().query(ux - keep, uy - keep, uz - keep, ux + keep, uy + keep, uz + keep, landing);
        return landing.found;
    }

    /** A contact normal this close to a triangle's face normal is the face's (MeshCollider's test). */
    private static final double FACE_COS = 1 - 1e-9;

    private final Landing landing = new Landing();

    /** Finds a triangle of a mesh in a given plane that holds a given point (world frame). Allocation-free. */
    private static final class Landing implements dev.rubble.spi.shape.AabbTree.Visitor {
        private final Triangle tri = new Triangle();
        private TriangleMesh mesh;
        private Pose pose;
        private double fx, fy, fz, plane, px, py, pz;
        boolean found;

        void set(TriangleMesh mesh, Pose pose, double fx, double fy, double fz, double plane, double px, double py, double pz) {
            this.mesh = mesh;
            this.pose = pose;
            this.fx = fx;
            this.fy = fy;
            this.fz = fz;
            this.plane = plane;
            this.px = px;
            this.py = py;
            this.pz = pz;
            found = false;
        }

        @Override
        public boolean visit(int t) {
            double[] v = tri.set(mesh, t, pose).v;
            double e0x = v[3] - v[0], e0y = v[4] - v[1], e0z = v[5] - v[2];
            double e1x = v[6] - v[0], e1y = v[7] - v[1], e1z = v[8] - v[2];
            double cx = e0y * e1z - e0z * e1y, cy = e0z * e1x - e0x * e1z, cz = e0x * e1y - e0y * e1x;
            double cl = Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (!(cl > 0) || Math.abs(cx * fx + cy * fy + cz * fz) < FACE_COS * cl
                    || Math.abs(fx * v[0] + fy * v[1] + fz * v[2] - plane) > 1e-9 * (1 + Math.abs(plane))) {
                return true; // not in the plane
            }
            double qx = px - v[0], qy = py - v[1], qz = pz - v[2];
            double d00 = e0x * e0x + e0y * e0y + e0z * e0z, d01 = e0x * e1x + e0y * e1y + e0z * e1z;
            double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
            double d20 = qx * e0x + qy * e0y + qz * e0z, d21 = qx * e1x + qy * e1y + qz * e1z;
            double den = d00 * d11 - d01 * d01;
            double b1 = (d11 * d20 - d01 * d21) / den, b2 = (d00 * d21 - d01 * d20) / den;
            if (b1 >= -1e-9 && b2 >= -1e-9 && b1 + b2 <= 1 + 1e-9) {
                found = true;
                return false;
            }
            return true;
        }
    }

    /** The world pose of compound child {@code ch} of body s into {@code out}, composed as the narrowphase composes it. */
    private Pose childPose(BodyStore b, int s, Compound.Child ch, Pose out) {
        bodyPose.set(b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
        return out.setComposed(bodyPose, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
    }

    private static boolean awakeDynamic(BodyStore b, int s) {
        return b.state[s] == AWAKE && b.motion[s] == DYNAMIC;
    }

    /** Body s's linear motion over the step: {@code v dt}, plus {@code (g + F/m) dt²} when dynamic and awake. */
    private static void displacement(BodyStore b, int s, double dt, double gx, double gy, double gz, double[] out) {
        if (b.state[s] != AWAKE || (b.motion[s] != DYNAMIC && b.motion[s] != KINEMATIC)) {
            out[0] = out[1] = out[2] = 0;
            return;
        }
        out[0] = b.vx[s] * dt;
        out[1] = b.vy[s] * dt;
        out[2] = b.vz[s] * dt;
        if (b.motion[s] == DYNAMIC) {
            double g = b.gravityScale[s] * dt * dt;
            out[0] += gx * g;
            out[1] += gy * g;
            out[2] += gz * g;
            if (b.forced[s] != 0) { // applyForce and force fields act on every sub-step of this step
                double f = b.invMass[s] * dt * dt;
                out[0] += b.fx[s] * f;
                out[1] += b.fy[s] * f;
                out[2] += b.fz[s] * f;
            }
        }
    }

    private static double angularSpeed(BodyStore b, int s) {
        if (b.state[s] != AWAKE) {
            return 0;
        }
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        return Math.sqrt(wx * wx + wy * wy + wz * wz);
    }

    /** How far body s's shape reaches from its centre of mass (its local bounds' farthest corner); 0 when it does not turn. */
    private double reach(BodyStore b, int s) {
        if (angularSpeed(b, s) == 0) {
            return 0;
        }
        return fullReach(b, s);
    }

    /** How far body s's shape reaches from its centre of mass: the radius of a ball that holds it in every orientation. */
    private double fullReach(BodyStore b, int s) {
        return boundsCache.reach(b, s);
    }

    private final ShapeBoundsCache boundsCache = new ShapeBoundsCache();

    private final BallShape ballA = new BallShape(), ballC = new BallShape();

}
