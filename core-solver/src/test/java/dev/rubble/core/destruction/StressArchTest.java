package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.ConvexHull;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A semicircular arch of nine voussoirs (inner radius 2 m, outer 2.8 m, 1 m deep, 2 000 kg/m³)
 * whose two springers are anchored, with the support-graph stress model and masonry-like limits
 * (weak in tension, Mohr–Coulomb shear): it stands on its own weight in compression; when its
 * keystone's two bonds are cut the keystone drops, each half becomes a curved cantilever that its
 * joints cannot carry in bending, and the voussoirs come down. (Cutting the keystone's bonds alone
 * is not enough, as in a real arch: loose wedges still jam each other; the keystone is taken out.)
 */
final class StressArchTest {
    static final int N = 9;
    static final double R1 = 2.0, R2 = 2.8, HZ = 0.5, DENSITY = 2000;

    static CollectionAsset arch() {
        int n = N + 1;
        int[] parent = new int[n], first = new int[n], count = new int[n];
        double[] mass = new double[n], com = new double[3 * n], inertia = new double[6 * n], vol = new double[n];
        double[] rel = new double[n];
        ConvexHull[] hulls = new ConvexHull[N];
        parent[0] = -1;
        first[0] = 1;
        count[0] = N;
        double d = Math.PI / N;
        for (int k = 0; k < N; k++) {
            int g = k + 1;
            parent[g] = 0;
            first[g] = -1;
            double a0 = Math.PI - k * d, a1 = Math.PI - (k + 1) * d; // from the left springer over the top
            double[] p = new double[24];
            int q = 0;
            for (double r : new double[] {R1, R2}) {
                for (double a : new double[] {a0, a1}) {
                    for (double z : new double[] {-HZ, HZ}) {
                        p[q++] = r * Math.cos(a);
                        p[q++] = r * Math.sin(a);
                        p[q++] = z;
                    }
                }
            }
            hulls[k] = QuickHull.of(p);
            double area = (R2 * R2 - R1 * R1) / 2 * d;
            vol[g] = area * 2 * HZ;
            mass[g] = DENSITY * vol[g];
            double rc = 2.0 / 3 * (R2 * R2 * R2 - R1 * R1 * R1) / (R2 * R2 - R1 * R1) * Math.sin(d / 2) / (d / 2);
            double am = (a0 + a1) / 2;
            com[3 * g] = rc * Math.cos(am);
            com[3 * g + 1] = rc * Math.sin(am);
            double w = R2 - R1, h = (R1 + R2) / 2 * d, t = 2 * HZ; // as a box, for the dynamics
            inertia[6 * g] = mass[g] * (h * h + t * t) / 12;
            inertia[6 * g + 1] = mass[g] * (w * w + t * t) / 12;
            inertia[6 * g + 2] = mass[g] * (w * w + h * h) / 12;
            rel[g] = 1;
        }
        double m = 0, x = 0, y = 0;
        for (int g = 1; g < n; g++) {
            m += mass[g];
            x += mass[g] * com[3 * g];
            y += mass[g] * com[3 * g + 1];
            vol[0] += vol[g];
        }
        mass[0] = m;
        com[0] = x / m;
        com[1] = y / m;
        for (int g = 1; g < n; g++) {
            double dx = com[3 * g] - com[0], dy = com[3 * g + 1] - com[1];
            inertia[0] += inertia[6 * g] + mass[g] * dy * dy;
            inertia[1] += inertia[6 * g + 1] + mass[g] * dx * dx;
            inertia[2] += inertia[6 * g + 2] + mass[g] * (dx * dx + dy * dy);
            inertia[3] -= mass[g] * dx * dy;
        }
        rel[0] = Math.cbrt(N);
        int[] hs = new int[n + 1], hi = new int[2 * N];
        for (int k = 0; k < N; k++) {
            hi[k] = k; // the root's own hulls: every voussoir's
            hi[N + k] = k;
        }
        hs[0] = 0;
        hs[1] = N;
        for (int g = 1; g < n; g++) {
            hs[g + 1] = N + g;
        }
        int[] ea = new int[N - 1], eb = new int[N - 1];
        double[] area = new double[N - 1];
        for (int k = 0; k < N - 1; k++) {
            ea[k] = k + 1;
            eb[k] = k + 2;
            area[k] = (R2 - R1) * 2 * HZ;
        }
        return new CollectionAsset(parent, first, count, mass, com, inertia, vol, rel, new boolean[n], new byte[n], hs, hi,
                hulls, ea, eb, area);
    }

    static World world() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        int c = w.placeCollection(arch(), CollectionPlacement.at(0, 0.02, 0).withAnchors(new int[] {1, N}, null)
                .withOptions(Scenes.thresholds(1e12)));
        w.setStressModel(c, "support-graph", StageConfig.of(Map.of("tensionElastic", 15000, "tensionFatal", 20000,
                "shearElastic", 30000, "shearFatal", 40000, "shearFriction", 0.8, "compressionElastic", 5e6,
                "compressionFatal", 1e7, "damageTime", 0.1)));
        return w;
    }

    @Test
    void standsAndCollapsesWithoutItsKeystone() {
        World w = world();
        DestructionRuntime d = w.destruction();
        double worst = 0;
        for (int s = 0; s < 120; s++) {
            w.step();
            for (int e = 0; e < N - 1; e++) {
                worst = Math.max(worst, d.stress().bondStress(0, e));
            }
        }
        System.out.printf("arch: worst stress ratio standing %.3f%n", worst);
        assertThat(d.activeCount()).as("the arch stands as one body for 2 s").isEqualTo(1);
        for (int e = 0; e < N - 1; e++) {
            assertThat(d.bondAlive(0, e)).isTrue();
        }
        int key = N / 2 + 1; // asset node of the keystone
        w.queue(new Command.CutBond(0, key - 2)); // bonds (key-1, key) and (key, key+1)
        w.queue(new Command.CutBond(0, key - 1));
        w.step(); // the keystone is on a body of its own now: take it out of the world
        w.removeBody(d.holderBody(0, key));
        BodyStore b = w.bodies();
        for (int s = 0; s < 120; s++) {
            w.step();
        }
        // every bond is cut: the half-arches could not carry themselves as curved cantilevers
        for (int e = 0; e < N - 1; e++) {
            assertThat(d.bondAlive(0, e)).as("bond %d", e).isFalse();
        }
        // and the crown voussoirs next to the gap fell in (the lower ones settle against the springers,
        // loose wedges jamming as real ones do)
        for (int i : new int[] {key - 1, key + 1}) {
            int slot = b.slot(d.holderBody(0, i));
            double was = d.asset(0).com()[3 * i + 1] + 0.02;
            System.out.printf("arch: voussoir %d from y %.2f to %.2f%n", i, was, b.py[slot]);
            assertThat(b.motion(slot)).isEqualTo(MotionType.DYNAMIC);
            assertThat(b.py[slot]).isLessThan(was - 0.3);
        }
    }
}
