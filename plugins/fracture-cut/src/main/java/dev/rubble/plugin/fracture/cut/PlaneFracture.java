package dev.rubble.plugin.fracture.cut;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.List;

/**
 * Plane cut: option {@code planes} = {@code "nx ny nz d; ..."} (normal need not be unit; the
 * plane is {@code n·x = d} in the source's frame, metres). Each plane splits every piece it
 * crosses; planes missing the source change nothing. The seed is unused.
 */
final class PlaneFracture implements FractureMethod {
    private final double[] planes;

    PlaneFracture(StageConfig c) {
        c.requireOnly("planes");
        String s = c.getString("planes", null);
        if (s == null) {
            throw new IllegalArgumentException("option 'planes' is missing; allowed: \"nx ny nz d; ...\"");
        }
        planes = Cuts.parsePlanes("planes", s);
    }

    @Override
    public List<ConvexPolytope> fracture(ConvexPolytope source, long seed) {
        double tol = Cuts.tolerance(source);
        List<ConvexPolytope> pieces = List.of(source);
        for (int i = 0; i < planes.length; i += 4) {
            pieces = Cuts.split(pieces, planes[i], planes[i + 1], planes[i + 2], planes[i + 3], tol);
        }
        return pieces;
    }
}
