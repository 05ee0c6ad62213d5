package dev.rubble.plugin.fracture.cut;

import dev.rubble.geometry.polytope.PolytopeClipper;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.ArrayList;
import java.util.List;

/**
 * Brick: a running bond over the source's bounding box. Bricks have {@code length} along x
 * (default 1.94 m), {@code depth} along y (0.92 m) and {@code height} along z (0.57 m, z up);
 * courses (rows along z) and leaves (layers along y) start at the box minimum, and every other
 * course/leaf ({@code (row + layer)} odd) is shifted by half a brick length. Each brick is the
 * source clipped to the brick's box; bricks missing the source are dropped. If the grid would
 * exceed {@code maxBricks} (default 8192, at most 8192) bricks, all three brick dimensions are
 * scaled up by {@code (count/maxBricks)^(1/3)} until it fits. The seed is unused.
 */
final class BrickFracture implements FractureMethod {
    /** The hard upper bound of {@code maxBricks}. */
    static final int MAX_BRICKS = 8192;
    private final double length;
    private final double height;
    private final double depth;
    private final int maxBricks;

    BrickFracture(StageConfig c) {
        c.requireOnly("length", "height", "depth", "maxBricks");
        length = c.getDouble("length", 1.94, 1e-4, 1e6);
        height = c.getDouble("height", 0.57, 1e-4, 1e6);
        depth = c.getDouble("depth", 0.92, 1e-4, 1e6);
        maxBricks = c.getInt("maxBricks", MAX_BRICKS, 1, MAX_BRICKS);
    }

    /** Bricks along x (with the half-brick overhang), y and z for the given brick size. */
    static long count(double[] b, double len, double dep, double hei) {
        long nx = (long) Math.ceil((b[3] - b[0]) / len) + 1;
        long ny = (long) Math.ceil((b[4] - b[1]) / dep);
        long nz = (long) Math.ceil((b[5] - b[2]) / hei);
        return nx * ny * nz;
    }

    @Override
    public List<ConvexPolytope> fracture(ConvexPolytope source, long seed) {
        double[] b = source.bounds();
        double len = length, dep = depth, hei = height;
        for (long c = count(b, len, dep, hei); c > maxBricks; c = count(b, len, dep, hei)) {
            double s = Math.max(StrictMath.cbrt((double) c / maxBricks), 1.0 + 1e-9);
            len *= s;
            dep *= s;
            hei *= s;
        }
        double tol = Cuts.tolerance(source);
        int ny = (int) Math.ceil((b[4] - b[1]) / dep);
        int nz = (int) Math.ceil((b[5] - b[2]) / hei);
        int nx = (int) Math.ceil((b[3] - b[0]) / len) + 1;
        List<ConvexPolytope> out = new ArrayList<>();
        for (int k = 0; k < nz; k++) {
            double z0 = b[2] + k * hei, z1 = b[2] + (k + 1) * hei;
            for (int j = 0; j < ny; j++) {
                double y0 = b[1] + j * dep, y1 = b[1] + (j + 1) * dep;
                double shift = ((k + j) & 1) == 0 ? 0 : 0.5 * len;
                for (int i = 0; i < nx; i++) {
                    double x0 = b[0] - shift + i * len, x1 = b[0] - shift + (i + 1) * len;
                    ConvexPolytope p = source;
                    p = clip(p, 1, 0, 0, x1, i == nx - 1, tol);
                    p = clip(p, -1, 0, 0, -x0, i == 0, tol);
                    p = clip(p, 0, 1, 0, y1, j == ny - 1, tol);
                    p = clip(p, 0, -1, 0, -y0, j == 0, tol);
                    p = clip(p, 0, 0, 1, z1, k == nz - 1, tol);
                    p = clip(p, 0, 0, -1, -z0, k == 0, tol);
                    if (p != null) {
                        out.add(p);
                    }
                }
            }
        }
        return out;
    }

    private static ConvexPolytope clip(ConvexPolytope p, double nx, double ny, double nz, double d, boolean outer,
            double tol) {
        // outermost bricks extend to the source boundary; no cut there
        return p == null || outer ? p : PolytopeClipper.clip(p, nx, ny, nz, d, tol);
    }
}
