package dev.rubble.plugin.render.console;

import dev.rubble.spi.render.CellCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;

/**
 * The console's world view (SPEC §10): an orthographic side (x, y) or top (x, z) projection in
 * character cells, every drawable filling the cells its world bounds cover with a character for its
 * state (a piece being removed covers its bounds shrunk by its removal scale about their centre). Statics are drawn first, then sleepers, then moving bodies, so moving bodies stay visible on
 * top; an empty centre cell shows {@link #CENTRE}. A row is two columns tall.
 *
 * <pre>
 *  o  awake (or driven by playback)   z  sleeping   #  static
 *  k  kinematic   @  released from playback to live simulation   +  view centre
 *  ~  a soft body's control point (drawn over the rigid bodies: soft bodies have no bounds of their own)
 * </pre>
 */
final class CellViewRenderer implements Renderer {
    static final char STATIC = '#', AWAKE = 'o', SLEEPING = 'z', KINEMATIC = 'k', RELEASED = '@', CENTRE = '+',
            SOFT = '~';

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
                    body(frame, i, view, canvas, cols, rows, symbol(st));
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

    private static void body(RenderFrame f, int i, RenderView v, CellCanvas g, int cols, int rows, char c) {
        boolean top = v.topView();
        double scale = v.metresPerColumn();
        double minU = f.bounds(i, 0), maxU = f.bounds(i, 3);
        double minV = top ? f.bounds(i, 2) : f.bounds(i, 1), maxV = top ? f.bounds(i, 5) : f.bounds(i, 4);
        double s = f.removalScale(i);
        if (!(s > 0)) {
            return; // shrunk away (a union's own drawable, whose members are drawn one by one)
        }
        if (s < 1) { // a piece being removed shrinks about the centre of its bounds (docs/destruction.md)
            double cu = 0.5 * (minU + maxU), hu = 0.5 * (maxU - minU) * s;
            double cv = 0.5 * (minV + maxV), hv = 0.5 * (maxV - minV) * s;
            minU = cu - hu;
            maxU = cu + hu;
            minV = cv - hv;
            maxV = cv + hv;
        }
        int c0 = Math.max(0, column(minU, v.centreU(), scale, cols));
        int c1 = Math.min(cols - 1, column(maxU, v.centreU(), scale, cols));
        int r0 = Math.max(0, row(maxV, v.centreV(), scale, rows));
        int r1 = Math.min(rows - 1, row(minV, v.centreV(), scale, rows));
        for (int r = r0; r <= r1; r++) {
            for (int k = c0; k <= c1; k++) {
                g.set(k, r, c);
            }
        }
    }
}
