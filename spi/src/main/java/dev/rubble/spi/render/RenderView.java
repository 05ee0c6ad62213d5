package dev.rubble.spi.render;

/**
 * How a frame is looked at. Pixel renderers use the perspective camera: the eye at
 * {@code (eyeX, eyeY, eyeZ)} looking at {@code (targetX, targetY, targetZ)} with +y up and a
 * vertical field of view {@code fovDegrees}; with {@code autoFrame} they place the camera
 * themselves from the frame's bounds and ignore eye and target. Cell renderers use an orthographic
 * side view (x right, y up) or top view (x right, z up the screen) centred
 * at {@code (centreU, centreV)} with {@code metresPerColumn} metres per character column.
 *
 * @param autoFrame       pixel renderers frame the scene themselves
 * @param eyeX            camera position, metres
 * @param targetX         point looked at, metres; differs from the eye
 * @param fovDegrees      vertical field of view, (0, 180) degrees
 * @param topView         cell renderers: top view (x, z) instead of the side view (x, y)
 * @param centreU         cell renderers: world coordinate at the centre column, metres
 * @param centreV         cell renderers: world coordinate at the centre row, metres
 * @param metresPerColumn cell renderers: scale, > 0
 */
public record RenderView(boolean autoFrame, double eyeX, double eyeY, double eyeZ,
                         double targetX, double targetY, double targetZ, double fovDegrees,
                         boolean topView, double centreU, double centreV, double metresPerColumn) {

    /** Default vertical field of view, degrees. */
    public static final double DEFAULT_FOV = 45;

    public RenderView {
        if (!(fovDegrees > 0 && fovDegrees < 180)) {
            throw new IllegalArgumentException("fov = " + fovDegrees + "; allowed: (0, 180) degrees");
        }
        if (!(metresPerColumn > 0) || !Double.isFinite(metresPerColumn)) {
            throw new IllegalArgumentException("scale = " + metresPerColumn + "; allowed: > 0 metres per column");
        }
        double[] v = {eyeX, eyeY, eyeZ, targetX, targetY, targetZ, centreU, centreV};
        for (double d : v) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("camera coordinate = " + d + "; allowed: finite metres");
            }
        }
        if (!autoFrame && eyeX == targetX && eyeY == targetY && eyeZ == targetZ) {
            throw new IllegalArgumentException("camera eye = target = (" + eyeX + ", " + eyeY + ", " + eyeZ
                    + "); allowed: an eye away from the target");
        }
    }

    /** Automatic framing with the default field of view. */
    public static RenderView auto() {
        return new RenderView(true, 0, 0, 0, 0, 0, 0, DEFAULT_FOV, false, 0, 0, 1);
    }

    /** A perspective camera at {@code eye} looking at {@code target}. */
    public static RenderView perspective(double ex, double ey, double ez, double tx, double ty, double tz, double fov) {
        return new RenderView(false, ex, ey, ez, tx, ty, tz, fov, false, 0, 0, 1);
    }

    /** An orthographic cell view. */
    public static RenderView cells(boolean top, double centreU, double centreV, double metresPerColumn) {
        return new RenderView(true, 0, 0, 0, 0, 0, 0, DEFAULT_FOV, top, centreU, centreV, metresPerColumn);
    }
}
