package dev.rubble.api;

import dev.rubble.core.render.FrameBuilder;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.Locale;
import java.util.Objects;

/**
 * Feeds a {@link DebugDraw} from a world: every drawable of the frame Rubble's renderers draw
 * ({@code FrameBuilder}: bodies and collection pieces with their state, level, anchored flag,
 * strain ratio and removal scale; soft-body meshes) as wireframes (box edges, three great circles
 * per sphere, capsule outlines, hull and mesh edges, a grid patch for planes), a point at each
 * origin and, with {@link #labels(boolean)}, a label. One instance per host window; reuses its frame
 * buffer, so steady-state drawing allocates only the label strings.
 *
 * <pre>{@code
 * DebugDrawer debug = new DebugDrawer().colours(DebugDrawer.Colours.LEVEL);
 * // every frame, after world.update(tpf):
 * debug.draw(world, myLineBatch);   // myLineBatch implements DebugDraw
 * }</pre>
 */
public final class DebugDrawer {
    /** What the colour of a drawable says. */
    public enum Colours {
        /** Body state: {@link #STATIC}, {@link #SLEEPING}, {@link #AWAKE}, {@link #KINEMATIC}, {@link #RELEASED}. */
        STATE,
        /** Fracture level: {@link #LEVELS}[level % 8]; anchored pieces in {@link #ANCHORED}. */
        LEVEL,
        /** Strain ratio (load / threshold) from blue (0) through yellow (0.5) to red (>= 1). */
        STRAIN
    }

    /** State colours. */
    public static final int STATIC = 0xFF9A9A9A, SLEEPING = 0xFF5A7FD0, AWAKE = 0xFF4CB050, KINEMATIC = 0xFFE89A30,
            RELEASED = 0xFFB070D0, SOFT = 0xFF2AA198;
    /** Level colours (the png renderer's palette): level 0, 1, 2, ... repeating after 8. */
    public static final int[] LEVELS = {0xFF8FA3B8, 0xFFE8963C, 0xFF5FB05A, 0xFFA67CC8, 0xFFD8C040, 0xFF4AB0C0,
        0xFFD0605A, 0xFF909090};
    /** Anchored pieces in {@link Colours#LEVEL}. */
    public static final int ANCHORED = 0xFF303030;
    /** Segments per circle. */
    static final int SEGMENTS = 16;

    private final FrameBuffer frame = new FrameBuffer();
    private Colours colours = Colours.STATE;
    private boolean labels;
    private final double[] q = new double[4], t = new double[3], ea = new double[3], eh = new double[3];

    /**
     * Chooses what colours say (default {@link Colours#STATE}).
     * @param c the colour mode
     * @return this drawer
     */
    public DebugDrawer colours(Colours c) {
        this.colours = Objects.requireNonNull(c, "colours is null");
        return this;
    }

    /**
     * Also labels every drawable with its level and state, or its strain ratio (default off).
     * @param on true to draw labels
     * @return this drawer
     */
    public DebugDrawer labels(boolean on) {
        this.labels = on;
        return this;
    }

    /**
     * Draws {@code world} as it is now into {@code sink}.
     * @param world the world to draw; read on the calling thread, between steps
     * @param sink the host renderer's callbacks
     */
    public void draw(PhysicsWorld world, DebugDraw sink) {
        Objects.requireNonNull(world, "world is null");
        Objects.requireNonNull(sink, "sink is null");
        FrameBuilder.fill(world.kernel(), frame);
        draw(frame, sink);
    }

    /**
     * Draws a filled frame (from a world, a journal's playback or a collection) into {@code sink}.
     * @param f the frame
     * @param sink the host renderer's callbacks
     */
    public void draw(RenderFrame f, DebugDraw sink) {
        for (int i = 0, n = f.count(); i < n; i++) {
            int state = f.state(i);
            if (state == RenderFrame.DISABLED) {
                continue;
            }
            int c = colour(f, i);
            double s = f.removalScale(i);
            q[0] = f.orientation(i, 0);
            q[1] = f.orientation(i, 1);
            q[2] = f.orientation(i, 2);
            q[3] = f.orientation(i, 3);
            double px = f.position(i, 0), py = f.position(i, 1), pz = f.position(i, 2);
            shape(f.shape(i), px, py, pz, q[0], q[1], q[2], q[3], s, c, sink);
            sink.point(px, py, pz, 0.02, c);
            if (labels) {
                String text = colours == Colours.STRAIN ? String.format(Locale.ROOT, "%.2f", f.strain(i))
                        : "L" + f.level(i) + " " + stateName(state) + (f.anchored(i) ? " anchored" : "");
                sink.text(px, py, pz, text, c);
            }
        }
        for (int m = 0, nm = f.softMeshCount(); m < nm; m++) {
            for (int k = 0, tc = f.softMeshTriangleCount(m); k < tc; k++) {
                int tri = f.softMeshTriangleStart(m) + k;
                int a = f.softTriangleVertex(tri, 0), b = f.softTriangleVertex(tri, 1), d = f.softTriangleVertex(tri, 2);
                sink.triangle(f.softVertex(a, 0), f.softVertex(a, 1), f.softVertex(a, 2), f.softVertex(b, 0), f.softVertex(b, 1),
                        f.softVertex(b, 2), f.softVertex(d, 0), f.softVertex(d, 1), f.softVertex(d, 2), SOFT);
            }
        }
        for (int p = 0, np = f.softPointCount(); p < np; p++) {
            sink.point(f.softPoint(p, 0), f.softPoint(p, 1), f.softPoint(p, 2), 0.01, SOFT);
        }
    }

    private int colour(RenderFrame f, int i) {
        return switch (colours) {
            case STATE -> switch (f.state(i)) {
                case RenderFrame.STATIC -> STATIC;
                case RenderFrame.SLEEPING -> SLEEPING;
                case RenderFrame.KINEMATIC -> KINEMATIC;
                case RenderFrame.RELEASED -> RELEASED;
                default -> AWAKE;
            };
            case LEVEL -> f.anchored(i) ? ANCHORED : LEVELS[Math.floorMod(f.level(i), LEVELS.length)];
            case STRAIN -> heat(f.strain(i));
        };
    }

    /**
     * The strain colour of a ratio (NaN and negative count as 0, above 1 as 1).
     * @param ratio load ÷ threshold
     * @return the colour, {@code 0xAARRGGBB}: green at 0 through yellow to red at 1
     */
    public static int heat(double ratio) {
        double r = ratio >= 0 ? Math.min(ratio, 1) : 0;
        int cold = 0xFF3060D0, mid = 0xFFE8D040, hot = 0xFFD03020;
        return r <= 0.5 ? mix(cold, mid, r * 2) : mix(mid, hot, (r - 0.5) * 2);
    }

    private static int mix(int a, int b, double t) {
        int out = 0xFF000000;
        for (int shift = 0; shift <= 16; shift += 8) {
            int ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF;
            out |= ((int) Math.round(ca + (cb - ca) * t) & 0xFF) << shift;
        }
        return out;
    }

    private static String stateName(int state) {
        return switch (state) {
            case RenderFrame.STATIC -> "static";
            case RenderFrame.SLEEPING -> "sleeping";
            case RenderFrame.KINEMATIC -> "kinematic";
            case RenderFrame.RELEASED -> "released";
            default -> "awake";
        };
    }

    // ---- wireframes: shape-frame points scaled by s, rotated by q, moved to p ----------------------

    private double wx, wy, wz;

    private void world(double lx, double ly, double lz, double px, double py, double pz, double qx, double qy, double qz,
                       double qw, double s) {
        lx *= s;
        ly *= s;
        lz *= s;
        // v' = v + 2 w (u x v) + 2 u x (u x v), u = (qx, qy, qz)
        double cx = qy * lz - qz * ly, cy = qz * lx - qx * lz, cz = qx * ly - qy * lx;
        double dx = qy * cz - qz * cy, dy = qz * cx - qx * cz, dz = qx * cy - qy * cx;
        wx = px + lx + 2 * (qw * cx + dx);
        wy = py + ly + 2 * (qw * cy + dy);
        wz = pz + lz + 2 * (qw * cz + dz);
    }

    private void seg(double ax, double ay, double az, double bx, double by, double bz, double px, double py, double pz,
                     double qx, double qy, double qz, double qw, double s, int c, DebugDraw sink) {
        world(ax, ay, az, px, py, pz, qx, qy, qz, qw, s);
        double x0 = wx, y0 = wy, z0 = wz;
        world(bx, by, bz, px, py, pz, qx, qy, qz, qw, s);
        sink.line(x0, y0, z0, wx, wy, wz, c);
    }

    /** A circle of radius r about (cx, cy, cz) in the plane of axes a and b (0 = x, 1 = y, 2 = z). */
    private void circle(double cx, double cy, double cz, double r, int a, int b, double px, double py, double pz, double qx,
                        double qy, double qz, double qw, double s, int c, DebugDraw sink) {
        arc(cx, cy, cz, r, a, b, 0, 2 * Math.PI, SEGMENTS, px, py, pz, qx, qy, qz, qw, s, c, sink);
    }

    /** {@code n} segments of the arc from angle {@code from} to {@code to} (radians, from axis a towards b). */
    private void arc(double cx, double cy, double cz, double r, int a, int b, double from, double to, int n, double px,
                     double py, double pz, double qx, double qy, double qz, double qw, double s, int c, DebugDraw sink) {
        double[] p0 = t;
        for (int k = 0; k < n; k++) {
            double t0 = from + (to - from) * k / n, t1 = from + (to - from) * (k + 1) / n;
            p0[0] = cx;
            p0[1] = cy;
            p0[2] = cz;
            p0[a] += r * Math.cos(t0);
            p0[b] += r * Math.sin(t0);
            double ax = p0[0], ay = p0[1], az = p0[2];
            p0[0] = cx;
            p0[1] = cy;
            p0[2] = cz;
            p0[a] += r * Math.cos(t1);
            p0[b] += r * Math.sin(t1);
            seg(ax, ay, az, p0[0], p0[1], p0[2], px, py, pz, qx, qy, qz, qw, s, c, sink);
        }
    }

    private void shape(Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw, double s,
                       int c, DebugDraw sink) {
        if (shape instanceof Box b) {
            double hx = b.halfX(), hy = b.halfY(), hz = b.halfZ();
            for (int e = 0; e < 12; e++) {
                int axis = e / 4, k = e % 4; // 4 edges along each axis
                double u = (k & 1) == 0 ? -1 : 1, v = (k & 2) == 0 ? -1 : 1;
                double[] a = ea, h = eh;
                a[0] = a[1] = a[2] = 0;
                h[0] = hx;
                h[1] = hy;
                h[2] = hz;
                int i1 = (axis + 1) % 3, i2 = (axis + 2) % 3;
                a[i1] = u * h[i1];
                a[i2] = v * h[i2];
                seg(a[0] - (axis == 0 ? hx : 0), a[1] - (axis == 1 ? hy : 0), a[2] - (axis == 2 ? hz : 0),
                        a[0] + (axis == 0 ? hx : 0), a[1] + (axis == 1 ? hy : 0), a[2] + (axis == 2 ? hz : 0),
                        px, py, pz, qx, qy, qz, qw, s, c, sink);
            }
        } else if (shape instanceof Sphere sp) {
            double r = sp.radius();
            circle(0, 0, 0, r, 0, 1, px, py, pz, qx, qy, qz, qw, s, c, sink);
            circle(0, 0, 0, r, 1, 2, px, py, pz, qx, qy, qz, qw, s, c, sink);
            circle(0, 0, 0, r, 2, 0, px, py, pz, qx, qy, qz, qw, s, c, sink);
        } else if (shape instanceof Capsule cap) {
            double r = cap.radius(), h = cap.halfHeight();
            circle(0, h, 0, r, 2, 0, px, py, pz, qx, qy, qz, qw, s, c, sink);
            circle(0, -h, 0, r, 2, 0, px, py, pz, qx, qy, qz, qw, s, c, sink);
            // the caps' outlines: half circles above the top and below the bottom, in the x-y and z-y planes
            int half = SEGMENTS / 2;
            arc(0, h, 0, r, 0, 1, 0, Math.PI, half, px, py, pz, qx, qy, qz, qw, s, c, sink);
            arc(0, h, 0, r, 2, 1, 0, Math.PI, half, px, py, pz, qx, qy, qz, qw, s, c, sink);
            arc(0, -h, 0, r, 0, 1, Math.PI, 2 * Math.PI, half, px, py, pz, qx, qy, qz, qw, s, c, sink);
            arc(0, -h, 0, r, 2, 1, Math.PI, 2 * Math.PI, half, px, py, pz, qx, qy, qz, qw, s, c, sink);
            for (int k = 0; k < 4; k++) {
                double x = k == 0 ? r : k == 1 ? -r : 0, z = k == 2 ? r : k == 3 ? -r : 0;
                seg(x, -h, z, x, h, z, px, py, pz, qx, qy, qz, qw, s, c, sink);
            }
        } else if (shape instanceof ConvexHull hull) {
            for (int f = 0; f < hull.faceCount(); f++) {
                for (int k = 0, n = hull.faceSize(f); k < n; k++) {
                    int a = hull.faceVertex(f, k), b = hull.faceVertex(f, (k + 1) % n);
                    if (a < b || hull.faceCount() == 1) { // each edge once (it borders two faces)
                        seg(hull.vertex(a, 0), hull.vertex(a, 1), hull.vertex(a, 2), hull.vertex(b, 0), hull.vertex(b, 1),
                                hull.vertex(b, 2), px, py, pz, qx, qy, qz, qw, s, c, sink);
                    }
                }
            }
        } else if (shape instanceof TriangleMesh mesh) {
            for (int tri = 0; tri < mesh.triangleCount(); tri++) {
                for (int k = 0; k < 3; k++) {
                    int k1 = (k + 1) % 3;
                    seg(mesh.corner(tri, k, 0), mesh.corner(tri, k, 1), mesh.corner(tri, k, 2), mesh.corner(tri, k1, 0),
                            mesh.corner(tri, k1, 1), mesh.corner(tri, k1, 2), px, py, pz, qx, qy, qz, qw, s, c, sink);
                }
            }
        } else if (shape instanceof Compound comp) {
            for (int k = 0; k < comp.childCount(); k++) {
                Compound.Child ch = comp.child(k);
                world(ch.x(), ch.y(), ch.z(), px, py, pz, qx, qy, qz, qw, s);
                double cx = wx, cy = wy, cz = wz;
                // orientation: q * child q
                double rw = qw * ch.qw() - qx * ch.qx() - qy * ch.qy() - qz * ch.qz();
                double rx = qw * ch.qx() + qx * ch.qw() + qy * ch.qz() - qz * ch.qy();
                double ry = qw * ch.qy() - qx * ch.qz() + qy * ch.qw() + qz * ch.qx();
                double rz = qw * ch.qz() + qx * ch.qy() - qy * ch.qx() + qz * ch.qw();
                shape(ch.shape(), cx, cy, cz, rx, ry, rz, rw, s, c, sink);
            }
        } else if (shape instanceof Plane pl) {
            // a 20 m grid patch of the plane around the point of it nearest the origin
            double nx = pl.nx(), ny = pl.ny(), nz = pl.nz(), d = pl.offset();
            double ux, uy, uz;
            if (Math.abs(nx) < 0.9) {
                ux = 0; uy = nz; uz = -ny;
            } else {
                ux = -nz; uy = 0; uz = nx;
            }
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux /= ul; uy /= ul; uz /= ul;
            double vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
            for (int k = -10; k <= 10; k += 2) {
                double ox = nx * d, oy = ny * d, oz = nz * d;
                seg(ox + ux * k - vx * 10, oy + uy * k - vy * 10, oz + uz * k - vz * 10, ox + ux * k + vx * 10,
                        oy + uy * k + vy * 10, oz + uz * k + vz * 10, px, py, pz, qx, qy, qz, qw, 1, c, sink);
                seg(ox + vx * k - ux * 10, oy + vy * k - uy * 10, oz + vz * k - uz * 10, ox + vx * k + ux * 10,
                        oy + vy * k + uy * 10, oz + vz * k + uz * 10, px, py, pz, qx, qy, qz, qw, 1, c, sink);
            }
        }
    }
}
