package dev.rubble.plugin.fracture.cut;

import dev.rubble.geometry.polytope.PolytopeClipper;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.ArrayList;
import java.util.List;

/** Shared helpers: split pieces by a plane, both sides with exactly negated planes. */
final class Cuts {
    /** Clip tolerance relative to the source's bounding-box diagonal. */
    static final double RELATIVE_TOLERANCE = 1e-12;

    private Cuts() {
    }

    static double tolerance(ConvexPolytope source) {
        double[] b = source.bounds();
        double dx = b[3] - b[0], dy = b[4] - b[1], dz = b[5] - b[2];
        return RELATIVE_TOLERANCE * Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** Splits every piece by the plane {@code n·x = d}; the inner side comes first per piece. */
    static List<ConvexPolytope> split(List<ConvexPolytope> pieces, double nx, double ny, double nz, double d,
            double tol) {
        List<ConvexPolytope> out = new ArrayList<>(pieces.size() * 2);
        for (ConvexPolytope p : pieces) {
            ConvexPolytope a = PolytopeClipper.clip(p, nx, ny, nz, d, tol);
            if (a == p) {
                out.add(p);
                continue;
            }
            ConvexPolytope b = PolytopeClipper.clip(p, -nx, -ny, -nz, -d, tol);
            if (a != null) {
                out.add(a);
            }
            if (b != null) {
                out.add(b);
            }
        }
        return out;
    }

    static double[] parsePlanes(String option, String s) {
        String[] items = s.split(";");
        double[] out = new double[4 * items.length];
        int n = 0;
        for (String item : items) {
            String t = item.trim();
            if (t.isEmpty()) {
                continue;
            }
            String[] f = t.split("[\\s,]+");
            if (f.length != 4) {
                throw new IllegalArgumentException("option '" + option + "' item '" + t
                        + "' is not allowed; allowed: four numbers nx ny nz d");
            }
            for (int k = 0; k < 4; k++) {
                double v;
                try {
                    v = Double.parseDouble(f[k]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("option '" + option + "' value '" + f[k] + "' is not a number");
                }
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("option '" + option + "' value '" + f[k] + "' is not finite");
                }
                out[4 * n + k] = v;
            }
            if (out[4 * n] == 0 && out[4 * n + 1] == 0 && out[4 * n + 2] == 0) {
                throw new IllegalArgumentException("option '" + option + "' item '" + t
                        + "' has a zero normal; allowed: a non-zero normal");
            }
            n++;
        }
        if (n == 0) {
            throw new IllegalArgumentException("option '" + option + "' is empty; allowed: nx ny nz d; ...");
        }
        return java.util.Arrays.copyOf(out, 4 * n);
    }
}
