package dev.rubble.api;

/**
 * What a host renderer implements to see the physics world inside its own window (jMonkeyEngine,
 * libGDX, LWJGL, ...): {@link DebugDrawer#draw} calls it with world-space lines, triangles, points
 * and labels, coloured by body state, fracture level or strain ({@link DebugDrawer.Colours}), from
 * the same frame data Rubble's own renderers draw. Colours are {@code 0xAARRGGBB}. Calls come from
 * the thread that calls {@code draw}; coordinates are metres, y up.
 */
public interface DebugDraw {
    /**
     * A line segment from (x0, y0, z0) to (x1, y1, z1).
     * @param x0 the start's x, metres, world frame
     * @param y0 the start's y, metres
     * @param z0 the start's z, metres
     * @param x1 the end's x, metres
     * @param y1 the end's y, metres
     * @param z1 the end's z, metres
     * @param argb the colour, {@code 0xAARRGGBB}
     */
    void line(double x0, double y0, double z0, double x1, double y1, double z1, int argb);

    /**
     * A filled triangle (counter-clockwise seen from outside); soft-body meshes. Default: its three edges.
     * @param ax the first corner's x, metres, world frame
     * @param ay the first corner's y
     * @param az the first corner's z
     * @param bx the second corner's x
     * @param by the second corner's y
     * @param bz the second corner's z
     * @param cx the third corner's x
     * @param cy the third corner's y
     * @param cz the third corner's z
     * @param argb the colour, {@code 0xAARRGGBB}
     */
    default void triangle(double ax, double ay, double az, double bx, double by, double bz, double cx, double cy,
                          double cz, int argb) {
        line(ax, ay, az, bx, by, bz, argb);
        line(bx, by, bz, cx, cy, cz, argb);
        line(cx, cy, cz, ax, ay, az, argb);
    }

    /**
     * A point (a body's centre, a soft control point) of about {@code size} metres. Default: nothing.
     * @param x the point's x, metres, world frame
     * @param y the point's y, metres
     * @param z the point's z, metres
     * @param size the drawn size, metres, &gt; 0
     * @param argb the colour, {@code 0xAARRGGBB}
     */
    default void point(double x, double y, double z, double size, int argb) {
    }

    /**
     * A short label at a point (the body's id, level or strain). Default: nothing.
     * @param x the label's anchor x, metres, world frame
     * @param y the anchor's y, metres
     * @param z the anchor's z, metres
     * @param text the label, a few characters
     * @param argb the colour, {@code 0xAARRGGBB}
     */
    default void text(double x, double y, double z, String text, int argb) {
    }
}
