package dev.rubble.core.render;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.soft.SoftBodyStore;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.Skinning;
import dev.rubble.core.world.World;
import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import java.util.Objects;
import java.util.function.IntPredicate;

/**
 * Fills a {@link FrameBuffer} from live bodies, so renderers draw a world without seeing it.
 * Drawables come in body order (awake, then sleeping, then static; disabled bodies are left out),
 * posed at the body origin (the shape's frame, not the centre of mass), with the store's own bounds, so a renderer that draws bounds draws exactly what the world holds.
 * From a live world with placed geometry collections ({@link #fill(World, FrameBuffer)}), a body
 * that holds a cluster node carries that node's level, whether its subtree holds an anchored node
 * (and, when only some of its pieces are, it is drawn piece by piece with only those marked:
 * {@link FrameBuffer#setAnchoredParts}),
 * and its strain ratio: the largest {@code max(collision, external) / threshold} over the node's
 * children evaluated in the last step (how close it came to losing a piece; 0 when none was). Other bodies: level 0,
 * not anchored, strain 0; the removal scale is the body's {@link BodyStore#scale} (1 unless it is
 * being removed; docs/destruction.md "Debris and removal"). A cluster union's body is drawn member by
 * member ({@link #addCarried}). No allocation once the buffer has grown to the body count (with unions,
 * one scratch array per frame).
 */
public final class FrameBuilder {
    private FrameBuilder() {
    }

    /** Fills {@code out} from a live world (no playback). */
    public static void fill(World world, FrameBuffer out) {
        fill(world.bodies(), world.stepIndex(), world.time(), null, false, out);
        clusters(world, out);
        unions(world, out);
        softBodies(world.softBodies().store(), out);
    }

    /**
     * Draws every cluster union's body member by member (issue 29; docs/rendering.md): the union's
     * drawable is kept (its bounds frame the camera) at removal scale 0, and each member it carries gets a
     * drawable of its own shape at its place in the union, with the union's state, level 0 and not anchored
     * (a union is one body: welded pieces keep the union's colour under {@code --color level} and
     * {@code state}), its own piece id (its body slot), its own removal scale (a welded piece shrinking for
     * removal is drawn shrinking), and, for a member that holds a cluster node, its own strain ratio
     * ({@code --color strain}) and stress ({@link #stress}) as an unwelded collection's body shows them.
     * Before, the union's compound was drawn whole: full size and unloaded. Allocates one scratch array
     * per frame with unions. The terminal console calls it after {@link #fill(BodyStore, long, double,
     * IntPredicate, boolean, FrameBuffer)} too, so its view fills the members' bounds, not the union's.
     */
    public static void unions(World world, FrameBuffer out) {
        DestructionRuntime d = world.destruction();
        dev.rubble.core.destruction.Unions un = d.unions();
        if (!un.any()) {
            return;
        }
        BodyStore b = world.bodies();
        ClusterStore st = d.store();
        double[] local = new double[7];
        for (int i = 0, drawn = out.count(); i < drawn; i++) {
            int us = out.piece(i);
            int id = un.unionOfBody(b.handle(us));
            if (id < 0) {
                continue;
            }
            for (int k = 0, n = un.memberCount(id); k < n; k++) {
                long mh = un.member(id, k);
                int ms = (int) mh;
                if (ms >= b.slotLimit() || !b.isLive(ms) || b.handle(ms) != mh || un.carrier(ms, local) != us) {
                    continue; // not carried (yet): drawn as its own body, if enabled
                }
                int j = addCarried(out, i, b, us, ms, local);
                int g = d.nodeOfBody(mh);
                double ratio = g != ClusterStore.NONE && st.strainStep[g] == world.stepIndex() - 1 ? st.strainRatio[g] : 0;
                out.setDestruction(j, 0, false, ratio, b.scale[ms]);
            }
            out.setDestruction(i, out.level(i), out.anchored(i), out.strain(i), 0);
        }
    }

    /** {@link #addCarried}'s pose, one per thread (frames may be built on any thread; no allocation per call). */
    private static final ThreadLocal<double[]> CARRIED = ThreadLocal.withInitial(() -> new double[7]);

    /**
     * Adds a drawable for the body in slot {@code member}, welded into the union body drawn as drawable
     * {@code drawable} (slot {@code carrier}): its own shape with its origin at {@code local} (x, y, z, then
     * qx, qy, qz, qw: its origin pose in the union's shape frame) carried by the union body's pose, the
     * union's state, piece id {@code member}, level 0, not anchored, strain 0 and the member's removal scale;
     * returns its index. Journal playback draws unions with it too.
     */
    public static int addCarried(FrameBuffer out, int drawable, BodyStore b, int carrier, int member, double[] local) {
        double[] p = CARRIED.get();
        b.carriedPose(carrier, local, p, 0);
        int j = out.add(b.shape[member], p[0], p[1], p[2], p[3], p[4], p[5], p[6], out.state(drawable), member);
        out.setDestruction(j, 0, false, 0, b.scale[member]);
        return j;
    }

    /**
     * Adds every soft body to a filled frame: its control points, and its visible mesh skinned to
     * the cage now with vertex normals recomputed from the skinned triangles (docs/soft-bodies.md,
     * "Rendering"). A cage built from a point cloud has no visible triangles: its collision surface
     * (the control points and the cage's surface triangles) is drawn instead. Nothing is added
     * without soft bodies; no allocation once the buffer has grown.
     */
    public static void softBodies(SoftBodyStore soft, FrameBuffer out) {
        Objects.requireNonNull(soft, "soft is null");
        SoftBodyState s = soft.state;
        for (int b = 0, n = soft.size(); b < n; b++) {
            Cage c = soft.cage[b];
            int base = soft.pointStart[b];
            out.addSoftPoints(s.x, base, soft.pointCount[b]);
            if (c.meshTriangleCount() > 0) {
                int v0 = out.addSoftMesh(c.skinVertexCount(), c.meshIndices(), c.meshTriangleCount());
                Skinning.positions(s.x, base, c.skinPoints(), c.skinWeights(), out.softVertexData(), v0);
                Skinning.normals(out.softVertexData(), v0, c.skinVertexCount(), c.meshIndices(), c.meshTriangleCount(),
                        out.softNormalData());
            } else {
                int v0 = out.addSoftMesh(c.pointCount(), c.surface(), c.surfaceCount());
                System.arraycopy(s.x, 3 * base, out.softVertexData(), 3 * v0, 3 * c.pointCount());
                Skinning.normals(out.softVertexData(), v0, c.pointCount(), c.surface(), c.surfaceCount(),
                        out.softNormalData());
            }
        }
    }

    /**
     * Level, anchoring (only the anchored pieces of a body that holds free ones too), strain ratio and removal
     * shrink of the bodies that hold cluster nodes, on a frame filled from {@code world}'s bodies. Part of
     * {@link #fill(World, FrameBuffer)}; the terminal console calls it after {@link #fill(BodyStore, long, double,
     * IntPredicate, boolean, FrameBuffer)} too, so its view marks anchored pieces (docs/console.md).
     */
    public static void clusters(World world, FrameBuffer out) {
        DestructionRuntime d = world.destruction();
        if (d.collectionCount() == 0) {
            return;
        }
        ClusterStore st = d.store();
        BodyStore b = world.bodies();
        // drawables were added in partition order, so a body's drawable is its rank in that order
        int drawn = out.count();
        for (int k = 0, a = d.activeCount(); k < a; k++) {
            int g = d.active(k);
            long h = st.body[g];
            if (h == ClusterStore.NONE) {
                continue;
            }
            int slot = (int) h;
            if (!b.isLive(slot) || b.handle(slot) != h) {
                continue;
            }
            int i = b.rank[slot];
            if (i >= drawn || out.piece(i) != slot) {
                continue; // disabled: not drawn
            }
            // the strain of the holder's children when they were evaluated in the last step
            double ratio = st.strainStep[g] == world.stepIndex() - 1 ? st.strainRatio[g] : 0;
            out.setDestruction(i, st.level[g], st.anchoredCount[g] > 0, ratio, b.scale[slot]); // removal shrink
            anchoredPieces(d, g, out, i);
        }
    }

    /**
     * A drawable of node g that holds anchored and free pieces is drawn piece by piece, only the anchored
     * ones marked (docs/rendering.md "Anchored pieces"): its shape becomes its pieces' hulls
     * ({@link DestructionRuntime#anchoredPieces}) and its anchored parts are set. Before, one anchored piece
     * marked the whole body (a wall anchored at one corner was hatched all over).
     */
    private static void anchoredPieces(DestructionRuntime d, int g, FrameBuffer out, int i) {
        DestructionRuntime.AnchoredPieces p = d.anchoredPieces(g);
        if (p != null) {
            out.setShape(i, p.shape());
            out.setAnchoredParts(i, p.parts());
        }
    }

    /**
     * Colours a filled frame by support-graph stress (issue 30; {@code rubble render --color
     * stress}): a body that holds two or more pieces of a collection with a stress model is drawn
     * piece by piece instead (the holder's drawable shrinks to nothing, each child gets its own
     * drawable at the holder's pose with its own hulls), each piece carrying the largest stress
     * ratio of its live bonds to its siblings as last solved ({@link
     * dev.rubble.core.destruction.StressReadout#pieceStress}); every other drawable keeps NaN (no bonds
     * under a stress model). A cluster union's welded member that holds pieces is drawn on its own by
     * {@link #fill(World, FrameBuffer)}, so it is drawn piece by piece here too, with the ratios its union's
     * graph solved (before, a welded wall showed no stress). Allocates the added drawables' bookkeeping only (a tool's frame, not
     * the step).
     */
    public static void stress(World world, FrameBuffer out) {
        DestructionRuntime d = world.destruction();
        if (d.collectionCount() == 0) {
            return;
        }
        var rd = d.stress();
        ClusterStore st = d.store();
        BodyStore b = world.bodies();
        for (int i = 0, drawn = out.count(); i < drawn; i++) {
            // every drawn holder, a union's welded member (drawn on its own by fill) included
            int slot = out.piece(i);
            int g = slot < b.slotLimit() ? d.nodeOfBody(b.handle(slot)) : ClusterStore.NONE;
            if (g == ClusterStore.NONE || st.childCount[g] < 2 || !rd.hasStressModel(st.collection[g])) {
                continue;
            }
            double scale = out.removalScale(i);
            out.setDestruction(i, out.level(i), out.anchored(i), out.strain(i), 0); // drawn piece by piece below
            double ox = out.position(i, 0), oy = out.position(i, 1), oz = out.position(i, 2);
            double qx = out.orientation(i, 0), qy = out.orientation(i, 1), qz = out.orientation(i, 2),
                    qw = out.orientation(i, 3);
            for (int ch = st.firstChild[g]; ch != ClusterStore.NONE; ch = st.nextSibling[ch]) {
                // the child's centre of mass relative to the holder's, turned by the holder's orientation
                double rx = st.com[3 * ch] - st.com[3 * g], ry = st.com[3 * ch + 1] - st.com[3 * g + 1],
                        rz = st.com[3 * ch + 2] - st.com[3 * g + 2];
                double tx = 2 * (qy * rz - qz * ry), ty = 2 * (qz * rx - qx * rz), tz = 2 * (qx * ry - qy * rx);
                double wx = rx + qw * tx + (qy * tz - qz * ty), wy = ry + qw * ty + (qz * tx - qx * tz),
                        wz = rz + qw * tz + (qx * ty - qy * tx);
                int j = out.add(rd.nodeShape(ch), ox + wx, oy + wy, oz + wz, qx, qy, qz, qw, out.state(i), ch);
                out.setDestruction(j, st.level[ch], st.anchoredCount[ch] > 0, 0, scale);
                anchoredPieces(d, ch, out, j);
                double r = rd.pieceStress(ch);
                out.setStress(j, Double.isNaN(r) ? 0 : r); // a bonded piece never solved (no support yet): unloaded
            }
        }
    }

    /**
     * Fills {@code out} from a body store.
     *
     * @param driven in playback, the bodies that follow the recording (drawn as awake even though
     *               they are kinematic); null when nothing is driven
     * @param replay whether this is playback: awake dynamic bodies that are not driven were released
     *               to live simulation ({@link RenderFrame#RELEASED})
     */
    public static void fill(BodyStore b, long step, double time, IntPredicate driven, boolean replay,
                            FrameBuffer out) {
        Objects.requireNonNull(b, "bodies is null");
        Objects.requireNonNull(out, "out is null");
        out.clear(step, time, 0);
        int[] order = b.order;
        int end = b.partitionStart(BodyState.DISABLED);
        int sleepFrom = b.partitionStart(BodyState.SLEEPING), staticFrom = b.partitionStart(BodyState.STATIC);
        for (int i = 0; i < end; i++) {
            int s = order[i];
            int kind;
            if (i >= staticFrom) {
                kind = RenderFrame.STATIC;
            } else if (i >= sleepFrom) {
                kind = RenderFrame.SLEEPING;
            } else if (driven != null && driven.test(s)) {
                kind = RenderFrame.AWAKE;
            } else if (b.motion(s) == MotionType.KINEMATIC) {
                kind = RenderFrame.KINEMATIC;
            } else {
                kind = replay ? RenderFrame.RELEASED : RenderFrame.AWAKE;
            }
            int d = out.add(b.shape[s], b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s], kind, s);
            int o = 6 * s;
            double[] bo = b.bounds;
            out.setBounds(d, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
    }

    /**
     * Colours a filled frame by the persistent field {@code name} (issue 24; {@code rubble render
     * --color field:NAME}): the field is evaluated now at the drawn bodies and each body's value —
     * a scalar, an integer, or a vector's length — divided by the largest magnitude in the frame goes
     * into the strain channel that the {@code strain} colouring draws as heat. Bodies the field does
     * not write (culled, out of its bounds) get 0. Returns false when no persistent field has that
     * name now (every body 0).
     */
    public static boolean field(World world, String name, FrameBuffer out) {
        dev.rubble.core.field.FieldSystem fs = world.context().fields;
        dev.rubble.core.field.FieldSystem.Active active = null;
        for (dev.rubble.core.field.FieldSystem.Active a : fs.persistent()) {
            if (a.command().name().equals(name)) {
                active = a;
            }
        }
        BodyStore b = world.bodies();
        int drawn = out.count();
        for (int i = 0; i < drawn; i++) {
            out.setDestruction(i, out.level(i), out.anchored(i), 0, out.removalScale(i));
        }
        if (active == null) {
            return false;
        }
        int kept = fs.sample(active, world.time());
        var v = fs.values();
        int[] idx = fs.keptSamples(), slots = fs.sampleSlots();
        var type = active.root().type();
        double max = 0;
        for (int k = 0; k < kept; k++) {
            max = Math.max(max, magnitude(type, v, idx[k]));
        }
        for (int k = 0; k < kept; k++) {
            int j = idx[k];
            if (j >= fs.bodyCount()) {
                continue; // a held piece is drawn as part of its holder
            }
            int slot = slots[j];
            int i = b.rank[slot];
            if (i < drawn && out.piece(i) == slot) {
                double m = magnitude(type, v, j);
                out.setDestruction(i, out.level(i), out.anchored(i), max > 0 && Double.isFinite(m) ? m / max : 0,
                        out.removalScale(i));
            }
        }
        return true;
    }

    private static double magnitude(dev.rubble.spi.field.FieldType t, dev.rubble.spi.field.FieldValues v, int i) {
        return switch (t) {
            case INTEGER -> Math.abs((double) v.ints[i]);
            case SCALAR -> Math.abs(v.scalars[i]);
            case VECTOR -> Math.sqrt(v.vx[i] * v.vx[i] + v.vy[i] * v.vy[i] + v.vz[i] * v.vz[i]);
        };
    }
}
