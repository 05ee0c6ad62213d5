import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the statue-like example mesh (examples/meshes/statue.obj): a standing figure on a
 * plinth, one arm on the hip (a through-hole), made by the Rubble project from a signed-distance
 * function (smooth union of boxes, capsules and spheres) by marching tetrahedra, which gives a
 * closed, consistently oriented 2-manifold without self-intersections for any sampling. No
 * dependencies: {@code java examples/meshes/StatueMesh.java OUT.obj [CELLS_ACROSS]} (default 28,
 * about 21 000 triangles; 42 gives about 49 000).
 */
public final class StatueMesh {
    private StatueMesh() {
    }

    static double box(double x, double y, double z, double cx, double cy, double cz, double hx, double hy, double hz, double r) {
        double qx = Math.abs(x - cx) - hx + r, qy = Math.abs(y - cy) - hy + r, qz = Math.abs(z - cz) - hz + r;
        double ox = Math.max(qx, 0), oy = Math.max(qy, 0), oz = Math.max(qz, 0);
        return Math.sqrt(ox * ox + oy * oy + oz * oz) + Math.min(Math.max(qx, Math.max(qy, qz)), 0) - r;
    }

    static double capsule(double x, double y, double z, double ax, double ay, double az, double bx, double by, double bz, double r) {
        double px = x - ax, py = y - ay, pz = z - az, dx = bx - ax, dy = by - ay, dz = bz - az;
        double h = Math.max(0, Math.min(1, (px * dx + py * dy + pz * dz) / (dx * dx + dy * dy + dz * dz)));
        double ex = px - h * dx, ey = py - h * dy, ez = pz - h * dz;
        return Math.sqrt(ex * ex + ey * ey + ez * ez) - r;
    }

    static double sphere(double x, double y, double z, double cx, double cy, double cz, double r) {
        double dx = x - cx, dy = y - cy, dz = z - cz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz) - r;
    }

    /** Smooth minimum (polynomial, k metres of blending). */
    static double smin(double a, double b, double k) {
        double h = Math.max(k - Math.abs(a - b), 0) / k;
        return Math.min(a, b) - h * h * k * 0.25;
    }

    /** Signed distance (approximately): negative inside the statue. Units: metres; the figure is 2.2 m tall. */
    static double f(double x, double y, double z) {
        double plinth = box(x, y, z, 0, 0.2, 0, 0.45, 0.2, 0.35, 0.03);
        double legL = capsule(x, y, z, -0.12, 0.42, 0, -0.1, 1.05, 0, 0.09);
        double legR = capsule(x, y, z, 0.12, 0.42, 0.03, 0.1, 1.05, 0, 0.09);
        double hips = box(x, y, z, 0, 1.1, 0, 0.18, 0.1, 0.12, 0.06);
        double torso = capsule(x, y, z, 0, 1.15, 0, 0, 1.6, 0, 0.17);
        double shoulders = capsule(x, y, z, -0.24, 1.68, 0, 0.24, 1.68, 0, 0.08);
        double neck = capsule(x, y, z, 0, 1.7, 0, 0, 1.85, 0, 0.06);
        double head = sphere(x, y, z, 0, 1.98, 0.01, 0.12);
        // right arm hangs down and forward holding a ball
        double armR = smin(capsule(x, y, z, 0.27, 1.66, 0, 0.33, 1.32, 0.06, 0.055),
                capsule(x, y, z, 0.33, 1.32, 0.06, 0.3, 1.05, 0.16, 0.05), 0.04);
        double ball = sphere(x, y, z, 0.3, 0.98, 0.2, 0.09);
        // left arm on the hip: upper arm out, forearm back to the waist, leaving a hole
        double armL = smin(capsule(x, y, z, -0.27, 1.66, 0, -0.46, 1.38, 0, 0.055),
                capsule(x, y, z, -0.46, 1.38, 0, -0.2, 1.18, 0, 0.05), 0.04);
        double body = smin(legL, legR, 0.05);
        body = smin(body, hips, 0.08);
        body = smin(body, torso, 0.1);
        body = smin(body, shoulders, 0.08);
        body = smin(body, neck, 0.05);
        body = smin(body, head, 0.05);
        body = smin(body, armR, 0.04);
        body = smin(body, ball, 0.03);
        body = smin(body, armL, 0.04);
        return smin(body, plinth, 0.06);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: java StatueMesh.java OUT.obj [CELLS_ACROSS]");
            System.exit(2);
        }
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 28;
        double x0 = -0.6, y0 = -0.05, z0 = -0.45;
        double h = 1.2 / n;
        int nx = n, ny = (int) Math.ceil(2.25 / h), nz = (int) Math.ceil(0.9 / h);
        double[] val = new double[(nx + 1) * (ny + 1) * (nz + 1)];
        for (int i = 0; i <= nx; i++) {
            for (int j = 0; j <= ny; j++) {
                for (int k = 0; k <= nz; k++) {
                    val[(i * (ny + 1) + j) * (nz + 1) + k] = f(x0 + i * h, y0 + j * h, z0 + k * h);
                }
            }
        }
        // Freudenthal: 6 tetrahedra per cube along the main diagonal, consistent across cubes
        int[][] perms = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        Map<Long, Integer> edgeIds = new HashMap<>();
        StringBuilder v = new StringBuilder();
        StringBuilder fs = new StringBuilder();
        int[] counts = {0, 0};
        double[] pts = new double[3 * 4];
        long[] gid = new long[4];
        double[] fv = new double[4];
        for (int i = 0; i < nx; i++) {
            for (int j = 0; j < ny; j++) {
                for (int k = 0; k < nz; k++) {
                    for (int[] p : perms) {
                        int[] c = {i, j, k};
                        for (int q = 0; q < 4; q++) {
                            if (q > 0) {
                                c[p[q - 1]]++;
                            }
                            gid[q] = ((long) c[0] * (ny + 1) + c[1]) * (nz + 1) + c[2];
                            fv[q] = val[(int) gid[q]];
                            pts[3 * q] = x0 + c[0] * h;
                            pts[3 * q + 1] = y0 + c[1] * h;
                            pts[3 * q + 2] = z0 + c[2] * h;
                        }
                        tet(gid, fv, pts, edgeIds, v, fs, counts);
                    }
                }
            }
        }
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(args[0])))) {
            w.println("# Rubble example statue: made by examples/meshes/StatueMesh.java (cells across " + n + "), "
                    + counts[0] + " vertices, " + counts[1] + " triangles; metres, y up");
            w.print(v);
            w.print(fs);
        }
        System.out.println(counts[1] + " triangles");
    }

    private static void tet(long[] g, double[] f, double[] p, Map<Long, Integer> ids, StringBuilder v, StringBuilder fs,
            int[] counts) {
        int[] in = new int[4], out = new int[4];
        int ni = 0, no = 0;
        for (int q = 0; q < 4; q++) {
            if (f[q] < 0) {
                in[ni++] = q;
            } else {
                out[no++] = q;
            }
        }
        if (ni == 0 || no == 0) {
            return;
        }
        if (ni == 1 || ni == 3) {
            int a = ni == 1 ? in[0] : out[0];
            int[] o = ni == 1 ? out : in;
            int e0 = edge(g, f, p, a, o[0], ids, v, counts), e1 = edge(g, f, p, a, o[1], ids, v, counts),
                    e2 = edge(g, f, p, a, o[2], ids, v, counts);
            // inside point -> outside point direction
            int from = ni == 1 ? a : o[0], to = ni == 1 ? o[0] : a;
            emit(e0, e1, e2, p, from, to, v, fs, counts);
        } else {
            int a = in[0], b = in[1], c = out[0], d = out[1];
            int ac = edge(g, f, p, a, c, ids, v, counts), ad = edge(g, f, p, a, d, ids, v, counts);
            int bc = edge(g, f, p, b, c, ids, v, counts), bd = edge(g, f, p, b, d, ids, v, counts);
            emit(ac, ad, bd, p, a, c, v, fs, counts);
            emit(ac, bd, bc, p, a, c, v, fs, counts);
        }
    }

    private static final java.util.List<double[]> POS = new java.util.ArrayList<>();

    private static int edge(long[] g, double[] f, double[] p, int a, int b, Map<Long, Integer> ids, StringBuilder v,
            int[] counts) {
        long lo = Math.min(g[a], g[b]), hi = Math.max(g[a], g[b]);
        long key = lo << 32 ^ hi;
        Integer id = ids.get(key);
        if (id != null) {
            return id;
        }
        int ia = g[a] == lo ? a : b, ib = ia == a ? b : a;
        double t = f[ia] / (f[ia] - f[ib]);
        t = Math.max(0.05, Math.min(0.95, t));
        double x = p[3 * ia] + t * (p[3 * ib] - p[3 * ia]);
        double y = p[3 * ia + 1] + t * (p[3 * ib + 1] - p[3 * ia + 1]);
        double z = p[3 * ia + 2] + t * (p[3 * ib + 2] - p[3 * ia + 2]);
        v.append(String.format(Locale.ROOT, "v %.7f %.7f %.7f%n", x, y, z));
        POS.add(new double[] {x, y, z});
        ids.put(key, counts[0]);
        return counts[0]++;
    }

    private static void emit(int a, int b, int c, double[] p, int from, int to, StringBuilder v, StringBuilder fs,
            int[] counts) {
        double[] pa = POS.get(a), pb = POS.get(b), pc = POS.get(c);
        double ux = pb[0] - pa[0], uy = pb[1] - pa[1], uz = pb[2] - pa[2];
        double wx = pc[0] - pa[0], wy = pc[1] - pa[1], wz = pc[2] - pa[2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double dx = p[3 * to] - p[3 * from], dy = p[3 * to + 1] - p[3 * from + 1], dz = p[3 * to + 2] - p[3 * from + 2];
        if (nx * dx + ny * dy + nz * dz < 0) {
            int t = b;
            b = c;
            c = t;
        }
        fs.append("f ").append(a + 1).append(' ').append(b + 1).append(' ').append(c + 1).append('\n');
        counts[1]++;
    }
}
