package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;

/**
 * Per-step state of the soft–rigid coupling, shared by its stages ({@link SoftRigidCoupling} fills
 * it in {@code prepare}; {@link ContinuousSweep}, {@link CageProjection},
 * {@link RigidOnStaticProjection} and {@link RigidResponse} read and write it within the step),
 * in the way Box2D v3's solver stages share a step context. Arrays grow and are kept: nothing is
 * allocated in a steady step.
 */
final class CouplingState {
    BodyStore rigid;
    SoftBodyStore store;
    int pairs;
    int[] pairSoft = new int[16], pairSlot = new int[16];
    /**
     * Per pair: the child of the rigid body's compound shape it collides with, or the triangle of its
     * triangle mesh, or -1 when the body's shape is neither (a compound body brings one pair per child
     * near the soft body, a mesh one pair per triangle).
     */
    int[] pairChild = new int[16];
    /**
     * Per pair: this step's collision load on the rigid body (N·s: the corrections of its contacts made while the
     * soft body approached the rigid surface at {@link #MIN_APPROACH_SPEED} or faster, divided by the sub-step),
     * and the load-weighted sum of the world points it acted at (3 per pair). Destruction reads them as
     * collision strain ({@code ContactStore#addSoftLoad}).
     */
    double[] pairLoad = new double[16], pairLoadAt = new double[48];
    /**
     * Per soft body (3 each): its mass-weighted mean velocity at the sub-step's start, before the sub-step's
     * gravity. A contact loads the rigid body when the soft body as a whole approaches it, not when a point
     * jitters: a jelly block resting on a slab has points moving at up to 0.14 m/s within it, and its whole
     * weight would load the slab every step.
     */
    double[] softVelocity = new double[12];
    /** Contacts approaching slower than this load nothing (as rigid contacts: Chaos's 1 cm/s). */
    static final double MIN_APPROACH_SPEED = 0.01;

    /** Adds impulse {@code j} (N·s) at world point (x, y, z) to pair {@code k}'s load if the soft body approached at {@code approach} m/s. */
    void load(int k, double approach, double x, double y, double z, double j) {
        if (approach >= MIN_APPROACH_SPEED && j > 0 && Double.isFinite(j)) {
            pairLoad[k] += j;
            pairLoadAt[3 * k] += j * x;
            pairLoadAt[3 * k + 1] += j * y;
            pairLoadAt[3 * k + 2] += j * z;
        }
    }
    double[] bodyBounds = new double[24];
    int moving;
    int[] movingSlot = new int[16];
    /**
     * Per moving dynamic candidate k: the static bodies near it (bounds overlap, swept over the step), slots
     * {@code nearSlot[nearStart[k] .. nearStart[k + 1])}: what {@link RigidOnStaticProjection} keeps it out of.
     */
    int[] nearStart = new int[17], nearSlot = new int[16];
    int touched;
    int[] touchedSlot = new int[16];
    int[] stamp = new int[16];
    int stampValue;
    int[] contactSlot = new int[0];
    /**
     * Per point: the rigid slot a two-way attachment joins it to this pass, or -1 (sized and filled by
     * {@link AttachmentCoupling}; read only while {@code coupledPoints > 0}): a point does not collide with the
     * body holding it.
     */
    int[] heldBy = new int[0];
    int coupledPoints;
    /** Per soft body: whether it has two-way attachments this pass (read only while {@code coupledPoints > 0}). */
    boolean[] coupledBody = new boolean[0];
    double[] contactN = new double[0], contactDepth = new double[0];
    /** Per pair: index of its first rigid feature in the feature arrays (continuous collision). */
    int[] pairFeature = new int[17];
    /** Per rigid feature: surface triangle it entered through (held until it is out again), or -1. */
    int[] featTri = new int[0];
    /** Per moving candidate k: its shape origin and orientation when the sub-step began. */
    double[] startPose = new double[7 * 16];
    /**
     * Per moving candidate k (12 values): the displacement velocity u = (end - start) / dt the
     * rigid solver moved it by this step, its angular counterpart, and the reference linear and
     * angular velocities against which the soft contacts' velocity changes are measured.
     */
    double[] motion = new double[12 * 16];
    /** Per rigid slot: its index among the moving candidates, or -1 (static, sleeping, kinematic at rest). */
    int[] movingIndex = new int[16];
    /**
     * Per point: the pair (rigid body, and child of a compound) whose face it entered through, or -1; the face's
     * local plane (n, offset), in the frame of that pair's shape.
     */
    int[] entryPair = new int[0];
    double[] entryPlane = new double[0];
    /** Scratch shared by the stages (a value is always written before it is read). */
    final double[] tmp = new double[4];
    /** Scratch bounds (min xyz, max xyz). */
    final double[] tmp6 = new double[6];
    /** Scratch of {@link #poses}. */
    private final double[] pose = new double[14];

    /**
     * Rigid slot {@code slot}'s shape pose now (origin x, y, z, orientation x, y, z, w at 0..6) and
     * when the sub-step began (7..13: the recorded start pose of a moving candidate, else the pose
     * now), in a scratch array overwritten by the next call.
     */
    double[] poses(int slot) {
        BodyStore b = rigid;
        double[] p = pose;
        p[0] = b.originX(slot);
        p[1] = b.originY(slot);
        p[2] = b.originZ(slot);
        p[3] = b.qx[slot];
        p[4] = b.qy[slot];
        p[5] = b.qz[slot];
        p[6] = b.qw[slot];
        int mi = movingIndex[slot];
        System.arraycopy(mi >= 0 ? startPose : p, mi >= 0 ? 7 * mi : 0, p, 7, 7);
        return p;
    }

    /**
     * The shape pair {@code k} collides with: the rigid body's own, or its compound child's; for a triangle
     * mesh the mesh (the pair's triangle is {@link #pairChild}).
     */
    Shape pairShape(int k) {
        Shape shape = rigid.shape[pairSlot[k]];
        int c = pairChild[k];
        return c < 0 || shape instanceof TriangleMesh ? shape : ((Compound) shape).child(c).shape();
    }

    /**
     * Pair {@code k}'s shape pose now (0..6) and when the sub-step began (7..13), as {@link #poses}: the
     * body's, or for a compound's child the body's pose followed by the child's place in the compound
     * (origin + R c, q q_c), in the same scratch array.
     */
    double[] pairPoses(int k) {
        double[] p = poses(pairSlot[k]);
        int c = pairChild[k];
        if (c >= 0 && rigid.shape[pairSlot[k]] instanceof Compound compound) {
            Compound.Child ch = compound.child(c);
            compose(p, 0, ch);
            compose(p, 7, ch);
        }
        return p;
    }

    private static void compose(double[] p, int o, Compound.Child ch) {
        double qx = p[o + 3], qy = p[o + 4], qz = p[o + 5], qw = p[o + 6];
        double cx = ch.x(), cy = ch.y(), cz = ch.z();
        p[o] += Inertia.rotX(qx, qy, qz, qw, cx, cy, cz);
        p[o + 1] += Inertia.rotY(qx, qy, qz, qw, cx, cy, cz);
        p[o + 2] += Inertia.rotZ(qx, qy, qz, qw, cx, cy, cz);
        double bx = ch.qx(), by = ch.qy(), bz = ch.qz(), bw = ch.qw();
        p[o + 3] = qw * bx + qx * bw + qy * bz - qz * by;
        p[o + 4] = qw * by - qx * bz + qy * bw + qz * bx;
        p[o + 5] = qw * bz + qx * by - qy * bx + qz * bw;
        p[o + 6] = qw * bw - qx * bx - qy * by - qz * bz;
    }
}
