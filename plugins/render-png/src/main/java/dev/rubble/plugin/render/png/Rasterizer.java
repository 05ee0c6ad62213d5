package dev.rubble.plugin.render.png;

import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.Arrays;

/**
 * A software rasteriser: every shape is cut into triangles on the fly (nothing is cached or
 * allocated per piece), lit per face, projected by a pinhole camera and filled with a depth buffer.
 *
 * <p>Camera model (what the pixel tests check): forward {@code f = normalize(target - eye)}, right
 * {@code r = normalize(f × (0,1,0))} (or {@code f × (0,0,-1)} when looking straight up or down),
 * up {@code u = r × f}. A world point {@code p} at camera coordinates {@code (x, y, z) = ((p-eye)·r,
 * (p-eye)·u, (p-eye)·f)} lands at {@code sx = W/2 + F x / z}, {@code sy = H/2 - F y / z} with
 * {@code F = (H/2) / tan(fov/2)}; pixel (i, j) covers {@code [i, i+1) × [j, j+1)} and is filled when
 * its centre is inside a triangle. Triangles are clipped at a near plane; depth is {@code 1/z}
 * interpolated linearly in screen space (exact for planar triangles), nearer wins.
 *
 * <p>Automatic framing: the bounding sphere of the moving bodies (down to the static ground under
 * them; when all is static, every drawable but planes and the floor) is looked at from the direction
 * (0.45, 0.5, 1) (front, a little right and above), at the distance where the sphere fits the narrower
 * field of view — vertically between the overlay's step line and its legend, when the overlay is on.
 *
 * <p>The floor: without a plane, the static body under the scene with the largest footprint (a
 * ground box) is the floor; the checkered grid is drawn at its top in its place (the body itself is
 * not drawn: its top face would fight the grid in the depth buffer, and beyond the grid's extent it
 * showed as a band of its colour), so a frame before anything moves, one where everything moves and
 * every frame between look alike.
 *
 * <p>Scratch: a float depth buffer grown to the largest canvas seen. Single threaded.
 */
final class Rasterizer {
    private static final int SPHERE_SLICES = 20, SPHERE_STACKS = 12;
    /** Light direction for Lambert shading, normalised (from above, front, right). */
    private static final double LX, LY, LZ;
    private static final double AMBIENT = 0.38;

    static {
        double x = 0.35, y = 0.85, z = 0.45, n = Math.sqrt(x * x + y * y + z * z);
        LX = x / n;
        LY = y / n;
        LZ = z / n;
    }

    private final RenderOptions options;
    private float[] depth = new float[0];
    private int[] px;
    private int width, height;
    // camera
    private double ex, ey, ez, rx, ry, rz, ux, uy, uz, fx, fy, fz, focal, near;
    // current drawable: pose (world = pos + s * R(q) local), colour and style
    private double tx, ty, tz, qx, qy, qz, qw, sc;
    private int base;
    private boolean hatched, outlined, lit, lines;
    /** The drawable's anchored compound children when only some are ({@code RenderFrame.anchoredParts}), else null. */
    private boolean[] parts;
    // clipping scratch: camera-space polygon, up to 4 vertices after one plane, with per-edge flags
    private final double[] poly = new double[12], clipped = new double[15];
    private final boolean[] polyEdge = new boolean[4], clippedEdge = new boolean[5];

    Rasterizer(RenderOptions options) {
        this.options = options;
    }

    /** Draws the frame onto the canvas (covers all of it). */
    void render(RenderFrame frame, RenderView view, PixelCanvas canvas) {
        width = canvas.width();
        height = canvas.height();
        px = canvas.argb();
        int n = width * height;
        if (depth.length < n) {
            depth = new float[n];
        }
        Arrays.fill(depth, 0, n, 0f);
        Arrays.fill(px, 0, n, Palette.BACKGROUND);
        exactBounds(frame);
        box = focus(frame);
        camera(frame, view);
        ground(frame);
        for (int i = 0, count = frame.count(); i < count; i++) {
            int st = frame.state(i);
            Shape s = frame.shape(i);
            if (st == RenderFrame.DISABLED || s instanceof Plane || i == floor && floorAsGrid) {
                continue; // the floor is drawn as the grid (class comment)
            }
            base = colour(frame, i);
            hatched = frame.anchored(i) && options.hatch();
            outlined = frame.anchored(i) && !options.hatch();
            // only some parts anchored (a wall holding one anchored piece): marked part by part in shape()
            parts = frame.anchored(i) ? frame.anchoredParts(i) : null;
            lit = options.lambert();
            lines = options.edges() || outlined;
            tx = frame.position(i, 0);
            ty = frame.position(i, 1);
            tz = frame.position(i, 2);
            qx = frame.orientation(i, 0);
            qy = frame.orientation(i, 1);
            qz = frame.orientation(i, 2);
            qw = frame.orientation(i, 3);
            sc = frame.removalScale(i);
            if (sc > 0) {
                shape(s);
            }
            parts = null;
        }
        softMeshes(frame);
        if (options.overlay()) {
            TinyFont.draw(px, width, height, 6, 6, textScale(), Palette.TEXT, Palette.BACKGROUND,
                    "step " + frame.step() + "  t " + seconds(frame.time()) + " s  breaks " + frame.breaks());
            legend(frame);
        }
        px = null;
    }

    /** State colours of {@code color state}, in {@link RenderFrame} state order, and their legend words. */
    private static final int[] STATE_COLOURS = {0xFFE8963C, 0xFF7890B0, 0xFF60B060, 0xFF9A9A96, 0xFFD060C0};
    private static final String[] STATE_WORDS = {"awake", "sleeping", "kinematic", "static", "released"};

    /**
     * The legend (issue 28, item 6), bottom left, with the overlay: what the colours mean in this
     * colour mode — a swatch per fracture level present, the strain scale from 0 to the threshold,
     * the body states — and a hatched swatch "anchored" when anchored pieces are hatched in the frame.
     * An entry that would run past the right edge (6 pixels in) starts a new line, and the lines stack
     * up from the bottom: a 320-pixel sheet tile cut the stress legend's "anchored" to "anc"
     * (LegendTest.aLegendTooWideForItsTileWrapsInsteadOfRunningOffTheEdge). Laid out twice: measured,
     * then drawn.
     */
    private void legend(RenderFrame f) {
        int s = textScale(), sw = 7 * s;
        java.util.List<Object> items = new java.util.ArrayList<>(); // Integer colour, then String word
        boolean anchored = false;
        int maxLevel = -1;
        boolean[] states = new boolean[STATE_COLOURS.length];
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.state(i) == RenderFrame.DISABLED || f.shape(i) instanceof Plane || i == floor && floorAsGrid) {
                continue;
            }
            anchored |= f.anchored(i);
            maxLevel = Math.max(maxLevel, Math.min(f.level(i), 7));
            int st = stateIndex(f.state(i));
            if (st >= 0) {
                states[st] = true;
            }
        }
        String title;
        switch (options.color()) {
            case LEVEL -> {
                title = "level";
                for (int l = 0; l <= maxLevel; l++) {
                    items.add(Palette.level(l));
                    items.add(String.valueOf(l));
                }
            }
            case STRAIN, STRESS -> title = null;
            case STATE -> {
                title = "state";
                for (int k = 0; k < states.length; k++) {
                    if (states[k]) {
                        items.add(STATE_COLOURS[k]);
                        items.add(STATE_WORDS[k]);
                    }
                }
            }
            case CLUSTER -> {
                // one swatch per cluster, labelled with its node id, in id order; what does not fit ends "and N more"
                java.util.TreeSet<Integer> ids = new java.util.TreeSet<>();
                for (int i = 0, n = f.count(); i < n; i++) {
                    ids.add(f.piece(i));
                }
                title = "level " + options.clusterLevel() + " clusters (" + ids.size() + ")";
                int room = width - 12 - TinyFont.width(title + "  ", s) - TinyFont.width("and 0000 more", s);
                for (int id : ids) {
                    int need = sw + 2 * s + TinyFont.width(id + "  ", s);
                    if (need > room) {
                        int shown = items.size() / 2;
                        items.add(0);
                        items.add("and " + (ids.size() - shown) + " more");
                        break;
                    }
                    room -= need;
                    items.add(Palette.piece(id));
                    items.add(String.valueOf(id));
                }
            }
            default -> title = "colour per piece";
        }
        int lines = 1;
        for (int pass = 0; pass < 2; pass++) {
            measuring = pass == 0;
            lineX = 6;
            lineY = height - 6 - sw - (lines - 1) * (sw + 3 * s);
            lineStep = sw + 3 * s;
            lineCount = 1;
            legendEntries(items, title, anchored, s, sw);
            lines = lineCount;
        }
        measuring = false;
    }

    /** The legend's entries, each kept on one line ({@link #legend}); measured only while {@link #measuring}. */
    private void legendEntries(java.util.List<Object> items, String title, boolean anchored, int s, int sw) {
        if (options.color() == RenderOptions.Color.STRESS) {
            int bar = 30 * s;
            int x = entry(TinyFont.width("stress 0 ", s) + 2 * (bar + s) + TinyFont.width(" elastic  fatal  ", s));
            x = text(x, lineY, s, "stress 0 ");
            for (int half = 0; half < 2; half++) {
                for (int k = 0; k < bar && !measuring; k++) {
                    int c = Palette.stress(half + k / (double) (bar - 1));
                    for (int j = 0; j < sw; j++) {
                        TinyFont.fill(px, width, height, x + k, lineY + j, 1, c);
                    }
                }
                x = text(x + bar + s, lineY, s, half == 0 ? " elastic " : " fatal  ");
            }
            lineX = x;
            x = entry(sw + 2 * s + TinyFont.width("no bonds  ", s));
            x = swatch(x, lineY, sw, Palette.STRESS_NONE, false);
            lineX = text(x + 2 * s, lineY, s, "no bonds  ");
        } else if (options.color() == RenderOptions.Color.STRAIN) {
            int bar = 40 * s;
            // a field's value is drawn over the frame's largest (render --color field:NAME), not over a threshold
            String low = options.field() == null ? "strain 0 " : "field " + legendWord(options.field()) + " 0 ";
            String high = options.field() == null ? "1 = threshold  " : "1 = largest  ";
            int x = entry(TinyFont.width(low, s) + bar + 2 * s + TinyFont.width(high, s));
            x = text(x, lineY, s, low);
            for (int k = 0; k < bar && !measuring; k++) {
                int c = Palette.heat(k / (double) (bar - 1));
                for (int j = 0; j < sw; j++) {
                    TinyFont.fill(px, width, height, x + k, lineY + j, 1, c);
                }
            }
            lineX = text(x + bar + 2 * s, lineY, s, high);
        } else {
            lineX = text(entry(TinyFont.width(title + "  ", s)), lineY, s, title + "  ");
            for (int k = 0; k < items.size(); k += 2) {
                String word = items.get(k + 1) + "  ";
                if ((Integer) items.get(k) == 0) { // "+N more": words only
                    lineX = text(entry(TinyFont.width(word, s)), lineY, s, word);
                    continue;
                }
                int x = swatch(entry(sw + 2 * s + TinyFont.width(word, s)), lineY, sw, (Integer) items.get(k), false);
                lineX = text(x + 2 * s, lineY, s, word);
            }
        }
        if (anchored && options.hatch()) {
            int x = swatch(entry(sw + 2 * s + TinyFont.width("anchored", s)), lineY, sw, 0xFFB0B0A8, true);
            lineX = text(x + 2 * s, lineY, s, "anchored");
        }
    }

    /** A name as the legend's font draws it: lower case, at most 16 characters (a longer one ends ".."). */
    static String legendWord(String name) {
        String w = name.toLowerCase(java.util.Locale.ROOT);
        return w.length() <= 16 ? w : w.substring(0, 14) + "..";
    }

    /** Where an entry {@code w} pixels wide starts: on this line, or on the next when it would pass the right inset. */
    private int entry(int w) {
        if (lineX > 6 && lineX + w > width - 6) {
            lineX = 6;
            lineY += lineStep;
            lineCount++;
        }
        return lineX;
    }

    /** Legend layout scratch: the pen, the line pitch, the lines used; whether pixels are written. */
    private int lineX, lineY, lineStep, lineCount;
    private boolean measuring;

    private static int stateIndex(int state) {
        return switch (state) {
            case RenderFrame.AWAKE -> 0;
            case RenderFrame.SLEEPING -> 1;
            case RenderFrame.KINEMATIC -> 2;
            case RenderFrame.STATIC -> 3;
            case RenderFrame.RELEASED -> 4;
            default -> -1;
        };
    }

    private int text(int x, int y, int s, String t) {
        if (!measuring) {
            TinyFont.draw(px, width, height, x, y, s, Palette.TEXT, Palette.BACKGROUND, t);
        }
        return x + TinyFont.width(t, s);
    }

    /** A filled square with a dark border, hatched as anchored pieces are when {@code hatch}. */
    private int swatch(int x, int y, int size, int colour, boolean hatch) {
        int dark = Palette.scale(colour, 0.55);
        for (int j = 0; j < size && !measuring; j++) {
            for (int i = 0; i < size; i++) {
                boolean border = i == 0 || j == 0 || i == size - 1 || j == size - 1;
                int c = border ? Palette.TEXT : hatch && ((x + i + y + j) & 7) < 3 ? dark : colour;
                TinyFont.fill(px, width, height, x + i, y + j, 1, c);
            }
        }
        return x + size;
    }

    /** Colour of soft bodies in the state colouring (and of soft mesh m by piece: after the bodies). */
    static final int SOFT_COLOUR = 0xFF50B4A0;

    /**
     * The soft bodies' skinned meshes (docs/soft-bodies.md, "Rendering"): each triangle is lit with
     * the mean of its three vertex normals, which the frame recomputed from the deformed mesh, so
     * a dent shades as a dent; faces fall back to their own normal where the vertex normals cancel.
     */
    private void softMeshes(RenderFrame f) {
        for (int m = 0, nm = f.softMeshCount(); m < nm; m++) {
            int colourBase = options.color() == RenderOptions.Color.PIECE ? Palette.piece(f.count() + m) : SOFT_COLOUR;
            hatched = false;
            outlined = false;
            lines = options.edges();
            for (int t = f.softMeshTriangleStart(m), e = t + f.softMeshTriangleCount(m); t < e; t++) {
                int a = f.softTriangleVertex(t, 0), b = f.softTriangleVertex(t, 1), c = f.softTriangleVertex(t, 2);
                base = colourBase;
                lit = false;
                if (options.lambert()) {
                    double nx = f.softNormal(a, 0) + f.softNormal(b, 0) + f.softNormal(c, 0);
                    double ny = f.softNormal(a, 1) + f.softNormal(b, 1) + f.softNormal(c, 1);
                    double nz = f.softNormal(a, 2) + f.softNormal(b, 2) + f.softNormal(c, 2);
                    double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
                    if (nl > 1e-9) {
                        base = Palette.scale(colourBase, AMBIENT + (1 - AMBIENT) * Math.max(0, (nx * LX + ny * LY + nz * LZ) / nl));
                    } else {
                        lit = true; // the vertex normals cancel: the face's own normal
                    }
                }
                worldTriangle(f.softVertex(a, 0), f.softVertex(a, 1), f.softVertex(a, 2), f.softVertex(b, 0),
                        f.softVertex(b, 1), f.softVertex(b, 2), f.softVertex(c, 0), f.softVertex(c, 1), f.softVertex(c, 2), 7);
            }
        }
    }

    private static String seconds(double t) {
        long ms = Math.round(t * 1000);
        long s = ms / 1000, r = Math.abs(ms % 1000);
        return s + "." + (r < 100 ? r < 10 ? "00" : "0" : "") + r;
    }

    private int colour(RenderFrame f, int i) {
        return switch (options.color()) {
            case LEVEL -> Palette.level(f.level(i));
            case PIECE, CLUSTER -> Palette.piece(f.piece(i));
            case STRAIN -> Palette.heat(f.strain(i));
            case STRESS -> Palette.stress(f.stress(i));
            case STATE -> switch (f.state(i)) {
                case RenderFrame.STATIC -> 0xFF9A9A96;
                case RenderFrame.SLEEPING -> 0xFF7890B0;
                case RenderFrame.KINEMATIC -> 0xFF60B060;
                case RenderFrame.RELEASED -> 0xFFD060C0;
                default -> 0xFFE8963C;
            };
        };
    }

    // ---- camera ---------------------------------------------------------------------------------

    private void camera(RenderFrame frame, RenderView view) {
        double fov = Math.toRadians(view.fovDegrees());
        focal = (height / 2.0) / Math.tan(fov / 2);
        double tgx, tgy, tgz;
        if (view.autoFrame()) {
            double[] b = box;
            tgx = (b[0] + b[3]) / 2;
            tgy = (b[1] + b[4]) / 2;
            tgz = (b[2] + b[5]) / 2;
            double dx = b[3] - b[0], dy = b[4] - b[1], dz = b[5] - b[2];
            double radius = Math.max(0.5 * Math.sqrt(dx * dx + dy * dy + dz * dz), 0.05);
            double hfov = 2 * Math.atan(Math.tan(fov / 2) * width / height);
            // the sphere fits between the overlay's top line and the legend, which would hide what reaches
            // into their rows (the top box of examples/stack.json sat under "breaks 0"; FramingMarginTest)
            double vfov = 2 * Math.atan(Math.tan(fov / 2) * (1 - textBand() / (height / 2.0)));
            double dist = radius / Math.sin(Math.min(vfov, hfov) / 2);
            double[] side = facing(frame);
            double d0 = 0.45 * side[0], d1 = 0.5, d2 = side[1], dn = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2);
            ex = tgx + d0 / dn * dist;
            ey = tgy + d1 / dn * dist;
            ez = tgz + d2 / dn * dist;
        } else {
            ex = view.eyeX();
            ey = view.eyeY();
            ez = view.eyeZ();
            tgx = view.targetX();
            tgy = view.targetY();
            tgz = view.targetZ();
        }
        fx = tgx - ex;
        fy = tgy - ey;
        fz = tgz - ez;
        double fl = Math.sqrt(fx * fx + fy * fy + fz * fz);
        fx /= fl;
        fy /= fl;
        fz /= fl;
        // r = f x (0, 1, 0) = (-fz, 0, fx); looking straight up or down, f x (0, 0, -1) = (-fy, fx, 0)
        rx = -fz;
        ry = 0;
        rz = fx;
        double rl = Math.sqrt(rx * rx + rz * rz);
        if (rl < 1e-9) {
            rx = -fy;
            ry = fx;
            rz = 0;
            rl = Math.sqrt(rx * rx + ry * ry);
        }
        rx /= rl;
        ry /= rl;
        rz /= rl;
        ux = ry * fz - rz * fy;
        uy = rz * fx - rx * fz;
        uz = rx * fy - ry * fx;
        near = Math.max(1e-4, fl * 1e-3);
    }

    /**
     * Rows the overlay's text takes at the top (the step line) and at the bottom (the legend) of the
     * canvas: its 6-pixel inset, the 7-row glyphs and the halo, at {@link #textScale}; 0 without the
     * overlay. At most a third of the half height.
     */
    private double textBand() {
        if (!options.overlay()) {
            return 0;
        }
        return Math.min(6 + 8 * textScale(), height / 6.0);
    }

    /** The overlay's font scale: 2 from 480 pixels wide, else 1. */
    private int textScale() {
        return width >= 480 ? 2 : 1;
    }

    /**
     * Which side automatic framing looks from, {x sign, z weight}: by default from +z and a little +x.
     * When one moving drawable (the structure: a wall, a tower) has at least {@link #STRUCTURE_RATIO}
     * times the bounds volume of every other moving one, the eye goes to the side where the other moving
     * drawables are (what comes at it: the struck face, issue 22), rotated toward +x the same way: along
     * a thin structure's thin horizontal axis (a wall's face), else along the horizontal axis of their
     * larger mean offset. In a sequence the side is chosen from the first frame and kept.
     */
    private double[] facing(RenderFrame f) {
        if (keepFraming && side != null) {
            return side;
        }
        double[] out = {1, 1};
        int big = -1;
        double bigVol = 0, second = 0;
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.state(i) == RenderFrame.DISABLED || f.state(i) == RenderFrame.STATIC || f.shape(i) instanceof Plane) {
                continue;
            }
            double v = (bnd(i, 3) - bnd(i, 0)) * (bnd(i, 4) - bnd(i, 1)) * (bnd(i, 5) - bnd(i, 2));
            if (v > bigVol) {
                second = bigVol;
                bigVol = v;
                big = i;
            } else if (v > second) {
                second = v;
            }
        }
        if (big >= 0 && second > 0 && bigVol >= STRUCTURE_RATIO * second) {
            double cx = (bnd(big, 0) + bnd(big, 3)) / 2, cz = (bnd(big, 2) + bnd(big, 5)) / 2;
            double ox = 0, oz = 0;
            for (int i = 0, n = f.count(); i < n; i++) {
                if (i == big || f.state(i) == RenderFrame.DISABLED || f.state(i) == RenderFrame.STATIC
                        || f.shape(i) instanceof Plane) {
                    continue;
                }
                ox += (bnd(i, 0) + bnd(i, 3)) / 2 - cx;
                oz += (bnd(i, 2) + bnd(i, 5)) / 2 - cz;
            }
            // a thin structure (a wall: its thin horizontal extent at most half its long one) faces along
            // its thin axis; a block (a tower, a bridge of two walls under a beam) has no face to prefer and
            // is looked at from the axis the other drawables lie off it along (StruckFaceTest)
            double ex = bnd(big, 3) - bnd(big, 0), ez = bnd(big, 5) - bnd(big, 2);
            boolean thin = Math.min(ex, ez) <= 0.5 * Math.max(ex, ez);
            boolean alongZ = thin ? ez <= ex : Math.abs(oz) >= Math.abs(ox);
            if (alongZ && oz < 0) {
                out[1] = -1;
            } else if (!alongZ && ox != 0) {
                out[0] = Math.signum(ox) * 1 / 0.45;
                out[1] = 0.45;
            }
        }
        if (keepFraming) {
            side = out;
        }
        return out;
    }

    private double[] side;

    /**
     * How many times the bounds volume of every other moving drawable the structure of {@link #facing}
     * has at least. It was 10: examples/bake/wall.json's 3 × 2 × 0.2 m wall is 5.6 times its 0.6 m ball
     * and examples/wall.json's 5.9 times its 0.8 m one, so both were drawn from the far face and the
     * ball came in unseen behind the wall (StruckFaceTest). Scenes of like bodies (a stack, a bowling
     * ball and its pins: 1.9 times) stay below it.
     */
    static final double STRUCTURE_RATIO = 3;

    /** Union of the drawables' bounds, planes and disabled ones left out; a unit cube when empty. */
    private double[] sceneBounds(RenderFrame f) {
        return union(f, false, -1);
    }

    /** Union of the drawables' bounds (the static ones left out when {@code movingOnly}, and {@code except}). */
    private double[] union(RenderFrame f, boolean movingOnly, int except) {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        boolean any = false;
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.state(i) == RenderFrame.DISABLED || f.shape(i) instanceof Plane
                    || movingOnly && f.state(i) == RenderFrame.STATIC || i == except) {
                continue;
            }
            any = true;
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], bnd(i, k));
                b[k + 3] = Math.max(b[k + 3], bnd(i, k + 3));
            }
        }
        // soft bodies move: their skinned vertices count as moving drawables
        for (int m = 0, nm = f.softMeshCount(); m < nm; m++) {
            for (int t = f.softMeshTriangleStart(m), e = t + f.softMeshTriangleCount(m); t < e; t++) {
                for (int k = 0; k < 3; k++) {
                    int v = f.softTriangleVertex(t, k);
                    any = true;
                    for (int a = 0; a < 3; a++) {
                        b[a] = Math.min(b[a], f.softVertex(v, a));
                        b[a + 3] = Math.max(b[a + 3], f.softVertex(v, a));
                    }
                }
            }
        }
        if (!any) {
            return movingOnly || except >= 0 ? null : new double[] {-0.5, -0.5, -0.5, 0.5, 0.5, 0.5};
        }
        return b;
    }

    /**
     * What automatic framing looks at: the bodies that are not static (so a large static floor does
     * not shrink them to dots), down to the top of the static ground under them; everything when all
     * is static. In a sequence ({@link #keepFraming}) the box only grows, so the camera never jitters.
     */
    private double[] focus(RenderFrame f) {
        floor = -1;
        double[] b = union(f, true, -1);
        if (b == null) {
            // all static (e.g. a collection before it breaks): the static body with the largest footprint
            // is the floor if it lies under all the others; the others are framed
            int fl = largestFootprint(f);
            double[] rest = fl < 0 ? null : union(f, false, fl);
            if (rest == null || !under(f, fl, rest)) {
                b = sceneBounds(f);
                groundY = b[1];
            } else {
                b = rest;
                floor = fl;
                groundY = bnd(fl, 4);
                b[1] = Math.min(b[1], groundY);
            }
        } else {
            int fl = floorUnder(f, b);
            if (fl < 0 && keepFraming && keptFloor >= 0) {
                fl = drawableOf(f, keptFloor); // a sequence keeps its floor while bodies fall past its edge
            }
            if (fl >= 0) {
                floor = fl;
                groundY = bnd(fl, 4);
                b[1] = Math.min(b[1], groundY);
            } else {
                groundY = b[1];
            }
        }
        if (keepFraming && floor >= 0) {
            keptFloor = f.piece(floor);
        }
        if (keepFraming) {
            if (kept == null) {
                kept = b.clone();
            } else {
                for (int k = 0; k < 3; k++) {
                    kept[k] = Math.min(kept[k], b[k]);
                    kept[k + 3] = Math.max(kept[k + 3], b[k + 3]);
                }
            }
            return kept;
        }
        return b;
    }

    /**
     * The floor under box {@code b} of the moving bodies: of the static drawables (planes left out)
     * that lie {@link #under} it, the one with the largest footprint (a ground box rather than a ledge
     * something rests on); -1 when there is none.
     */
    private int floorUnder(RenderFrame f, double[] b) {
        int best = -1;
        double bestArea = -1;
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.state(i) == RenderFrame.STATIC && !(f.shape(i) instanceof Plane) && under(f, i, b)) {
                double area = footprint(f, i);
                if (area > bestArea) {
                    bestArea = area;
                    best = i;
                }
            }
        }
        return best;
    }

    /** The static drawable (planes left out) with the largest footprint; -1 when none. */
    private int largestFootprint(RenderFrame f) {
        int best = -1;
        double bestArea = -1;
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.state(i) == RenderFrame.STATIC && !(f.shape(i) instanceof Plane) && footprint(f, i) > bestArea) {
                bestArea = footprint(f, i);
                best = i;
            }
        }
        return best;
    }

    private double footprint(RenderFrame f, int i) {
        return (bnd(i, 3) - bnd(i, 0)) * (bnd(i, 5) - bnd(i, 2));
    }

    /**
     * Whether drawable {@code i} lies under box {@code b}: its top at most a tenth of the box's size
     * above the box's bottom (resting bodies sink a little into the ground) and its footprint
     * overlapping the box's.
     */
    private boolean under(RenderFrame f, int i, double[] b) {
        double size = Math.max(Math.max(b[3] - b[0], b[4] - b[1]), Math.max(b[5] - b[2], 0.1));
        return bnd(i, 4) <= b[1] + 0.1 * size
                && bnd(i, 0) <= b[3] && bnd(i, 3) >= b[0] && bnd(i, 2) <= b[5] && bnd(i, 5) >= b[2];
    }

    /** The static drawable with piece id {@code piece}, or -1. */
    private static int drawableOf(RenderFrame f, int piece) {
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.piece(i) == piece && f.state(i) == RenderFrame.STATIC && !(f.shape(i) instanceof Plane)) {
                return i;
            }
        }
        return -1;
    }

    /** In a sequence, the piece id of the floor found in an earlier frame (-1: none yet). */
    private int keptFloor = -1;
    /** Whether this frame's grid stands for its floor (drawn at its top, the floor itself not drawn). */
    private boolean floorAsGrid;
    /** This frame's floor drawable (see the class comment), -1 when none; not drawn where the grid replaces it. */
    private int floor = -1;
    private boolean keepFraming;
    private double[] kept;
    /**
     * Each drawable's bounds as its shape at its pose, into {@link #eb}: what framing and the floor look
     * at. A frame from a world carries the world's bounds, which a moving body's one-step look-ahead
     * grows (a bowling ball rolling at 7 m/s reached 0.2 m into the floor, so the floor under it was
     * not found and the grid went under the floor box: a frame all floor colour).
     */
    private void exactBounds(RenderFrame f) {
        int n = f.count();
        if (eb.length < 6 * n) {
            eb = new double[Math.max(6 * n, 2 * eb.length)];
        }
        for (int i = 0; i < n; i++) {
            f.shape(i).bounds(f.position(i, 0), f.position(i, 1), f.position(i, 2), f.orientation(i, 0),
                    f.orientation(i, 1), f.orientation(i, 2), f.orientation(i, 3), eb, 6 * i);
        }
    }

    /** Drawable {@code i}'s exact bound {@code k} (min x, y, z, max x, y, z) this frame. */
    private double bnd(int i, int k) {
        return eb[6 * i + k];
    }

    /** Scratch: the exact bounds of this frame's drawables, six each. */
    private double[] eb = new double[0];
    /** This frame's focus box (framing and the ground grid's extent). */
    private double[] box;
    /** This frame's ground level without a plane: the top of the static ground under the moving bodies. */
    private double groundY;

    /** Sequences (sheets, animations): automatic framing keeps growing one box over the frames. */
    void keepFraming(boolean on) {
        keepFraming = on;
        kept = null;
        keptFloor = -1;
        side = null;
    }

    // ---- ground ---------------------------------------------------------------------------------

    /** A checkered grid on every plane (or, with none, under the scene when the grid is on). */
    private void ground(RenderFrame f) {
        floorAsGrid = false;
        boolean found = false;
        double[] b = null;
        for (int i = 0, n = f.count(); i < n; i++) {
            if (f.shape(i) instanceof Plane p && f.state(i) != RenderFrame.DISABLED) {
                found = true;
                b = box;
                double q0 = f.orientation(i, 0), q1 = f.orientation(i, 1), q2 = f.orientation(i, 2),
                        q3 = f.orientation(i, 3);
                setPose(0, 0, 0, q0, q1, q2, q3, 1);
                double nx = rotX(p.nx(), p.ny(), p.nz()), ny = rotY(p.nx(), p.ny(), p.nz()), nz = rotZ(p.nx(), p.ny(), p.nz());
                double ox = f.position(i, 0) + nx * p.offset(), oy = f.position(i, 1) + ny * p.offset(),
                        oz = f.position(i, 2) + nz * p.offset();
                grid(nx, ny, nz, ox, oy, oz, b, null);
            }
        }
        if (!found && options.grid() && f.count() > 0) {
            floorAsGrid = floor >= 0;
            b = box;
            // lifted a little (the floor is not drawn, but other statics may share its top)
            double dx = b[3] - b[0], dy = b[4] - b[1], dz = b[5] - b[2];
            // on a floor, only over its top (a 4 m platform is not an endless ground: what falls off its
            // edge is seen to fall past it)
            double[] clip = null;
            if (floorAsGrid) {
                clip = floorClip;
                clip[0] = bnd(floor, 2);
                clip[1] = bnd(floor, 5);
                clip[2] = bnd(floor, 0);
                clip[3] = bnd(floor, 3);
            }
            grid(0, 1, 0, 0, groundY + 1e-3 * Math.sqrt(dx * dx + dy * dy + dz * dz), 0, b, clip);
        }
    }

    /** Scratch: the floor's top as the grid's (u, v) ranges. */
    private final double[] floorClip = new double[4];

    /**
     * The checkered grid on the plane through o with normal n around the focus box b; with
     * {@code clip} (u0, u1, v0, v1 in the plane's basis, see below), only the part within it.
     */
    private void grid(double nx, double ny, double nz, double ox, double oy, double oz, double[] b, double[] clip) {
        // centre: the scene centre dropped onto the plane
        double cx = (b[0] + b[3]) / 2, cy = (b[1] + b[4]) / 2, cz = (b[2] + b[5]) / 2;
        double d = (cx - ox) * nx + (cy - oy) * ny + (cz - oz) * nz;
        cx -= d * nx;
        cy -= d * ny;
        cz -= d * nz;
        double dx = b[3] - b[0], dy = b[4] - b[1], dz = b[5] - b[2];
        double extent = Math.max(2, 1.5 * Math.sqrt(dx * dx + dy * dy + dz * dz));
        double cell = niceStep(extent / 8);
        int cells = (int) Math.ceil(extent / cell);
        // snap the centre to the grid so cells stay put while the scene moves
        // plane basis t1, t2
        double ax = Math.abs(nx) < 0.9 ? 1 : 0, ay = ax == 1 ? 0 : 1;
        double t1x = ay * nz, t1y = -ax * nz, t1z = ax * ny - ay * nx;
        double t1l = Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
        t1x /= t1l;
        t1y /= t1l;
        t1z /= t1l;
        double t2x = ny * t1z - nz * t1y, t2y = nz * t1x - nx * t1z, t2z = nx * t1y - ny * t1x;
        double u0 = Math.floor(((cx - ox) * t1x + (cy - oy) * t1y + (cz - oz) * t1z) / cell) * cell;
        double v0 = Math.floor(((cx - ox) * t2x + (cy - oy) * t2y + (cz - oz) * t2z) / cell) * cell;
        setPose(0, 0, 0, 0, 0, 0, 1, 1);
        boolean saveLit = lit, saveLines = lines, saveHatch = hatched, saveOutline = outlined;
        lit = false;
        lines = false;
        hatched = false;
        outlined = false;
        for (int i = -cells; i < cells; i++) {
            for (int j = -cells; j < cells; j++) {
                base = ((i + j) & 1) == 0 ? Palette.GROUND_A : Palette.GROUND_B;
                double ua = u0 + i * cell, ub = ua + cell, va = v0 + j * cell, vb = va + cell;
                if (clip != null) { // a horizontal floor: u runs along z, v along x (t1 = (0, 0, 1), t2 = (1, 0, 0))
                    ua = Math.max(ua, clip[0]);
                    ub = Math.min(ub, clip[1]);
                    va = Math.max(va, clip[2]);
                    vb = Math.min(vb, clip[3]);
                    if (!(ua < ub && va < vb)) {
                        continue;
                    }
                }
                double p0x = ox + t1x * ua + t2x * va, p0y = oy + t1y * ua + t2y * va, p0z = oz + t1z * ua + t2z * va;
                double p1x = ox + t1x * ub + t2x * va, p1y = oy + t1y * ub + t2y * va, p1z = oz + t1z * ub + t2z * va;
                double p2x = ox + t1x * ub + t2x * vb, p2y = oy + t1y * ub + t2y * vb, p2z = oz + t1z * ub + t2z * vb;
                double p3x = ox + t1x * ua + t2x * vb, p3y = oy + t1y * ua + t2y * vb, p3z = oz + t1z * ua + t2z * vb;
                worldTriangle(p0x, p0y, p0z, p1x, p1y, p1z, p2x, p2y, p2z, 0);
                worldTriangle(p0x, p0y, p0z, p2x, p2y, p2z, p3x, p3y, p3z, 0);
            }
        }
        lit = saveLit;
        lines = saveLines;
        hatched = saveHatch;
        outlined = saveOutline;
    }

    /** 1, 2 or 5 times a power of ten, at least {@code x}. */
    static double niceStep(double x) {
        double p = Math.pow(10, Math.floor(Math.log10(x)));
        double m = x / p;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    }

    // ---- shapes ---------------------------------------------------------------------------------

    private void setPose(double x, double y, double z, double a, double b, double c, double d, double s) {
        tx = x;
        ty = y;
        tz = z;
        qx = a;
        qy = b;
        qz = c;
        qw = d;
        sc = s;
    }

    private double rotX(double x, double y, double z) {
        double cx = 2 * (qy * z - qz * y), cy = 2 * (qz * x - qx * z), cz = 2 * (qx * y - qy * x);
        return x + qw * cx + (qy * cz - qz * cy);
    }

    private double rotY(double x, double y, double z) {
        double cx = 2 * (qy * z - qz * y), cy = 2 * (qz * x - qx * z), cz = 2 * (qx * y - qy * x);
        return y + qw * cy + (qz * cx - qx * cz);
    }

    private double rotZ(double x, double y, double z) {
        double cx = 2 * (qy * z - qz * y), cy = 2 * (qz * x - qx * z), cz = 2 * (qx * y - qy * x);
        return z + qw * cz + (qx * cy - qy * cx);
    }

    private void shape(Shape s) {
        if (s instanceof Box b) {
            box(b.halfX(), b.halfY(), b.halfZ());
        } else if (s instanceof Sphere sp) {
            capsule(sp.radius(), 0);
        } else if (s instanceof Capsule c) {
            capsule(c.radius(), c.halfHeight());
        } else if (s instanceof ConvexHull h) {
            hull(h);
        } else if (s instanceof TriangleMesh m) {
            for (int t = 0, n = m.triangleCount(); t < n; t++) {
                localTriangle(m.corner(t, 0, 0), m.corner(t, 0, 1), m.corner(t, 0, 2), m.corner(t, 1, 0),
                        m.corner(t, 1, 1), m.corner(t, 1, 2), m.corner(t, 2, 0), m.corner(t, 2, 1), m.corner(t, 2, 2), 7);
            }
        } else if (s instanceof Compound c) {
            double px0 = tx, py0 = ty, pz0 = tz, a = qx, b = qy, cc = qz, d = qw, s0 = sc;
            boolean[] marks = parts != null && parts.length == c.childCount() ? parts : null;
            parts = null; // the drawable's own compound only, not a nested one
            boolean hatch = hatched, outline = outlined, line = lines;
            for (int k = 0, n = c.childCount(); k < n; k++) {
                if (marks != null) {
                    hatched = hatch && marks[k];
                    outlined = outline && marks[k];
                    lines = options.edges() || outlined;
                }
                Compound.Child ch = c.child(k);
                // world pose of the child: parent ∘ child
                double wx = px0 + s0 * rotX(ch.x(), ch.y(), ch.z()), wy = py0 + s0 * rotY(ch.x(), ch.y(), ch.z()),
                        wz = pz0 + s0 * rotZ(ch.x(), ch.y(), ch.z());
                double nw = d * ch.qw() - a * ch.qx() - b * ch.qy() - cc * ch.qz();
                double nx = d * ch.qx() + a * ch.qw() + b * ch.qz() - cc * ch.qy();
                double ny = d * ch.qy() - a * ch.qz() + b * ch.qw() + cc * ch.qx();
                double nz = d * ch.qz() + a * ch.qy() - b * ch.qx() + cc * ch.qw();
                setPose(wx, wy, wz, nx, ny, nz, nw, s0);
                shape(ch.shape());
                setPose(px0, py0, pz0, a, b, cc, d, s0);
            }
            hatched = hatch;
            outlined = outline;
            lines = line;
        }
        // planes are drawn as the ground grid
    }

    private void box(double hx, double hy, double hz) {
        for (int axis = 0; axis < 3; axis++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                // four corners of the face at coordinate sign*h on this axis, counter-clockwise seen from outside
                double[] c = corners;
                for (int k = 0; k < 4; k++) {
                    double a = (k == 1 || k == 2) ? 1 : -1, b = k >= 2 ? 1 : -1;
                    if (sign < 0) {
                        b = -b;
                    }
                    double x, y, z;
                    switch (axis) {
                        case 0 -> { x = sign * hx; y = a * hy; z = b * hz; }
                        case 1 -> { x = b * hx; y = sign * hy; z = a * hz; }
                        default -> { x = a * hx; y = b * hy; z = sign * hz; }
                    }
                    c[3 * k] = x;
                    c[3 * k + 1] = y;
                    c[3 * k + 2] = z;
                }
                localTriangle(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], 0b011);
                localTriangle(c[0], c[1], c[2], c[6], c[7], c[8], c[9], c[10], c[11], 0b110);
            }
        }
    }

    private final double[] corners = new double[12];

    /** A sphere (halfHeight 0) or a capsule along y, as latitude bands. */
    private void capsule(double r, double h) {
        int half = SPHERE_STACKS / 2;
        for (int k = 0; k < SPHERE_STACKS + (h > 0 ? 1 : 0); k++) {
            // band between latitudes lat0 and lat1; with a capsule, band `half` is the cylinder
            double lat0, lat1, y0, y1;
            if (h > 0 && k == half) {
                lat0 = 0;
                lat1 = 0;
                y0 = -h;
                y1 = h;
            } else {
                int kk = h > 0 && k > half ? k - 1 : k;
                lat0 = Math.PI * ((double) kk / SPHERE_STACKS - 0.5);
                lat1 = Math.PI * ((double) (kk + 1) / SPHERE_STACKS - 0.5);
                double off = kk < half ? -h : h;
                y0 = r * Math.sin(lat0) + off;
                y1 = r * Math.sin(lat1) + off;
            }
            double c0 = r * Math.cos(lat0), c1 = r * Math.cos(lat1);
            for (int j = 0; j < SPHERE_SLICES; j++) {
                double a0 = 2 * Math.PI * j / SPHERE_SLICES, a1 = 2 * Math.PI * (j + 1) / SPHERE_SLICES;
                double s0 = Math.sin(a0), k0 = Math.cos(a0), s1 = Math.sin(a1), k1 = Math.cos(a1);
                localTriangle(c0 * k0, y0, c0 * s0, c1 * k0, y1, c1 * s0, c1 * k1, y1, c1 * s1, 0);
                localTriangle(c0 * k0, y0, c0 * s0, c1 * k1, y1, c1 * s1, c0 * k1, y0, c0 * s1, 0);
            }
        }
    }

    private void hull(ConvexHull h) {
        for (int f = 0, nf = h.faceCount(); f < nf; f++) {
            int n = h.faceSize(f);
            int v0 = h.faceVertex(f, 0);
            for (int k = 1; k + 1 < n; k++) {
                int v1 = h.faceVertex(f, k), v2 = h.faceVertex(f, k + 1);
                int mask = 0b010 | (k == 1 ? 0b001 : 0) | (k == n - 2 ? 0b100 : 0);
                localTriangle(h.vertex(v0, 0), h.vertex(v0, 1), h.vertex(v0, 2), h.vertex(v1, 0), h.vertex(v1, 1),
                        h.vertex(v1, 2), h.vertex(v2, 0), h.vertex(v2, 1), h.vertex(v2, 2), mask);
            }
        }
    }

    // ---- triangles ------------------------------------------------------------------------------

    /** A triangle in the current drawable's frame; edge bits: 1 = a-b, 2 = b-c, 4 = c-a are polygon edges. */
    private void localTriangle(double ax, double ay, double az, double bx, double by, double bz,
                               double cx, double cy, double cz, int edges) {
        worldTriangle(tx + sc * rotX(ax, ay, az), ty + sc * rotY(ax, ay, az), tz + sc * rotZ(ax, ay, az),
                tx + sc * rotX(bx, by, bz), ty + sc * rotY(bx, by, bz), tz + sc * rotZ(bx, by, bz),
                tx + sc * rotX(cx, cy, cz), ty + sc * rotY(cx, cy, cz), tz + sc * rotZ(cx, cy, cz), edges);
    }

    private void worldTriangle(double ax, double ay, double az, double bx, double by, double bz,
                               double cx, double cy, double cz, int edges) {
        int color = base;
        if (lit) {
            double e1x = bx - ax, e1y = by - ay, e1z = bz - az, e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
            double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(nl > 0)) {
                return;
            }
            // two-sided: the normal facing the eye
            if (nx * (ex - ax) + ny * (ey - ay) + nz * (ez - az) < 0) {
                nl = -nl;
            }
            double lambert = Math.max(0, (nx * LX + ny * LY + nz * LZ) / nl);
            color = Palette.scale(base, AMBIENT + (1 - AMBIENT) * lambert);
        }
        // to camera space
        poly[0] = camX(ax, ay, az);
        poly[1] = camY(ax, ay, az);
        poly[2] = camZ(ax, ay, az);
        poly[3] = camX(bx, by, bz);
        poly[4] = camY(bx, by, bz);
        poly[5] = camZ(bx, by, bz);
        poly[6] = camX(cx, cy, cz);
        poly[7] = camY(cx, cy, cz);
        poly[8] = camZ(cx, cy, cz);
        polyEdge[0] = (edges & 1) != 0;
        polyEdge[1] = (edges & 2) != 0;
        polyEdge[2] = (edges & 4) != 0;
        if (poly[2] >= near && poly[5] >= near && poly[8] >= near) {
            screenTriangle(poly, 0, 3, 6, edges, color);
            return;
        }
        int n = clipNear(3);
        for (int k = 1; k + 1 < n; k++) {
            int mask = (clippedEdge[k] ? 2 : 0) | (k == 1 && clippedEdge[0] ? 1 : 0) | (k == n - 2 && clippedEdge[n - 1] ? 4 : 0);
            screenTriangle(clipped, 0, 3 * k, 3 * (k + 1), mask, color);
        }
    }

    /** Clips the polygon in {@code poly} (n vertices) to z ≥ near into {@code clipped}; returns its size. */
    private int clipNear(int n) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double zi = poly[3 * i + 2], zj = poly[3 * j + 2];
            boolean ini = zi >= near, inj = zj >= near;
            if (ini) {
                clipped[3 * m] = poly[3 * i];
                clipped[3 * m + 1] = poly[3 * i + 1];
                clipped[3 * m + 2] = zi;
                // the edge leaving this vertex keeps its flag
                clippedEdge[m] = polyEdge[i];
                m++;
            }
            if (ini != inj) {
                double t = (near - zi) / (zj - zi);
                clipped[3 * m] = poly[3 * i] + (poly[3 * j] - poly[3 * i]) * t;
                clipped[3 * m + 1] = poly[3 * i + 1] + (poly[3 * j + 1] - poly[3 * i + 1]) * t;
                clipped[3 * m + 2] = near;
                // entering: the rest of edge i; leaving: the new edge along the near plane
                clippedEdge[m] = inj && polyEdge[i];
                m++;
            }
        }
        return m;
    }

    private double camX(double x, double y, double z) {
        return (x - ex) * rx + (y - ey) * ry + (z - ez) * rz;
    }

    private double camY(double x, double y, double z) {
        return (x - ex) * ux + (y - ey) * uy + (z - ez) * uz;
    }

    private double camZ(double x, double y, double z) {
        return (x - ex) * fx + (y - ey) * fy + (z - ez) * fz;
    }

    /** Projects and fills one camera-space triangle (all z ≥ near). */
    private void screenTriangle(double[] v, int a, int b, int c, int edges, int color) {
        double hw = width / 2.0, hh = height / 2.0;
        double iza = 1 / v[a + 2], izb = 1 / v[b + 2], izc = 1 / v[c + 2];
        double xa = hw + focal * v[a] * iza, ya = hh - focal * v[a + 1] * iza;
        double xb = hw + focal * v[b] * izb, yb = hh - focal * v[b + 1] * izb;
        double xc = hw + focal * v[c] * izc, yc = hh - focal * v[c + 1] * izc;
        double area = (xb - xa) * (yc - ya) - (yb - ya) * (xc - xa);
        if (!(Math.abs(area) > 1e-12)) {
            return;
        }
        if (area < 0) {
            // swap b and c: edges a-b, b-c, c-a become a-c (old 4), c-b (old 2), b-a (old 1)
            double t = xb; xb = xc; xc = t;
            t = yb; yb = yc; yc = t;
            t = izb; izb = izc; izc = t;
            edges = ((edges & 4) >> 2) | (edges & 2) | ((edges & 1) << 2);
            area = -area;
        }
        int x0 = Math.max(0, (int) Math.floor(Math.min(xa, Math.min(xb, xc))));
        int x1 = Math.min(width - 1, (int) Math.ceil(Math.max(xa, Math.max(xb, xc))));
        int y0 = Math.max(0, (int) Math.floor(Math.min(ya, Math.min(yb, yc))));
        int y1 = Math.min(height - 1, (int) Math.ceil(Math.max(ya, Math.max(yb, yc))));
        if (x0 > x1 || y0 > y1) {
            return;
        }
        double inv = 1 / area;
        // edge lengths for the distance of a pixel to a drawn edge
        double lab = (edges & 1) != 0 && lines ? 1 / Math.hypot(xb - xa, yb - ya) : 0;
        double lbc = (edges & 2) != 0 && lines ? 1 / Math.hypot(xc - xb, yc - yb) : 0;
        double lca = (edges & 4) != 0 && lines ? 1 / Math.hypot(xa - xc, ya - yc) : 0;
        double lineWidth = outlined ? 2.0 : 0.7;
        int lineColor = Palette.scale(color, outlined ? 0.25 : 0.6);
        int hatchColor = Palette.scale(color, 0.55);
        for (int y = y0; y <= y1; y++) {
            double py = y + 0.5;
            int row = y * width;
            for (int x = x0; x <= x1; x++) {
                double pxc = x + 0.5;
                double w0 = (xc - xb) * (py - yb) - (yc - yb) * (pxc - xb); // opposite a: edge b-c
                double w1 = (xa - xc) * (py - yc) - (ya - yc) * (pxc - xc); // opposite b: edge c-a
                double w2 = (xb - xa) * (py - ya) - (yb - ya) * (pxc - xa); // opposite c: edge a-b
                if (w0 < 0 || w1 < 0 || w2 < 0) {
                    continue;
                }
                float iz = (float) ((w0 * iza + w1 * izb + w2 * izc) * inv);
                int idx = row + x;
                if (iz <= depth[idx]) {
                    continue;
                }
                depth[idx] = iz;
                int out = color;
                if (hatched && ((x + y) & 7) < 3) {
                    out = hatchColor;
                }
                if ((lab > 0 && w2 * lab < lineWidth) || (lbc > 0 && w0 * lbc < lineWidth)
                        || (lca > 0 && w1 * lca < lineWidth)) {
                    out = lineColor;
                }
                px[idx] = out;
            }
        }
    }
}
