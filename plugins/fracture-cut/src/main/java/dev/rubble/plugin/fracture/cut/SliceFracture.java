package dev.rubble.plugin.fracture.cut;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Slice: {@code x}, {@code y}, {@code z} evenly spaced cuts per axis (defaults 3, 3, 1) across
 * the source's bounding box. Each plane's offset moves by a seeded uniform amount of up to
 * {@code offsetJitter} (default 0) times the spacing, and its normal tilts by a seeded random
 * rotation of up to {@code angleJitter} degrees (default 0, at most 89). Every plane cuts the whole
 * source (all pieces it crosses).
 */
final class SliceFracture implements FractureMethod {
    private final int[] cuts = new int[3];
    private final double angleJitter;
    private final double offsetJitter;

    SliceFracture(StageConfig c) {
        c.requireOnly("x", "y", "z", "angleJitter", "offsetJitter");
        cuts[0] = c.getInt("x", 3, 0, 1024);
        cuts[1] = c.getInt("y", 3, 0, 1024);
        cuts[2] = c.getInt("z", 1, 0, 1024);
        angleJitter = c.getDouble("angleJitter", 0, 0, 89);
        offsetJitter = c.getDouble("offsetJitter", 0, 0, 0.49);
        long pieces = (long) (cuts[0] + 1) * (cuts[1] + 1) * (cuts[2] + 1);
        if (pieces > MAX_PIECES) {
            // 1024 cuts per axis would be 1e9 pieces: never finishes, or runs out of memory
            throw new IllegalArgumentException("options x=" + cuts[0] + ", y=" + cuts[1] + ", z=" + cuts[2] + " make "
                    + pieces + " pieces; allowed: (x+1)(y+1)(z+1) <= " + MAX_PIECES);
        }
    }

    /** Most pieces one slice fracture may make. */
    static final int MAX_PIECES = 100_000;

    @Override
    public List<ConvexPolytope> fracture(ConvexPolytope source, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double tol = Cuts.tolerance(source);
        double[] b = source.bounds();
        List<ConvexPolytope> pieces = List.of(source);
        for (int axis = 0; axis < 3; axis++) {
            int n = cuts[axis];
            double spacing = (b[3 + axis] - b[axis]) / (n + 1);
            for (int i = 0; i < n; i++) {
                double pos = b[axis] + (i + 1) * spacing + (2 * rnd.nextDouble() - 1) * offsetJitter * spacing;
                double[] nrm = new double[3];
                nrm[axis] = 1;
                if (angleJitter > 0) {
                    // tilt towards a random direction perpendicular to the axis
                    double tilt = StrictMath.toRadians(angleJitter) * rnd.nextDouble();
                    double phi = 2 * Math.PI * rnd.nextDouble();
                    int u = (axis + 1) % 3, w = (axis + 2) % 3;
                    nrm[axis] = StrictMath.cos(tilt);
                    nrm[u] = StrictMath.sin(tilt) * StrictMath.cos(phi);
                    nrm[w] = StrictMath.sin(tilt) * StrictMath.sin(phi);
                }
                // the plane passes through the box-centre line at the offset position
                double[] p = {(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2};
                p[axis] = pos;
                double d = nrm[0] * p[0] + nrm[1] * p[1] + nrm[2] * p[2];
                pieces = Cuts.split(pieces, nrm[0], nrm[1], nrm[2], d, tol);
            }
        }
        return pieces;
    }
}
