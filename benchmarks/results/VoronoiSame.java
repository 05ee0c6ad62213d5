import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Issue 27 item 5 (helper fract4): two builds of the Voronoi plugin (each its own class loader over its own class
 * directories) on the same sites, compared bit for bit: every cell's vertices, face starts, face indices and planes,
 * and the adjacency pairs with their face areas (raw bits). Sites: N uniform in the 10 × 4 × 2 m box for each seed,
 * then a jittered and an exact lattice (sites on each other's bisectors: the face-loop cut's cases). Not a test; exits
 * 1 on the first difference. Run from the repository root:
 * <pre>
 * java benchmarks/results/VoronoiSame.java N SEEDS THREADS \
 *     OLD/classes:geometry/target/classes:spi/target/classes \
 *     plugins/fracture-voronoi/target/classes:geometry/target/classes:spi/target/classes
 * </pre>
 */
public class VoronoiSame {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]), seeds = Integer.parseInt(a[1]), threads = Integer.parseInt(a[2]);
        Method[] run = new Method[2];
        Object[] box = new Object[2];
        Class<?>[] poly = new Class<?>[2];
        for (int k = 0; k < 2; k++) {
            String[] dirs = a[3 + k].split(":");
            URL[] urls = new URL[dirs.length];
            for (int i = 0; i < dirs.length; i++) urls[i] = Path.of(dirs[i]).toUri().toURL();
            ClassLoader cl = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
            poly[k] = cl.loadClass("dev.rubble.spi.geom.ConvexPolytope");
            box[k] = poly[k].getMethod("box", double.class, double.class, double.class, double.class, double.class, double.class).invoke(null, 0, 0, 0, 5, 2, 1);
            run[k] = cl.loadClass("dev.rubble.plugin.fracture.voronoi.VoronoiCells").getMethod("computeWithAdjacency", poly[k], double[].class, int.class);
        }
        int sets = 0;
        for (int seed = 1; seed <= seeds + 2; seed++) {
            double[] s;
            String what;
            if (seed <= seeds) {
                SplittableRandom r = new SplittableRandom(seed);
                s = new double[3 * n];
                for (int i = 0; i < n; i++) { s[3*i] = -5 + 10 * r.nextDouble(); s[3*i+1] = -2 + 4 * r.nextDouble(); s[3*i+2] = -1 + 2 * r.nextDouble(); }
                what = "uniform seed " + seed;
            } else {
                boolean exact = seed == seeds + 2;
                SplittableRandom r = new SplittableRandom(seed);
                int nx = 40, ny = 16, nz = 8;
                s = new double[3 * nx * ny * nz];
                int i = 0;
                for (int x = 0; x < nx; x++) for (int y = 0; y < ny; y++) for (int z = 0; z < nz; z++) {
                    double j = exact ? 0 : 1e-3;
                    s[i++] = -5 + 0.25 * (x + 0.5) + j * (r.nextDouble() - 0.5);
                    s[i++] = -2 + 0.25 * (y + 0.5) + j * (r.nextDouble() - 0.5);
                    s[i++] = -1 + 0.25 * (z + 0.5) + j * (r.nextDouble() - 0.5);
                }
                what = exact ? "exact lattice" : "jittered lattice";
            }
            Object[] out = new Object[2];
            for (int k = 0; k < 2; k++) out[k] = run[k].invoke(null, box[k], s, threads);
            long cells = compare(out, poly, what);
            System.out.println(what + ": " + (s.length / 3) + " sites, " + cells + " cells, same bits");
            sets++;
        }
        System.out.println("SAME " + sets + " site sets");
    }

    static long compare(Object[] out, Class<?>[] poly, String what) throws Exception {
        Object[] cells = new Object[2];
        for (int k = 0; k < 2; k++) cells[k] = out[k].getClass().getMethod("cells").invoke(out[k]);
        Object[] c0 = (Object[]) cells[0], c1 = (Object[]) cells[1];
        if (c0.length != c1.length) fail(what, "cell count");
        String[] arrays = {"vertices", "faceStarts", "faceIndices", "planes"};
        long alive = 0;
        for (int i = 0; i < c0.length; i++) {
            if ((c0[i] == null) != (c1[i] == null)) fail(what, "cell " + i + " null in one");
            if (c0[i] == null) continue;
            alive++;
            for (String m : arrays) {
                Object x = poly[0].getMethod(m).invoke(c0[i]), y = poly[1].getMethod(m).invoke(c1[i]);
                boolean eq = x instanceof double[] dx ? Arrays.equals(bits(dx), bits((double[]) y)) : Arrays.equals((int[]) x, (int[]) y);
                if (!eq) fail(what, "cell " + i + " " + m);
            }
        }
        for (String m : new String[] {"a", "b"}) {
            if (!Arrays.equals((int[]) out[0].getClass().getMethod(m).invoke(out[0]), (int[]) out[1].getClass().getMethod(m).invoke(out[1]))) fail(what, "pairs " + m);
        }
        if (!Arrays.equals(bits((double[]) out[0].getClass().getMethod("area").invoke(out[0])), bits((double[]) out[1].getClass().getMethod("area").invoke(out[1])))) fail(what, "areas");
        return alive;
    }

    static long[] bits(double[] d) {
        long[] b = new long[d.length];
        for (int i = 0; i < d.length; i++) b[i] = Double.doubleToRawLongBits(d[i]);
        return b;
    }

    static void fail(String what, String msg) {
        System.out.println("DIFFERENT (" + what + "): " + msg);
        System.exit(1);
    }
}
