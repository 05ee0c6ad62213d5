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

    /**
     * Validates the view: a field of view in (0, 180) degrees, a finite scale &gt; 0, finite coordinates and,
     * unless auto-framed, an eye away from the target; anything else is an {@link IllegalArgumentException}
     * naming the bad value.
     * @param autoFrame pixel renderers frame the scene themselves, ignoring eye and target
     * @param eyeX the camera position's x, metres
     * @param eyeY the camera position's y, metres
     * @param eyeZ the camera position's z, metres
     * @param targetX the looked-at point's x, metres
     * @param targetY the looked-at point's y, metres
     * @param targetZ the looked-at point's z, metres
     * @param fovDegrees the vertical field of view, degrees, in (0, 180)
     * @param topView cell renderers: the top view (x, z) instead of the side view (x, y)
     * @param centreU cell renderers: the world coordinate at the centre column, metres
     * @param centreV cell renderers: the world coordinate at the centre row, metres
     * @param metresPerColumn cell renderers: metres per character column, &gt; 0
     */
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

    /**
     * Automatic framing with the default field of view.
     * @return a view that frames the whole frame's bounds
     */
    public static RenderView auto() {
        return new RenderView(true, 0, 0, 0, 0, 0, 0, DEFAULT_FOV, false, 0, 0, 1);
    }

    /**
     * A perspective camera at {@code eye} looking at {@code target}.
     * @param ex the eye's x, metres
     * @param ey the eye's y, metres
     * @param ez the eye's z, metres
     * @param tx the target's x, metres
     * @param ty the target's y, metres
     * @param tz the target's z, metres
     * @param fov the vertical field of view, degrees, in (0, 180)
     * @return the view
     */
    public static RenderView perspective(double ex, double ey, double ez, double tx, double ty, double tz, double fov) {
        return new RenderView(false, ex, ey, ez, tx, ty, tz, fov, false, 0, 0, 1);
    }

    /**
     * An orthographic cell view.
     * @param top true for the top view (x, z), false for the side view (x, y)
     * @param centreU the world coordinate at the centre column, metres
     * @param centreV the world coordinate at the centre row, metres
     * @param metresPerColumn the scale, metres per character column, &gt; 0
     * @return the view
     */
    public static RenderView cells(boolean top, double centreU, double centreV, double metresPerColumn) {
        return new RenderView(true, 0, 0, 0, 0, 0, 0, DEFAULT_FOV, top, centreU, centreV, metresPerColumn);
    }
}
