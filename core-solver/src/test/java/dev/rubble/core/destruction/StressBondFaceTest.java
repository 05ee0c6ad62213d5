package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Stress bonds lie on the face their two pieces share (docs/destruction.md, "Stress"; NVIDIA Blast's
 * bonds carry the interface's normal, centroid and area): compression and tension are the force along
 * the face's normal, shear the rest, moments are taken about the face's centroid.
 *
 * <p>Before, a bond pointed from centre of mass to centre of mass, so a column under the corner of a
 * slab — the slab's centre 1.65 m and 1.9 m to the side, 0.125 m above the column's top — read the slab's
 * weight mostly as shear: the three-storey frame below lost all six ground columns in its first step
 * under a 400 kPa shear limit, though they carry vertical compression only. Expected values are worked
 * by hand from the boxes (force over area; the lever rule about the face's centroid).
 */
final class StressBondFaceTest {
    static final double DENSITY = 2400, G = 9.81;
    /** Column half extents (0.4 m square, 3 m high), slab bay half extents (3.5 × 0.25 × 4 m). */
    static final double CH = 0.2, CY = 1.5, SX = 1.75, SY = 0.125, SZ = 2;
    static final double[] COL_X = {0, 3.3, 6.6}, COL_Z = {0, 3.6};

    /** The frame: its asset, and where its ground columns and top slabs are. */
    record Frame(CollectionAsset asset, int[] footings, int[] groundColumns, int[] topSlabs) {
    }

    /**
     * Three storeys on a 3 × 2 grid of 0.4 m columns (x = 0, 3.3, 6.6; z = 0, 3.6), each storey 3 m of
     * columns under two 0.25 m slab bays (x in [−0.2, 3.3] and [3.3, 6.8], z in [−0.2, 3.8]); under each
     * ground column an anchored 0.8 × 0.5 × 0.8 m footing. Bonds: footing–column and column–slab over the
     * column's end face (0.16 m², or 0.08 m² to each bay for a middle column under the bays' joint), the
     * two bays of a storey over their 0.25 × 4 m joint.
     */
    static Frame frame() {
        List<double[]> boxes = new ArrayList<>();
        boxes.add(new double[] {3.3, 4.75, 1.8, 3.9, 5.25, 2.4}); // the root's hull covers everything
        int[] footings = new int[6];
        for (int i = 0; i < 6; i++) {
            footings[i] = boxes.size();
            boxes.add(new double[] {COL_X[i % 3], -0.25, COL_Z[i / 3], 0.4, 0.25, 0.4});
        }
        int[][] cols = new int[3][6];
        int[] left = new int[3], right = new int[3];
        double y0 = 0;
        for (int s = 0; s < 3; s++) {
            for (int i = 0; i < 6; i++) {
                cols[s][i] = boxes.size();
                boxes.add(new double[] {COL_X[i % 3], y0 + CY, COL_Z[i / 3], CH, CY, CH});
            }
            double ys = y0 + 2 * CY + SY;
            left[s] = boxes.size();
            boxes.add(new double[] {-0.2 + SX, ys, 1.8, SX, SY, SZ});
            right[s] = boxes.size();
            boxes.add(new double[] {3.3 + SX, ys, 1.8, SX, SY, SZ});
            y0 = ys + SY;
        }
        List<int[]> bonds = new ArrayList<>();
        List<Double> areas = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            bonds.add(new int[] {footings[i], cols[0][i]});
            areas.add(0.16);
        }
        for (int s = 0; s < 3; s++) {
            for (int i = 0; i < 6; i++) {
                int xi = i % 3;
                // the slabs above storey s's column i, and (s > 0) below it: the middle column sits under (on) the joint
                for (int side = 0; side < (s == 0 ? 1 : 2); side++) {
                    int level = side == 0 ? s : s - 1;
                    if (xi != 2) {
                        bonds.add(new int[] {cols[s][i], left[level]});
                        areas.add(xi == 1 ? 0.08 : 0.16);
                    }
                    if (xi != 0) {
                        bonds.add(new int[] {cols[s][i], right[level]});
                        areas.add(xi == 1 ? 0.08 : 0.16);
                    }
                }
            }
            bonds.add(new int[] {left[s], right[s]});
            areas.add(2 * SY * 2 * SZ);
        }
        int n = boxes.size();
        int[] parent = new int[n];
        parent[0] = -1;
        int[][] pairs = new int[bonds.size()][];
        double[] area = new double[bonds.size()];
        for (int e = 0; e < pairs.length; e++) {
            int[] b = bonds.get(e);
            pairs[e] = new int[] {Math.min(b[0], b[1]), Math.max(b[0], b[1])};
            area[e] = areas.get(e);
        }
        CollectionAsset a = TestAssets.build(DENSITY, parent, boxes.toArray(new double[0][]), pairs, area);
        return new Frame(a, footings, cols[0], new int[] {left[2], right[2]});
    }

    static World place(Frame f, Map<String, Object> limits) {
        World w = Scenes.world(G);
        int c = w.placeCollection(f.asset(), CollectionPlacement.at(0, 0, 0).withAnchors(f.footings(), null)
                .withOptions(Scenes.thresholds(1e12)));
        Map<String, Object> o = new HashMap<>(limits);
        o.put("damageTime", 0.05);
        w.setStressModel(c, "support-graph", StageConfig.of(o));
        return w;
    }

    /** The bonds of the ground columns: to the footings (bottom) and to the first storey's slabs (top). */
    static List<Integer> groundColumnBonds(CollectionAsset a, int[] ground, boolean topOnly) {
        List<Integer> out = new ArrayList<>();
        for (int col : ground) {
            for (int q = a.edgeStart()[col]; q < a.edgeStart()[col + 1]; q++) {
                int e = a.edgeList()[q];
                int other = a.edgeA()[e] == col ? a.edgeB()[e] : a.edgeA()[e];
                if (!topOnly || a.com()[3 * other + 1] > a.com()[3 * col + 1]) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    @Test
    void theFrameStandsOnItsGroundColumnsInCompression() {
        Frame f = frame();
        CollectionAsset a = f.asset();
        assertThat(a.edgeCount()).isEqualTo(6 + 3 * 8 + 2 * 8 + 3);
        World w = place(f, Map.of("shearElastic", 3e5, "shearFatal", 4e5));
        DestructionRuntime d = w.destruction();
        w.step();
        for (int e = 0; e < a.edgeCount(); e++) {
            assertThat(d.bondAlive(0, e)).as("bond %d (%d-%d)", e, a.edgeA()[e], a.edgeB()[e]).isTrue();
        }
        // what stands on the ground columns' tops: three storeys of slabs and the upper two storeys' columns
        double slab = DENSITY * 8 * SX * SY * SZ, column = DENSITY * 8 * CH * CY * CH;
        double weight = (6 * slab + 12 * column) * G;
        double[] load = new double[6];
        double fx = 0, fy = 0, fz = 0, topArea = 0;
        for (int e : groundColumnBonds(a, f.groundColumns(), true)) {
            d.stress().bondLoad(0, e, load); // column (a) on slab (b): up
            fx += load[0];
            fy += load[1];
            fz += load[2];
            topArea += a.edgeArea()[e];
            // on the face's normal (up) it is compression: N/A of the order of the mean 0.66 MPa; the shear,
            // the horizontal part only, stays far below the 400 kPa limit
            double shear = Math.hypot(load[0], load[2]) / a.edgeArea()[e];
            assertThat(load[1] / a.edgeArea()[e]).as("bond %d N/A", e).isBetween(0.3e6, 1.2e6);
            assertThat(shear).as("bond %d shear", e).isLessThan(0.1 * 4e5);
            assertThat(d.stress().bondStress(0, e)).as("bond %d ratio", e).isLessThan(1);
        }
        assertThat(topArea).isCloseTo(0.96, within(1e-12));
        assertThat(fy).isCloseTo(weight, within(1e-9 * weight));
        assertThat(fx).isCloseTo(0, within(1e-9 * weight));
        assertThat(fz).isCloseTo(0, within(1e-9 * weight));
        assertThat(weight / topArea).as("the mean compression, Pa").isCloseTo(6.57e5, within(0.01e5));
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        for (int e = 0; e < a.edgeCount(); e++) {
            assertThat(d.bondAlive(0, e)).as("bond %d after a second", e).isTrue();
        }
    }

    /** A horizontal force field of {@code each} newtons on each top slab (found by its centre). */
    static Command.ApplyField push(double x, double y, double z, double each) {
        FieldSpec at = FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(x, y, z), "radius", 0.5,
                "magnitude", 1.0, "falloff", "none");
        FieldSpec f = FieldSpec.of("culling", "operation", "outside", "culling", at, "input",
                FieldSpec.of("uniform-vector", "magnitude", each, "direction", new FieldSpec.Vec(1, 0, 0)));
        return new Command.ApplyField("", FieldTarget.LINEAR_FORCE, f, FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED), false);
    }

    @Test
    void aHorizontalPushOnTheRoofShearsTheGroundColumnsOff() {
        Frame f = frame();
        CollectionAsset a = f.asset();
        World w = place(f, Map.of("shearElastic", 3e5, "shearFatal", 4e5));
        DestructionRuntime d = w.destruction();
        w.step();
        // a push crosses the ground storey: the ground columns' top bonds carry Σ F_x = P between them, so
        // their largest shear stress is at least P / Σ A = P / 0.96 m². A small push first (nothing breaks):
        double small = 0.1 * 4e5 * 0.96;
        for (int s : f.topSlabs()) {
            w.queue(push(a.com()[3 * s], a.com()[3 * s + 1], a.com()[3 * s + 2], small / 2));
        }
        w.step();
        double[] load = new double[6];
        double sx = 0, sz = 0, worst = 0;
        for (int e : groundColumnBonds(a, f.groundColumns(), true)) {
            assertThat(d.bondAlive(0, e)).isTrue();
            d.stress().bondLoad(0, e, load);
            sx += load[0];
            sz += load[2];
            worst = Math.max(worst, Math.hypot(load[0], load[2]) / a.edgeArea()[e]);
        }
        // what the columns exert on the slabs above them holds the push back: −P
        assertThat(sx).as("the push crosses the ground storey's tops").isCloseTo(-small, within(1e-9 * small));
        assertThat(sz).isCloseTo(0, within(1e-9 * small));
        assertThat(worst).isGreaterThanOrEqualTo(small / 0.96 * (1 - 1e-12)).isLessThan(4e5);
        // P = 1.5 × 400 kPa × 0.96 m² puts at least one past its fatal limit; pushed on, every ground column goes
        double p = 1.5 * 4e5 * 0.96;
        boolean[] lost = new boolean[f.groundColumns().length];
        int steps = 0;
        for (; steps < 30 && !all(lost); steps++) {
            for (int s : f.topSlabs()) {
                w.queue(push(a.com()[3 * s], a.com()[3 * s + 1], a.com()[3 * s + 2], p / 2));
            }
            w.step();
            if (steps == 0) {
                assertThat(d.stress().stressCounters()[2]).as("bonds cut in the first push step").isPositive();
            }
            for (int i = 0; i < lost.length; i++) {
                for (int q = a.edgeStart()[f.groundColumns()[i]]; q < a.edgeStart()[f.groundColumns()[i] + 1]; q++) {
                    lost[i] |= !d.bondAlive(0, a.edgeList()[q]);
                }
            }
        }
        assertThat(lost).as("every ground column lost a bond within %d steps", steps).containsOnly(true);
    }

    /**
     * A 3 × 0.2 × 3 m slab (4 320 kg) resting by its corner on a 0.2 m square column 2 m high, on an
     * anchored footing: a tree, so the statics fix the column's top bond exactly. The column pushes the
     * slab up with F = (0, W, 0) at the face's centroid c = (0, 2, 0); the slab's centre lies at
     * r = p − c = (1.4, 0.1, 1.4) from it, so M = r × F = (−1.4 W, 0, 1.4 W): compression W/A plus the
     * bending fibre 6 |M|/(A s) = 6 · 1.4 √2 W/(A s), and no shear. With the old centre-to-centre normal
     * (its direction (1.4, 1.1, 1.4), 61° from vertical) the same force read as 0.93 MPa of shear and broke
     * the bond at once under a 200 kPa limit. A push P along x adds shear P/A and the twist of its lever
     * 1.4 m about the column, |M_t| = 1.4 P, τ = P/A + 1.4 P/(0.208 s³).
     */
    @Test
    void aSlabOnAThinColumnIsCarriedInCompressionAndShearedOffByAPush() {
        double s = 0.2, area = s * s;
        double[][] boxes = {
            {1.4, 1.0, 1.4, 1.5, 1.5, 1.5},
            {0, -0.25, 0, 0.4, 0.25, 0.4},     // 1: footing, anchored
            {0, 1, 0, 0.1, 1, 0.1},            // 2: column, top face at y = 2
            {1.4, 2.1, 1.4, 1.5, 0.1, 1.5},    // 3: slab, x and z in [-0.1, 2.9]
        };
        CollectionAsset a = TestAssets.build(DENSITY, new int[] {-1, 0, 0, 0}, boxes, new int[][] {{1, 2}, {2, 3}},
                new double[] {area, area});
        World w = Scenes.world(G);
        w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withAnchors(new int[] {1}, null).withOptions(Scenes.thresholds(1e12)));
        double ce = 1e9, se = 1e5, sf = 2e5;
        w.setStressModel(0, "support-graph", StageConfig.of(Map.of("compressionElastic", ce, "compressionFatal", 2 * ce,
                "tensionElastic", 1e12, "tensionFatal", 2e12, "shearElastic", se, "shearFatal", sf)));
        DestructionRuntime d = w.destruction();
        w.step();
        double weight = DENSITY * 3 * 0.2 * 3 * G;
        int top = BondCutTest.bond(a, 2, 3);
        double[] load = new double[6];
        d.stress().bondLoad(0, top, load);
        double[] expected = {0, weight, 0, -1.4 * weight, 0, 1.4 * weight};
        for (int j = 0; j < 6; j++) {
            assertThat(load[j]).as("load %d", j).isCloseTo(expected[j], within(1e-9 * weight));
        }
        double compression = weight / area + 6 * 1.4 * Math.sqrt(2) * weight / (area * s);
        assertThat(d.bondAlive(0, top)).isTrue();
        assertThat(d.stress().bondStress(0, top)).as("compression alone, no shear").isCloseTo(compression / ce, within(1e-9));
        // a push of P along x at the slab's centre, sized to half the shear's elastic limit
        double p = 0.5 * se / (1 / area + 1.4 / (0.208 * s * s * s));
        w.queue(push(1.4, 2.1, 1.4, p));
        w.step();
        d.stress().bondLoad(0, top, load);
        assertThat(load[0]).isCloseTo(-p, within(1e-9 * weight));
        assertThat(load[4]).isCloseTo(-1.4 * p, within(1e-9 * weight));
        assertThat(d.stress().bondStress(0, top)).as("shear and twist").isCloseTo(0.5, within(1e-9));
        // three times the shear's fatal limit: the column is sheared off in that step
        w.queue(push(1.4, 2.1, 1.4, 3 * p * sf / (0.5 * se)));
        w.step();
        assertThat(d.bondAlive(0, top) && d.bondAlive(0, BondCutTest.bond(a, 1, 2))).isFalse();
    }

    private static boolean all(boolean[] b) {
        for (boolean x : b) {
            if (!x) {
                return false;
            }
        }
        return true;
    }
}
