package dev.rubble.plugin.render.console;

import dev.rubble.spi.render.CellCanvas;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;

/**
 * The console's world view (SPEC §10): an orthographic side (x, y) or top (x, z) projection in
 * character cells, every drawable filling the cells its world bounds cover with a character for its
 * state (a piece being removed covers its bounds shrunk by its removal scale about their centre). Statics are drawn
 * first, then sleepers, then moving bodies, so moving bodies stay visible on top; an empty centre cell shows
 * {@link #CENTRE}. A row is two columns tall.
 *
 * <p>Anchoring (as the png renderers hatch it): an anchored drawable's cells show {@link #ANCHORED} instead of
 * its state's letter; one that holds anchored and free pieces ({@link RenderFrame#anchoredParts}: an intact wall
 * anchored along its base) keeps its state's letter except in the cells whose centres lie nearest one of its
 * anchored pieces (the nearest piece's bounds, then the nearest bounds' centre), which show {@link #ANCHORED}.
 *
 * <pre>
 *  o  awake (or driven by playback)   z  sleeping   #  static
 *  k  kinematic   =  anchored   @  released from playback to live simulation   +  view centre
 *  ~  a soft body's control point (drawn over the rigid bodies: soft bodies have no bounds of their own)
 * </pre>
 */
final class CellViewRenderer implements Renderer {
    static final char STATIC = '#', AWAKE = 'o', SLEEPING = 'z', KINEMATIC = 'k', RELEASED = '@', CENTRE = '+',
            SOFT = '~', ANCHORED = '=';
    /** Scratch: a compound child's world bounds; the view-plane bounds of a drawable's children (4 each). */
    private final double[] world = new double[6];
    private double[] box = new double[64];
    /** Scratch: a drawable's cells, first and last column, first and last row. */
    private final int[] rect = new int[4];

    @Override
    public CanvasKind canvasKind() {
        return CanvasKind.CELLS;
    }

    /** Column of world coordinate {@code u} in a view {@code cols} wide centred at {@code centre}. */
    static int column(double u, double centre, double scale, int cols) {
        return cols / 2 + (int) Math.floor((u - centre) / scale + 0.5);
    }

    /** Row of world coordinate {@code v} in a view {@code rows} tall centred at {@code centre} (rows are 2 columns tall). */
    static int row(double v, double centre, double scale, int rows) {
        return rows / 2 - (int) Math.floor((v - centre) / (2 * scale) + 0.5);
    }

    @Override
    public void render(RenderFrame frame, RenderView view, CellCanvas canvas) {
        int cols = canvas.columns(), rows = canvas.rows();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                canvas.set(c, r, ' ');
            }
        }
        if (cols < 1 || rows < 1) {
            return;
        }
        for (int pass = 0; pass < 3; pass++) {
            for (int i = 0, n = frame.count(); i < n; i++) {
                int st = frame.state(i);
                int p = st == RenderFrame.STATIC ? 0 : st == RenderFrame.SLEEPING ? 1 : st == RenderFrame.DISABLED ? -1 : 2;
                if (p == pass) {
                    boolean[] parts = frame.anchored(i) ? frame.anchoredParts(i) : null;
                    boolean whole = frame.anchored(i) && parts == null;
                    if (body(frame, i, view, canvas, cols, rows, whole ? ANCHORED : symbol(st)) && parts != null) {
                        anchoredParts(frame, i, parts, view, canvas, cols, rows);
                    }
                }
            }
        }
        softPoints(frame, view, canvas, cols, rows);
        int cc = cols / 2, cr = rows / 2;
        if (canvas.get(cc, cr) == ' ') {
            canvas.set(cc, cr, CENTRE);
        }
    }

    /** Each soft control point fills the cell it projects into. */
    private static void softPoints(RenderFrame f, RenderView v, CellCanvas g, int cols, int rows) {
        boolean top = v.topView();
        double scale = v.metresPerColumn();
        for (int p = 0, n = f.softPointCount(); p < n; p++) {
            int c = column(f.softPoint(p, 0), v.centreU(), scale, cols);
            int r = row(top ? f.softPoint(p, 2) : f.softPoint(p, 1), v.centreV(), scale, rows);
            if (c >= 0 && c < cols && r >= 0 && r < rows) {
                g.set(c, r, SOFT);
            }
        }
    }

    static char symbol(int state) {
        return switch (state) {
            case RenderFrame.STATIC -> STATIC;
            case RenderFrame.SLEEPING -> SLEEPING;
            case RenderFrame.KINEMATIC -> KINEMATIC;
            case RenderFrame.RELEASED -> RELEASED;
            default -> AWAKE;
        };
    }

    /** Fills drawable i's cells with {@code c}; false when it is shrunk away (nothing drawn). */
    private boolean body(RenderFrame f, int i, RenderView v, CellCanvas g, int cols, int rows, char c) {
        if (!cells(f, i, v, cols, rows)) {
            return false;
        }
        for (int r = rect[2]; r <= rect[3]; r++) {
            for (int k = rect[0]; k <= rect[1]; k++) {
                g.set(k, r, c);
            }
        }
        return true;
    }

    /**
     * The cells drawable i covers, into {@link #rect} (first and last column, first and last row, clamped to the
     * view; empty ranges when it is outside): the cells nearest its bounds' corners and those between, its bounds
     * shrunk by its removal scale about their centre. False when it is shrunk away.
     */
    private boolean cells(RenderFrame f, int i, RenderView v, int cols, int rows) {
        boolean top = v.topView();
        double scale = v.metresPerColumn();
        double minU = f.bounds(i, 0), maxU = f.bounds(i, 3);
        double minV = top ? f.bounds(i, 2) : f.bounds(i, 1), maxV = top ? f.bounds(i, 5) : f.bounds(i, 4);
        double s = f.removalScale(i);
        if (!(s > 0)) {
            return false; // shrunk away (a union's own drawable, whose members are drawn one by one)
        }
        if (s < 1) { // a piece being removed shrinks about the centre of its bounds (docs/destruction.md)
            double cu = 0.5 * (minU + maxU), hu = 0.5 * (maxU - minU) * s;
            double cv = 0.5 * (minV + maxV), hv = 0.5 * (maxV - minV) * s;
            minU = cu - hu;
            maxU = cu + hu;
            minV = cv - hv;
            maxV = cv + hv;
        }
        rect[0] = Math.max(0, column(minU, v.centreU(), scale, cols));
        rect[1] = Math.min(cols - 1, column(maxU, v.centreU(), scale, cols));
        rect[2] = Math.max(0, row(maxV, v.centreV(), scale, rows));
        rect[3] = Math.min(rows - 1, row(minV, v.centreV(), scale, rows));
        return true;
    }

    /**
     * Marks with {@link #ANCHORED} the cells of drawable i (its {@link #cells}, already filled with its state's
     * letter) that belong to an anchored compound child ({@code parts}, one flag per child). A cell belongs to the
     * child nearest its centre in the view plane: the least distance from the centre to the child's bounds
     * (0 inside them), ties (inside the bounds of several, as Voronoi pieces' boxes overlap) to the child whose
     * bounds' centre is nearest, then to the lower index. Children's bounds are turned with the drawable's pose
     * and shrunk with it by its removal scale. Cost: cells × children; no allocation once the scratch has grown.
     */
    private void anchoredParts(RenderFrame f, int i, boolean[] parts, RenderView v, CellCanvas g, int cols, int rows) {
        if (!(f.shape(i) instanceof Compound cp) || cp.childCount() != parts.length || !cells(f, i, v, cols, rows)) {
            return;
        }
        int n = parts.length;
        if (box.length < 4 * n) {
            box = new double[Math.max(4 * n, 2 * box.length)];
        }
        boolean any = false;
        for (int k = 0; k < n; k++) {
            childBounds(f, i, cp.child(k), v.topView(), 4 * k);
            any |= parts[k];
        }
        if (!any) {
            return;
        }
        double scale = v.metresPerColumn();
        for (int r = rect[2]; r <= rect[3]; r++) {
            double cv = v.centreV() + (rows / 2 - r) * 2 * scale; // the row's centre (rows are 2 columns tall)
            for (int q = rect[0]; q <= rect[1]; q++) {
                double cu = v.centreU() + (q - cols / 2) * scale;
                int best = -1;
                double bestD = Double.POSITIVE_INFINITY, bestC = Double.POSITIVE_INFINITY;
                for (int k = 0; k < n; k++) {
                    int o = 4 * k;
                    double du = Math.max(0, Math.max(box[o] - cu, cu - box[o + 1]));
                    double dv = Math.max(0, Math.max(box[o + 2] - cv, cv - box[o + 3]));
                    double d = du * du + dv * dv;
                    if (d > bestD) {
                        continue;
                    }
                    double mu = 0.5 * (box[o] + box[o + 1]) - cu, mv = 0.5 * (box[o + 2] + box[o + 3]) - cv;
                    double c = mu * mu + mv * mv;
                    if (d < bestD || c < bestC) {
                        best = k;
                        bestD = d;
                        bestC = c;
                    }
                }
                if (best >= 0 && parts[best]) {
                    g.set(q, r, ANCHORED);
                }
            }
        }
    }

    /**
     * The view-plane bounds of compound child {@code ch} of drawable i into {@link #box} from {@code o}: min u,
     * max u, min v, max v; its pose the drawable's pose ∘ the child's, shrunk by the drawable's removal scale
     * about the centre of the drawable's bounds.
     */
    private void childBounds(RenderFrame f, int i, Compound.Child ch, boolean top, int o) {
        double px = f.position(i, 0), py = f.position(i, 1), pz = f.position(i, 2);
        double qx = f.orientation(i, 0), qy = f.orientation(i, 1), qz = f.orientation(i, 2), qw = f.orientation(i, 3);
        double cx = ch.x(), cy = ch.y(), cz = ch.z();
        double tx = 2 * (qy * cz - qz * cy), ty = 2 * (qz * cx - qx * cz), tz = 2 * (qx * cy - qy * cx);
        double wx = px + cx + qw * tx + (qy * tz - qz * ty);
        double wy = py + cy + qw * ty + (qz * tx - qx * tz);
        double wz = pz + cz + qw * tz + (qx * ty - qy * tx);
        double ax = ch.qx(), ay = ch.qy(), az = ch.qz(), aw = ch.qw();
        ch.shape().bounds(wx, wy, wz, qw * ax + qx * aw + qy * az - qz * ay, qw * ay - qx * az + qy * aw + qz * ax,
                qw * az + qx * ay - qy * ax + qz * aw, qw * aw - qx * ax - qy * ay - qz * az, world, 0);
        int lo = top ? 2 : 1;
        double s = f.removalScale(i);
        double cu = 0.5 * (f.bounds(i, 0) + f.bounds(i, 3)), cv = 0.5 * (f.bounds(i, lo) + f.bounds(i, lo + 3));
        box[o] = cu + (world[0] - cu) * s;
        box[o + 1] = cu + (world[3] - cu) * s;
        box[o + 2] = cv + (world[lo] - cv) * s;
        box[o + 3] = cv + (world[lo + 3] - cv) * s;
    }
}
