package dev.rubble.core.soft;

import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageFile;
import dev.rubble.spi.soft.SoftBodyState;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The soft-body side of world snapshots (docs/snapshot-format.md, section SOFT, format version 3):
 * writes a {@link SoftBodyStore} with everything the next step reads and reads it back into a
 * detached store that is checked in full before {@link #install} moves it into a world's (empty)
 * store, so a bad section never leaves a half-restored store.
 *
 * <p>Saved: every body's cage (each distinct cage once, as a {@code .rbsb} image, which holds it
 * bit for bit), label, point/tet/surface ranges, friction and thickness; the whole
 * {@link SoftBodyState} (positions, previous positions, velocities, inverse masses; every edge and
 * tetrahedron with its rest value, compliance, stiffness, scale and Lagrange multiplier; pins with
 * their targets); the attachments of points to rigid bodies (pin, rigid handle, local offset).
 * Rebuilt from the cages exactly as {@link SoftBodyStore#add} builds them: the global surface
 * triangles and the point-to-body map. Not saved, because every step rebuilds them before reading
 * them: the coupling's per-step state ({@link CouplingState}: candidate pairs, moving candidates,
 * their start poses and motion, entry faces, held triangles, contact normals and depths; the
 * stamps it compares only with values set in the same step), the rigid start poses
 * ({@link SoftRigidCoupling#recordStart}, recorded again before every rigid solve), the soft–soft
 * pairs and surface-point lists, the slicing's shortest-edge cache and pin scratch, and the solver,
 * which is created again from the settings' {@code soft-solver} stage and, by its contract
 * (same state and inputs give bit-identical results), carries nothing from one step to the next.
 */
public final class SoftBodySnapshot {
    private SoftBodySnapshot() {
    }

    // ---- saving ---------------------------------------------------------------------------------

    /**
     * Why {@code store} cannot be saved exactly, in one line naming the body and field, or null
     * when it can: a cage that a cage file cannot hold (the file's checks refuse it), or a store
     * whose arrays break the layout {@link SoftBodyStore#add} keeps (changed by hand).
     */
    public static String refusal(SoftBodyStore store) {
        for (int b = 0; b < store.size(); b++) {
            Cage c = store.cage[b];
            if (c == null) {
                return "soft body " + name(store, b) + " has no cage";
            }
            try {
                CageFile.fromBytes(CageFile.toBytes(c), "its cage");
            } catch (IllegalArgumentException e) {
                return "soft body " + name(store, b) + " cannot be saved: " + e.getMessage();
            }
        }
        try {
            check(store);
            checkDerived(store);
        } catch (IllegalArgumentException e) {
            return e.getMessage() + " (cannot be saved)";
        }
        return null;
    }

    /** Writes {@code store} (section SOFT's payload); {@link #refusal} must have returned null. */
    public static void write(SoftBodyStore store, DataOutput o) throws IOException {
        int n = store.size();
        o.writeInt(n);
        // distinct cages by identity, in order of first use
        Map<Cage, Integer> index = new IdentityHashMap<>();
        List<Cage> cages = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            if (!index.containsKey(store.cage[b])) {
                index.put(store.cage[b], cages.size());
                cages.add(store.cage[b]);
            }
        }
        o.writeInt(cages.size());
        for (Cage c : cages) {
            byte[] image = CageFile.toBytes(c);
            o.writeInt(image.length);
            o.write(image);
        }
        for (int b = 0; b < n; b++) {
            String label = store.label[b];
            if (label == null) {
                o.writeByte('N');
            } else {
                o.writeByte('S');
                byte[] u = label.getBytes(StandardCharsets.UTF_8);
                o.writeInt(u.length);
                o.write(u);
            }
            o.writeInt(index.get(store.cage[b]));
            o.writeInt(store.pointStart[b]);
            o.writeInt(store.pointCount[b]);
            o.writeInt(store.tetStart[b]);
            o.writeInt(store.tetCount[b]);
            o.writeInt(store.surfaceStart[b]);
            o.writeInt(store.surfaceCount[b]);
            o.writeDouble(store.friction[b]);
            o.writeDouble(store.thickness[b]);
        }
        SoftBodyState s = store.state;
        o.writeInt(s.points);
        doubles(o, s.x, 3 * s.points);
        doubles(o, s.prev, 3 * s.points);
        doubles(o, s.v, 3 * s.points);
        doubles(o, s.invMass, s.points);
        o.writeInt(s.edges);
        ints(o, s.edge, 2 * s.edges);
        doubles(o, s.restLength, s.edges);
        doubles(o, s.edgeCompliance, s.edges);
        doubles(o, s.edgeStiffness, s.edges);
        doubles(o, s.edgeLambda, s.edges);
        o.writeInt(s.tets);
        ints(o, s.tet, 4 * s.tets);
        doubles(o, s.restVolume, s.tets);
        doubles(o, s.tetCompliance, s.tets);
        doubles(o, s.tetStiffness, s.tets);
        doubles(o, s.tetScale, s.tets);
        doubles(o, s.tetLambda, s.tets);
        o.writeInt(s.pins);
        ints(o, s.pinPoint, s.pins);
        doubles(o, s.pinTarget, 3 * s.pins);
        o.writeInt(store.attachments);
        for (int k = 0; k < store.attachments; k++) {
            o.writeInt(store.attachPin[k]);
            o.writeLong(store.attachBody[k]);
            o.writeDouble(store.attachLocal[3 * k]);
            o.writeDouble(store.attachLocal[3 * k + 1]);
            o.writeDouble(store.attachLocal[3 * k + 2]);
        }
    }

    private static void doubles(DataOutput o, double[] a, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            o.writeDouble(a[i]);
        }
    }

    private static void ints(DataOutput o, int[] a, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            o.writeInt(a[i]);
        }
    }

    // ---- reading --------------------------------------------------------------------------------

    /**
     * Reads what {@link #write} wrote into a new, detached store and checks it: counts against the
     * bytes left, the cages (as a cage file is checked), every range against the cages, every
     * point index, the constants {@link SoftBodyState}'s {@code add*} methods guarantee (inverse
     * masses finite and >= 0, rest lengths and volumes > 0, compliances finite and >= 0,
     * stiffnesses in [0, 1], pinned points of inverse mass 0). Positions and velocities come back
     * as raw bits and are not judged.
     *
     * @throws IllegalArgumentException naming the field, its bad value and what is allowed
     * @throws java.io.EOFException     when the payload ends early
     */
    public static SoftBodyStore read(DataInputStream in) throws IOException {
        SoftBodyStore d = new SoftBodyStore();
        int n = count(in, "soft body count", 1 + 4 + 6 * 4 + 2 * 8);
        int nc = count(in, "soft cage count", 4);
        if (nc > n || (n > 0 && nc == 0)) {
            throw new IllegalArgumentException("soft cage count " + nc + " with " + n + " soft bodies; allowed: "
                    + (n == 0 ? "0" : "[1, " + n + "]"));
        }
        Cage[] cages = new Cage[nc];
        for (int k = 0; k < nc; k++) {
            int len = count(in, "soft cage " + k + " image length", 1);
            byte[] image = new byte[len];
            in.readFully(image);
            cages[k] = CageFile.fromBytes(image, "soft cage " + k);
        }
        d.count = n;
        d.label = new String[n];
        d.pointStart = new int[n];
        d.pointCount = new int[n];
        d.tetStart = new int[n];
        d.tetCount = new int[n];
        d.surfaceStart = new int[n];
        d.surfaceCount = new int[n];
        d.friction = new double[n];
        d.thickness = new double[n];
        d.cage = new Cage[n];
        for (int b = 0; b < n; b++) {
            int tag = in.readByte();
            if (tag == 'S') {
                byte[] u = new byte[count(in, "soft body " + b + " label length", 1)];
                in.readFully(u);
                d.label[b] = new String(u, StandardCharsets.UTF_8);
            } else if (tag != 'N') {
                throw new IllegalArgumentException("soft body " + b + " label tag = " + tag + "; allowed: 'N' (78), 'S' (83)");
            }
            int ci = in.readInt();
            if (ci < 0 || ci >= nc) {
                throw new IllegalArgumentException("soft body " + b + " cage index = " + ci + "; allowed: [0, " + nc + ")");
            }
            d.cage[b] = cages[ci];
            d.pointStart[b] = in.readInt();
            d.pointCount[b] = in.readInt();
            d.tetStart[b] = in.readInt();
            d.tetCount[b] = in.readInt();
            d.surfaceStart[b] = in.readInt();
            d.surfaceCount[b] = in.readInt();
            d.friction[b] = in.readDouble();
            d.thickness[b] = in.readDouble();
        }
        SoftBodyState s = d.state;
        s.points = count(in, "soft point count", 10 * 8);
        s.x = doubles(in, 3 * s.points);
        s.prev = doubles(in, 3 * s.points);
        s.v = doubles(in, 3 * s.points);
        s.invMass = doubles(in, s.points);
        s.edges = count(in, "soft edge count", 2 * 4 + 4 * 8);
        s.edge = ints(in, 2 * s.edges);
        s.restLength = doubles(in, s.edges);
        s.edgeCompliance = doubles(in, s.edges);
        s.edgeStiffness = doubles(in, s.edges);
        s.edgeLambda = doubles(in, s.edges);
        s.tets = count(in, "soft tet count", 4 * 4 + 5 * 8);
        s.tet = ints(in, 4 * s.tets);
        s.restVolume = doubles(in, s.tets);
        s.tetCompliance = doubles(in, s.tets);
        s.tetStiffness = doubles(in, s.tets);
        s.tetScale = doubles(in, s.tets);
        s.tetLambda = doubles(in, s.tets);
        s.pins = count(in, "soft pin count", 4 + 3 * 8);
        s.pinPoint = ints(in, s.pins);
        s.pinTarget = doubles(in, 3 * s.pins);
        int na = count(in, "soft attachment count", 4 + 8 + 3 * 8);
        d.attachments = na;
        d.attachPin = new int[na];
        d.attachBody = new long[na];
        d.attachLocal = new double[3 * na];
        for (int k = 0; k < na; k++) {
            d.attachPin[k] = in.readInt();
            d.attachBody[k] = in.readLong();
            d.attachLocal[3 * k] = in.readDouble();
            d.attachLocal[3 * k + 1] = in.readDouble();
            d.attachLocal[3 * k + 2] = in.readDouble();
        }
        check(d);
        buildDerived(d);
        return d;
    }

    /**
     * Moves the soft bodies of {@code from} (a store {@link #read} returned) into {@code to}, which
     * must hold none: same indices, same arrays, so later lookups and renderers address them the same.
     */
    public static void install(SoftBodyStore from, SoftBodyStore to) {
        if (to.size() != 0) {
            throw new IllegalStateException("soft bodies restore into a world without soft bodies");
        }
        if (from.size() == 0) {
            return; // the fresh store stays as created (its arrays have room to grow)
        }
        to.count = from.count;
        to.label = from.label;
        to.pointStart = from.pointStart;
        to.pointCount = from.pointCount;
        to.tetStart = from.tetStart;
        to.tetCount = from.tetCount;
        to.surfaceStart = from.surfaceStart;
        to.surfaceCount = from.surfaceCount;
        to.friction = from.friction;
        to.thickness = from.thickness;
        to.cage = from.cage;
        to.surface = from.surface;
        to.surfaceTriangles = from.surfaceTriangles;
        to.pointBody = from.pointBody;
        to.attachments = from.attachments;
        to.attachPin = from.attachPin;
        to.attachBody = from.attachBody;
        to.attachLocal = from.attachLocal;
        SoftBodyState s = from.state, t = to.state;
        t.points = s.points;
        t.x = s.x;
        t.prev = s.prev;
        t.v = s.v;
        t.invMass = s.invMass;
        t.edges = s.edges;
        t.edge = s.edge;
        t.restLength = s.restLength;
        t.edgeCompliance = s.edgeCompliance;
        t.edgeStiffness = s.edgeStiffness;
        t.edgeLambda = s.edgeLambda;
        t.tets = s.tets;
        t.tet = s.tet;
        t.restVolume = s.restVolume;
        t.tetCompliance = s.tetCompliance;
        t.tetStiffness = s.tetStiffness;
        t.tetScale = s.tetScale;
        t.tetLambda = s.tetLambda;
        t.pins = s.pins;
        t.pinPoint = s.pinPoint;
        t.pinTarget = s.pinTarget;
    }

    /** A count that the rest of the payload can hold at {@code bytesEach} bytes per element at least. */
    private static int count(DataInputStream in, String what, int bytesEach) throws IOException {
        int n = in.readInt();
        int left = in.available(); // exact: the payload is in memory
        if (n < 0 || (long) n * bytesEach > left) {
            throw new IllegalArgumentException(what + " = " + n + "; allowed: [0, " + left / bytesEach
                    + "] (the " + left + " bytes left in the section)");
        }
        return n;
    }

    private static double[] doubles(DataInputStream in, int n) throws IOException {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readDouble();
        }
        return a;
    }

    private static int[] ints(DataInputStream in, int n) throws IOException {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readInt();
        }
        return a;
    }

    // ---- checks shared by saving and reading ----------------------------------------------------

    /** The layout {@link SoftBodyStore#add} keeps and the constants the state's {@code add*} methods guarantee. */
    private static void check(SoftBodyStore d) {
        int points = 0, tets = 0, tris = 0;
        for (int b = 0; b < d.count; b++) {
            Cage c = d.cage[b];
            String body = "soft body " + b;
            same(body + " pointStart", d.pointStart[b], points, "the points of the bodies before it");
            same(body + " pointCount", d.pointCount[b], c.pointCount(), "its cage's points");
            same(body + " tetStart", d.tetStart[b], tets, "the tetrahedra of the bodies before it");
            same(body + " tetCount", d.tetCount[b], c.tetCount(), "its cage's tetrahedra");
            same(body + " surfaceStart", d.surfaceStart[b], tris, "the surface triangles of the bodies before it");
            same(body + " surfaceCount", d.surfaceCount[b], c.surfaceCount(), "its cage's surface triangles");
            nonNegative(body + " friction", d.friction[b]);
            nonNegative(body + " thickness", d.thickness[b]);
            if (d.thickness[b] > SoftMaterial.MAX_THICKNESS) {
                throw new IllegalArgumentException(body + " thickness = " + d.thickness[b] + "; allowed: [0, "
                        + SoftMaterial.MAX_THICKNESS + "] m");
            }
            points += c.pointCount();
            tets += c.tetCount();
            tris += c.surfaceCount();
        }
        SoftBodyState s = d.state;
        same("soft point count", s.points, points, "the points of the bodies' cages");
        if (s.tets < tets) {
            throw new IllegalArgumentException("soft tet count = " + s.tets + "; allowed: >= " + tets
                    + " (the tetrahedra of the bodies' cages)");
        }
        for (int i = 0; i < s.points; i++) {
            nonNegative("soft point " + i + " inverse mass", s.invMass[i]);
            for (int a = 0; a < 3; a++) { // issue 28: a recomputed checksum loaded NaN points
                within("soft point " + i + " position", s.x[3 * i + a]);
                within("soft point " + i + " start position", s.prev[3 * i + a]);
                if (!Double.isFinite(s.v[3 * i + a])) {
                    throw new IllegalArgumentException("soft point " + i + " velocity = " + s.v[3 * i + a] + "; allowed: finite");
                }
            }
        }
        for (int e = 0; e < s.edges; e++) {
            int a = point(s, "soft edge " + e + " point a", s.edge[2 * e]);
            int b = point(s, "soft edge " + e + " point b", s.edge[2 * e + 1]);
            if (a == b) {
                throw new IllegalArgumentException("soft edge " + e + " joins point " + a + " to itself; allowed: two points");
            }
            positive("soft edge " + e + " rest length", s.restLength[e]);
            nonNegative("soft edge " + e + " compliance", s.edgeCompliance[e]);
            unit("soft edge " + e + " stiffness", s.edgeStiffness[e]);
        }
        for (int t = 0; t < s.tets; t++) {
            for (int k = 0; k < 4; k++) {
                point(s, "soft tet " + t + " corner " + k, s.tet[4 * t + k]);
            }
            positive("soft tet " + t + " rest volume", s.restVolume[t]);
            nonNegative("soft tet " + t + " compliance", s.tetCompliance[t]);
            unit("soft tet " + t + " stiffness", s.tetStiffness[t]);
            positive("soft tet " + t + " scale", s.tetScale[t]);
        }
        for (int k = 0; k < s.pins; k++) {
            int p = point(s, "soft pin " + k + " point", s.pinPoint[k]);
            if (s.invMass[p] != 0) {
                throw new IllegalArgumentException("soft pin " + k + " point " + p + " has inverse mass " + s.invMass[p]
                        + "; allowed: 0 (a pinned point)");
            }
        }
        for (int k = 0; k < d.attachments; k++) {
            int pin = d.attachPin[k];
            if (pin < 0 || pin >= s.pins) {
                throw new IllegalArgumentException("soft attachment " + k + " pin = " + pin + "; allowed: [0, " + s.pins + ")");
            }
            // the point's offset in its holder's frame, taken when it was attached: a point and a body each within
            // ±1e9 m lie at most 2√3·1e9 m apart (fuzz7: an offset of 1e300 restored and turned the holder NaN)
            for (int a = 0; a < 3; a++) {
                double v = d.attachLocal[3 * k + a];
                if (!(Math.abs(v) <= MAX_ATTACH_OFFSET)) {
                    throw new IllegalArgumentException("soft attachment " + k + " offset[" + a + "] = " + v
                            + "; allowed: finite, within ±" + MAX_ATTACH_OFFSET + " m (a point and its holder within ±1e9 m)");
                }
            }
        }
    }

    /** The surface and point-to-body arrays, as {@link SoftBodyStore#add} builds them from the cages. */
    private static void buildDerived(SoftBodyStore d) {
        int tris = 0;
        for (int b = 0; b < d.count; b++) {
            tris += d.surfaceCount[b];
        }
        d.surface = new int[3 * tris];
        d.surfaceTriangles = tris;
        d.pointBody = new int[d.state.points];
        for (int b = 0; b < d.count; b++) {
            int[] srf = d.cage[b].surface();
            for (int i = 0; i < srf.length; i++) {
                d.surface[3 * d.surfaceStart[b] + i] = d.pointStart[b] + srf[i];
            }
            Arrays.fill(d.pointBody, d.pointStart[b], d.pointStart[b] + d.pointCount[b], b);
        }
    }

    /** Saving rebuilds nothing: the live store's surface and point-to-body arrays must be the ones a restore rebuilds. */
    private static void checkDerived(SoftBodyStore st) {
        SoftBodyStore d = new SoftBodyStore();
        d.count = st.count;
        d.cage = st.cage;
        d.pointStart = st.pointStart;
        d.pointCount = st.pointCount;
        d.surfaceStart = st.surfaceStart;
        d.surfaceCount = st.surfaceCount;
        d.state.points = st.state.points;
        buildDerived(d);
        if (d.surfaceTriangles != st.surfaceTriangles
                || !Arrays.equals(d.surface, 0, 3 * d.surfaceTriangles, st.surface, 0, 3 * d.surfaceTriangles)) {
            throw new IllegalArgumentException("the soft bodies' surface triangles are not the ones their cages give");
        }
        if (!Arrays.equals(d.pointBody, 0, d.state.points, st.pointBody, 0, d.state.points)) {
            throw new IllegalArgumentException("the soft points' body map is not the one their cages give");
        }
    }

    private static void same(String field, int value, int expected, String what) {
        if (value != expected) {
            throw new IllegalArgumentException(field + " = " + value + "; allowed: " + expected + " (" + what + ")");
        }
    }

    private static int point(SoftBodyState s, String field, int p) {
        if (p < 0 || p >= s.points) {
            throw new IllegalArgumentException(field + " = " + p + "; allowed: [0, " + s.points + ")");
        }
        return p;
    }

    /** The farthest an attached point can lie from its holder's origin along an axis, m: both within ±1e9 m. */
    static final double MAX_ATTACH_OFFSET = 2 * Math.sqrt(3) * 1e9;

    private static void within(String field, double v) {
        if (!(Math.abs(v) <= 1e9)) {
            throw new IllegalArgumentException(field + " = " + v + "; allowed: finite, within ±1e9 m");
        }
    }

    private static void nonNegative(String field, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(field + " = " + v + "; allowed: finite, >= 0");
        }
    }

    private static void positive(String field, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(field + " = " + v + "; allowed: finite, > 0");
        }
    }

    private static void unit(String field, double v) {
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException(field + " = " + v + "; allowed: [0, 1]");
        }
    }

    private static String name(SoftBodyStore st, int b) {
        return b + (st.label[b] != null ? " '" + st.label[b] + "'" : "");
    }
}
