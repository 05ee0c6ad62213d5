package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Voronoi fracture: generate sites, then cut the source into the sites' Voronoi cells
 * ({@link VoronoiCells}). Site distributions (option {@code sites}):
 * <ul>
 *   <li>{@code uniform} (default): {@code count} sites (default 20) uniformly random inside
 *       the source (rejection sampling from its bounding box), so {@code count} pieces result.</li>
 *   <li>{@code radial}: {@code rings × angles} sites (default 5 × 5) around {@code center}
 *       (default the source centroid) in the plane normal to {@code axis} (x, y or z; default z);
 *       ring {@code i} has radius {@code radius · ((i+1)/rings)^exponent} (radius default 0.5 m,
 *       exponent default 1), ring {@code i} is rotated by {@code i · angleOffset} degrees, and
 *       every site moves by a seeded jitter of up to {@code jitter · radius} (default 1e-4) so no
 *       four sites are cocircular/cospherical.</li>
 *   <li>{@code clustered}: {@code clusters} centres (default 8) uniform in the bounds (centres
 *       are not sites); each gets a uniform count in [{@code minSites}, {@code maxSites}]
 *       (default 2–30) of sites in random directions at distance uniform in
 *       [{@code minRadius}, {@code maxRadius}] (default 0.1–0.2) times the bounds diagonal.</li>
 *   <li>{@code custom}: {@code points} = {@code "x y z; x y z; ..."} (metres).</li>
 * </ul>
 * Option {@code threads} (1..256, default 1): threads that compute the cells; the pieces and their
 * neighbours are bit-identical at any count.
 * Exact duplicate sites are dropped (first kept). Pieces are returned in site order.
 */
final class VoronoiFracture implements FractureMethod {
    private final String distribution;
    private final int count;
    private final int rings;
    private final int angles;
    private final double radius;
    private final double exponent;
    private final double angleOffset;
    private final double jitter;
    private final double[] center;
    private final int axis;
    private final int clusters;
    private final int minSites;
    private final int maxSites;
    private final double minRadius;
    private final double maxRadius;
    private final double[] custom;
    private final int threads;

    /** Most sites (pieces) one Voronoi fracture may make. */
    static final int MAX_SITES = 100_000;

    VoronoiFracture(StageConfig c) {
        c.requireOnly("sites", "count", "rings", "angles", "radius", "exponent", "angleOffset", "jitter",
                "centerX", "centerY", "centerZ", "axis", "clusters", "minSites", "maxSites", "minRadius",
                "maxRadius", "points", "threads");
        distribution = c.getString("sites", "uniform");
        if (!List.of("uniform", "radial", "clustered", "custom").contains(distribution)) {
            throw new IllegalArgumentException("option 'sites' = " + distribution
                    + "; allowed: uniform, radial, clustered, custom");
        }
        count = c.getInt("count", 20, 1, MAX_SITES);
        threads = c.getInt("threads", 1, 1, VoronoiCells.MAX_THREADS);
        rings = c.getInt("rings", 5, 1, 10_000);
        angles = c.getInt("angles", 5, 1, 10_000);
        radius = c.getDouble("radius", 0.5, 1e-9, 1e9);
        exponent = c.getDouble("exponent", 1.0, 1e-3, 100);
        angleOffset = c.getDouble("angleOffset", 0.0, -360, 360);
        jitter = c.getDouble("jitter", 1e-4, 0, 1);
        boolean hasCenter = c.asMap().containsKey("centerX") || c.asMap().containsKey("centerY")
                || c.asMap().containsKey("centerZ");
        center = hasCenter ? new double[] {c.getDouble("centerX", 0, -1e9, 1e9), c.getDouble("centerY", 0, -1e9, 1e9),
            c.getDouble("centerZ", 0, -1e9, 1e9)} : null;
        String ax = c.getString("axis", "z");
        axis = "x".equals(ax) ? 0 : "y".equals(ax) ? 1 : "z".equals(ax) ? 2 : -1;
        if (axis < 0) {
            throw new IllegalArgumentException("option 'axis' = " + ax + "; allowed: x, y, z");
        }
        clusters = c.getInt("clusters", 8, 1, 1_000_000);
        minSites = c.getInt("minSites", 2, 1, 1_000_000);
        maxSites = c.getInt("maxSites", 30, 1, 1_000_000);
        if (maxSites < minSites) {
            throw new IllegalArgumentException("option 'maxSites' = " + maxSites + " is below 'minSites' = " + minSites
                    + "; allowed: >= minSites");
        }
        // a site is a piece: refuse counts that can never finish (radial 10 000 x 10 000 is 1e8 cells)
        long sitesMade = switch (distribution) {
            case "radial" -> (long) rings * angles;
            case "clustered" -> (long) clusters * maxSites;
            case "uniform" -> count;
            default -> 0;
        };
        if (sitesMade > MAX_SITES) {
            throw new IllegalArgumentException("sites=" + distribution + " with these options makes up to " + sitesMade
                    + " sites; allowed: at most " + MAX_SITES + " (count, rings x angles, clusters x maxSites)");
        }
        minRadius = c.getDouble("minRadius", 0.1, 0, 10);
        maxRadius = c.getDouble("maxRadius", 0.2, 0, 10);
        if (maxRadius < minRadius) {
            throw new IllegalArgumentException("option 'maxRadius' = " + maxRadius + " is below 'minRadius' = "
                    + minRadius + "; allowed: >= minRadius");
        }
        String pts = c.getString("points", null);
        if ("custom".equals(distribution) && pts == null) {
            throw new IllegalArgumentException("option 'points' is missing; sites=custom needs points=\"x y z; x y z; ...\"");
        }
        custom = pts == null ? null : parsePoints(pts);
    }

    static double[] parsePoints(String s) {
        String[] items = s.split(";");
        double[] out = new double[3 * items.length];
        int n = 0;
        for (String item : items) {
            String t = item.trim();
            if (t.isEmpty()) {
                continue;
            }
            String[] xyz = t.split("[\\s,]+");
            if (xyz.length != 3) {
                throw new IllegalArgumentException("option 'points' item '" + t + "' is not allowed; allowed: three numbers x y z");
            }
            for (int k = 0; k < 3; k++) {
                try {
                    out[3 * n + k] = Double.parseDouble(xyz[k]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("option 'points' value '" + xyz[k] + "' is not a number");
                }
                if (!Double.isFinite(out[3 * n + k])) {
                    throw new IllegalArgumentException("option 'points' value '" + xyz[k] + "' is not finite");
                }
            }
            n++;
        }
        if (n == 0) {
            throw new IllegalArgumentException("option 'points' is empty; allowed: at least one point x y z");
        }
        return Arrays.copyOf(out, 3 * n);
    }

    @Override
    public List<ConvexPolytope> fracture(ConvexPolytope source, long seed) {
        double[] sites = dedupe(sites(source, seed));
        ConvexPolytope[] cells = VoronoiCells.compute(source, sites, threads);
        List<ConvexPolytope> out = new ArrayList<>(cells.length);
        for (ConvexPolytope p : cells) {
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * The pieces with their face neighbours and shared face areas from the clipping itself
     * ({@link VoronoiCells#computeWithAdjacency}): the Voronoi neighbours restricted to the source,
     * renumbered to the returned pieces (sites whose cell misses the source have no piece).
     */
    @Override
    public Pieces fractureWithNeighbours(ConvexPolytope source, long seed) {
        double[] sites = dedupe(sites(source, seed));
        VoronoiCells.Cells c = VoronoiCells.computeWithAdjacency(source, sites, threads);
        ConvexPolytope[] cells = c.cells();
        int[] index = new int[cells.length];
        List<ConvexPolytope> out = new ArrayList<>(cells.length);
        for (int i = 0; i < cells.length; i++) {
            index[i] = cells[i] == null ? -1 : out.size();
            if (cells[i] != null) {
                out.add(cells[i]);
            }
        }
        int m = c.a().length;
        int[] a = new int[m];
        int[] b = new int[m];
        double[] area = new double[m];
        int k = 0;
        for (int q = 0; q < m; q++) {
            int pa = index[c.a()[q]], pb = index[c.b()[q]];
            if (pa >= 0 && pb >= 0) {
                // renumbering keeps site order, so (a, b) stays sorted and a < b
                a[k] = pa;
                b[k] = pb;
                area[k++] = c.area()[q];
            }
        }
        return new Pieces(out, Arrays.copyOf(a, k), Arrays.copyOf(b, k), Arrays.copyOf(area, k));
    }

    /** The sites this method would use for {@code source} and {@code seed}, packed xyz. */
    double[] sites(ConvexPolytope source, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] b = source.bounds();
        switch (distribution) {
            case "radial":
                return radial(source, rnd);
            case "clustered":
                return clustered(b, rnd);
            case "custom":
                return custom.clone();
            default:
                // rejection sampling: uniform in the source itself, so every site yields a piece
                double[] s = new double[3 * count];
                long attempts = 0, maxAttempts = 1000L * count;
                int i = 0;
                for (; i < count && attempts < maxAttempts; attempts++) {
                    double x = b[0] + rnd.nextDouble() * (b[3] - b[0]);
                    double y = b[1] + rnd.nextDouble() * (b[4] - b[1]);
                    double z = b[2] + rnd.nextDouble() * (b[5] - b[2]);
                    if (source.planeDistance(x, y, z) < 0) {
                        s[3 * i] = x;
                        s[3 * i + 1] = y;
                        s[3 * i + 2] = z;
                        i++;
                    }
                }
                return Arrays.copyOf(s, 3 * i);
        }
    }

    private double[] radial(ConvexPolytope source, SplittableRandom rnd) {
        double[] c = center != null ? center
                : new double[] {source.centroid(0), source.centroid(1), source.centroid(2)};
        int u = (axis + 1) % 3, w = (axis + 2) % 3;
        double[] s = new double[3 * rings * angles];
        int n = 0;
        for (int i = 0; i < rings; i++) {
            double r = radius * StrictMath.pow((i + 1) / (double) rings, exponent);
            for (int a = 0; a < angles; a++) {
                double th = 2 * Math.PI * a / angles + StrictMath.toRadians(angleOffset * i);
                s[3 * n + axis] = c[axis];
                s[3 * n + u] = c[u] + r * StrictMath.cos(th);
                s[3 * n + w] = c[w] + r * StrictMath.sin(th);
                for (int k = 0; k < 3; k++) {
                    s[3 * n + k] += (2 * rnd.nextDouble() - 1) * jitter * radius;
                }
                n++;
            }
        }
        return s;
    }

    private double[] clustered(double[] b, SplittableRandom rnd) {
        double diag = Math.sqrt(sq(b[3] - b[0]) + sq(b[4] - b[1]) + sq(b[5] - b[2]));
        double[] s = new double[0];
        int n = 0;
        for (int c = 0; c < clusters; c++) {
            double cx = b[0] + rnd.nextDouble() * (b[3] - b[0]);
            double cy = b[1] + rnd.nextDouble() * (b[4] - b[1]);
            double cz = b[2] + rnd.nextDouble() * (b[5] - b[2]);
            int m = minSites + rnd.nextInt(maxSites - minSites + 1);
            if (3 * (n + m) > s.length) {
                s = Arrays.copyOf(s, Math.max(3 * (n + m), 2 * s.length));
            }
            for (int q = 0; q < m; q++) {
                double z = 2 * rnd.nextDouble() - 1;
                double phi = 2 * Math.PI * rnd.nextDouble();
                double rr = Math.sqrt(Math.max(0, 1 - z * z));
                double dist = diag * (minRadius + rnd.nextDouble() * (maxRadius - minRadius));
                s[3 * n] = cx + dist * rr * StrictMath.cos(phi);
                s[3 * n + 1] = cy + dist * rr * StrictMath.sin(phi);
                s[3 * n + 2] = cz + dist * z;
                n++;
            }
        }
        return Arrays.copyOf(s, 3 * n);
    }

    /** Drops exact duplicate sites, keeping the first occurrence and the original order. */
    static double[] dedupe(double[] s) {
        int n = s.length / 3;
        // by x, y, z (Double.compare), equal sites in index order: primitive sorts only (issue 32)
        int[] order = PrimitiveOrder.xyzOrder(s, null);
        boolean[] drop = new boolean[n];
        int dropped = 0;
        for (int k = 1; k < n; k++) {
            int p = order[k - 1], q = order[k];
            if (s[3 * p] == s[3 * q] && s[3 * p + 1] == s[3 * q + 1] && s[3 * p + 2] == s[3 * q + 2]) {
                drop[q] = true;
                dropped++;
            }
        }
        if (dropped == 0) {
            return s;
        }
        double[] out = new double[3 * (n - dropped)];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (!drop[i]) {
                System.arraycopy(s, 3 * i, out, 3 * m++, 3);
            }
        }
        return out;
    }

    private static double sq(double x) {
        return x * x;
    }
}
