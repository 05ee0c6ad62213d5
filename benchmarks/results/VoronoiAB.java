import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Issue 27 item 5 (helper fract): same-JVM interleaved A/B of {@code VoronoiCells.computeWithAdjacency} for two
 * builds of the plugin (each its own class loader over its own class directories), steady state after two warm runs
 * each, the computing thread's CPU per call, alternating which goes first. Not a test. Run from the repository root:
 * <pre>
 * java -XX:+UseSerialGC -Xmx1g -XX:TieredStopAtLevel=1 benchmarks/results/VoronoiAB.java N ROUNDS \
 *     OLD/classes:geometry/target/classes:spi/target/classes \
 *     plugins/fracture-voronoi/target/classes:geometry/target/classes:spi/target/classes
 * </pre>
 * where OLD/classes holds an older build's compiled plugin (e.g. {@code git archive} of its sources and javac).
 */
public class VoronoiAB {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]), rounds = Integer.parseInt(a[1]);
        Method[] run = new Method[2];
        Object[] box = new Object[2];
        for (int k = 0; k < 2; k++) {
            String[] dirs = a[2 + k].split(":");
            URL[] urls = new URL[dirs.length];
            for (int i = 0; i < dirs.length; i++) urls[i] = Path.of(dirs[i]).toUri().toURL();
            ClassLoader cl = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
            Class<?> cp = cl.loadClass("dev.rubble.spi.geom.ConvexPolytope");
            box[k] = cp.getMethod("box", double.class, double.class, double.class, double.class, double.class, double.class).invoke(null, 0, 0, 0, 5, 2, 1);
            run[k] = cl.loadClass("dev.rubble.plugin.fracture.voronoi.VoronoiCells").getMethod("computeWithAdjacency", cp, double[].class);
        }
        SplittableRandom r = new SplittableRandom(1);
        double[] s = new double[3 * n];
        for (int i = 0; i < n; i++) { s[3*i] = -5 + 10 * r.nextDouble(); s[3*i+1] = -2 + 4 * r.nextDouble(); s[3*i+2] = -1 + 2 * r.nextDouble(); }
        var mx = ManagementFactory.getThreadMXBean();
        double[][] t = new double[2][rounds];
        for (int w = 0; w < 2; w++) for (int k = 0; k < 2; k++) run[k].invoke(null, box[k], s);
        for (int i = 0; i < rounds; i++) {
            for (int kk = 0; kk < 2; kk++) {
                int k = (i % 2 == 0) ? kk : 1 - kk;
                long t0 = mx.getCurrentThreadCpuTime();
                run[k].invoke(null, box[k], s);
                t[k][i] = (mx.getCurrentThreadCpuTime() - t0) / 1e6;
            }
        }
        double[] ratio = new double[rounds];
        for (int i = 0; i < rounds; i++) ratio[i] = t[1][i] / t[0][i];
        for (int k = 0; k < 2; k++) Arrays.sort(t[k]);
        Arrays.sort(ratio);
        System.out.printf("A median %.1f ms (min %.1f)  B median %.1f ms (min %.1f)  B/A median %.3f [%.3f..%.3f]%n",
            t[0][rounds/2], t[0][0], t[1][rounds/2], t[1][0], ratio[rounds/2], ratio[0], ratio[rounds-1]);
    }
}
