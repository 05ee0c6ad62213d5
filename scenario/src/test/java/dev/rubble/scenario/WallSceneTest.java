package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wall scene of bench-scenarios.md and its generator. */
final class WallSceneTest {
    private static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    /**
     * Brute force: the base box spans the wall's whole width and depth, so a leaf touches it iff
     * one of its hull vertices is at or below its top, y = 0.1 m (world), i.e. -2.4 m in the
     * collection frame.
     */
    private static List<Integer> touchingByVertices(GeometryCollection g) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!g.isLeaf(i)) {
                continue;
            }
            double minY = Double.POSITIVE_INFINITY;
            for (ConvexPolytope h : g.hulls(i)) {
                for (int v = 0; v < h.vertexCount(); v++) {
                    minY = Math.min(minY, h.vertex(v, 1) + 2.5);
                }
            }
            if (minY <= 0.1 + 1e-9) {
                out.add(i);
            }
        }
        return out;
    }

    private static List<Integer> list(int[] a) {
        List<Integer> out = new ArrayList<>();
        for (int x : a) {
            out.add(x);
        }
        return out;
    }

    @Test
    void theBenchWallHas20Then400Then10000NodesAndAnchorsExactlyTheLeavesTouchingItsBase() {
        WallScene.Wall w = WallScene.author(WallScene.BENCH_COUNTS, WallScene.SEED, stages);
        GeometryCollection g = w.collection();
        int[] perLevel = new int[4];
        for (int i = 0; i < g.nodeCount(); i++) {
            perLevel[g.level(i)]++;
        }
        assertThat(perLevel).containsExactly(1, 20, 400, 10_000);
        assertThat(w.leaves()).isEqualTo(10_000);
        // the leaves tile the 10 x 5 x 0.5 m box: 3.125 m³
        double v = 0;
        for (int leaf : g.leaves()) {
            v += g.volume(leaf);
        }
        assertThat(v).isCloseTo(10 * 5 * 0.5, org.assertj.core.data.Offset.offset(1e-6));
        List<Integer> expected = touchingByVertices(g);
        assertThat(expected).isNotEmpty();
        assertThat(list(w.anchors())).isEqualTo(expected);
    }

    @Test
    void theCacheReturnsTheSameCollectionAndNamesItsParameters(@TempDir Path dir) throws Exception {
        int[] counts = {4, 3, 2};
        WallScene.Wall first = WallScene.cached(counts, 7, stages, dir);
        assertThat(first.fromCache()).isFalse();
        assertThat(first.file()).exists();
        assertThat(first.file().getFileName().toString()).contains("sites-4-3-2").contains("seed7");
        WallScene.Wall again = WallScene.cached(counts, 7, stages, dir);
        assertThat(again.fromCache()).isTrue();
        assertThat(again.collection()).isEqualTo(first.collection());
        assertThat(again.anchors()).containsExactly(first.anchors());
        // a damaged cache file is authored again, not trusted
        Files.write(first.file(), new byte[] {1, 2, 3});
        WallScene.Wall rebuilt = WallScene.cached(counts, 7, stages, dir);
        assertThat(rebuilt.fromCache()).isFalse();
        assertThat(rebuilt.collection()).isEqualTo(first.collection());
    }

    /**
     * Issue 28 item 9: the writers go through Jackson, so any name survives (the hand-built text
     * turned {@code "} into {@code '} and would have broken on a backslash or a control character).
     */
    @Test
    void writtenScenariosKeepAnyNameAndParseBack(@TempDir Path dir) {
        String name = "a \"quoted\" wall \\ with\ta tab,\nnewline and \u0001";
        WallScene.Wall w = WallScene.cached(new int[] {5, 4, 3}, 1, stages, dir);
        String json = WallScene.recipeJson(name, w, 10, dev.rubble.core.destruction.ImpactMode.RESOLVE,
                new double[] {600, 150, 30});
        Scenario s = ScenarioLoader.parse(json);
        assertThat(s.name()).isEqualTo(name);
        assertThat(s.steps()).isEqualTo(10);
        ScenarioWorld sw = ScenarioWorld.create(s, stages);
        sw.step();
        String debris = WallDebris.scenarioJson(sw.world(), name, 7, 2500, false, null);
        Scenario d = ScenarioLoader.parse(debris);
        assertThat(d.name()).isEqualTo(name);
        assertThat(d.steps()).isEqualTo(7);
        assertThat(d.bodies()).hasSizeGreaterThan(1);
    }

    @Test
    void theRecipeScenarioBuildsTheSameWorldAsTheCachedFile(@TempDir Path dir) {
        int[] counts = {5, 4, 3};
        WallScene.Wall w = WallScene.cached(counts, 1, stages, dir);
        ScenarioWorld fromFile = ScenarioWorld.create(WallScene.scenario(w, WallScene.options(), 10), stages);
        ScenarioWorld fromJson = ScenarioWorld.create(ScenarioLoader.parse(WallScene.recipeJson("wall", w, 10)), stages);
        assertThat(fromJson.world().bodies().size()).isEqualTo(3); // ground, projectile, the intact wall
        // anchored: the intact wall is one kinematic body
        var b = fromJson.world().bodies();
        long h = fromJson.world().destruction().holderBody(0, 0);
        assertThat(b.motion(b.slot(h))).isEqualTo(MotionType.KINEMATIC);
        assertThat(fromJson.world().stateHash()).isEqualTo(fromFile.world().stateHash());
        for (int i = 0; i < 10; i++) {
            fromFile.step();
            fromJson.step();
            assertThat(fromJson.world().stateHash()).as("step %d", i + 1).isEqualTo(fromFile.world().stateHash());
        }
    }

    @Test
    void theProjectileBreaksTheWallAndTheBenchCountsWhatWasReleased(@TempDir Path dir) {
        // 200 kg at 60 m/s carries 12 000 N·s, over the 5 000 N·s level-1 threshold of the default damage model
        WallScene.Wall w = WallScene.cached(new int[] {6, 3, 2}, 1, stages, dir);
        ScenarioWorld sw = ScenarioWorld.create(WallScene.scenario(w, WallScene.options(), 30), stages);
        WallBench.Result r = WallBench.run(sw, 30, 0);
        assertThat(r.steps()).isEqualTo(30);
        assertThat(r.breaks()).isPositive();
        assertThat(r.releases()).isGreaterThanOrEqualTo(r.breaks());
        assertThat(r.peakActive()).isGreaterThan(1);
        assertThat(r.peakBodies()).isGreaterThan(3);
        assertThat(r.peakStep()).isBetween(1L, 30L);
        assertThat(r.line(3, "off", 2)).startsWith("scene=wall bodies=3 steps=30 median_ms=")
                .contains(" threads=2 breaks=" + r.breaks() + " ").contains(" budgets=off state_hash=");
    }

    @Test
    void theDebrisFileHoldsTheFallingPiecesLeafHullsWithTheirMassAndMomentum(@TempDir Path dir) {
        WallScene.Wall w = WallScene.cached(new int[] {6, 3, 2}, 1, stages, dir);
        ScenarioWorld sw = ScenarioWorld.create(WallScene.scenario(w, WallScene.options(), 30), stages);
        sw.run(12);
        // reference: mass, mass-weighted centre and momentum of every dynamic collection body
        var b = sw.world().bodies();
        var d = sw.world().destruction();
        double m = 0, mx = 0, my = 0, mz = 0, px = 0, py = 0, pz = 0;
        for (int i = 0; i < d.activeCount(); i++) {
            int s = b.slot(d.store().body[d.active(i)]);
            if (b.motion(s) != MotionType.DYNAMIC) {
                continue;
            }
            double mi = 1 / b.invMass[s];
            m += mi;
            mx += mi * b.px[s];
            my += mi * b.py[s];
            mz += mi * b.pz[s];
            px += mi * b.vx[s];
            py += mi * b.vy[s];
            pz += mi * b.vz[s];
        }
        assertThat(m).as("something fell off by step 12").isPositive();
        WallDebris.Counts[] counts = new WallDebris.Counts[1];
        Scenario debris = ScenarioLoader.parse(WallDebris.scenarioJson(sw.world(), "debris", 10, 2500, true, counts));
        double dm = 0, dx = 0, dy = 0, dz = 0, qx = 0, qy = 0, qz = 0;
        int dyn = 0;
        for (var def : debris.bodies()) {
            if (def.motion() != MotionType.DYNAMIC) {
                continue;
            }
            dyn++;
            double mi = def.density() * def.shape().volume();
            dm += mi;
            dx += mi * def.x();
            dy += mi * def.y();
            dz += mi * def.z();
            qx += mi * def.vx();
            qy += mi * def.vy();
            qz += mi * def.vz();
        }
        assertThat(dyn).isEqualTo(counts[0].dynamicHulls()).isGreaterThan(0);
        // the leaf hulls tile each piece: same mass (density 2500 x volume), same centre of mass, same momentum
        org.assertj.core.data.Offset<Double> tol = org.assertj.core.data.Offset.offset(1e-6 * m);
        assertThat(dm).isCloseTo(m, tol);
        assertThat(dx / dm).isCloseTo(mx / m, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(dy / dm).isCloseTo(my / m, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(dz / dm).isCloseTo(mz / m, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(qx).isCloseTo(px, org.assertj.core.data.Offset.offset(1e-6 * m));
        assertThat(qy).isCloseTo(py, org.assertj.core.data.Offset.offset(1e-6 * m));
        assertThat(qz).isCloseTo(pz, org.assertj.core.data.Offset.offset(1e-6 * m));
    }

    @Test
    void badCountsNameTheLevelAndTheAllowedRange() {
        assertThatThrownBy(() -> WallScene.checkCounts(new int[] {20, 1}))
                .hasMessageContaining("level 2").hasMessageContaining("[2, 100000]");
        assertThatThrownBy(() -> WallScene.checkCounts(new int[0])).hasMessageContaining("1..8");
    }

    /**
     * {@code bench wall --wall-sites 100000,100000,100000} ran on without an end (10^15 leaves): as {@code rubble
     * fracture} does, at most 10 000 pieces (the product of the counts so far) may be fractured again.
     */
    @Test
    void levelsFracturingMoreThanTenThousandPiecesAgainAreRefused() {
        assertThatThrownBy(() -> WallScene.checkCounts(new int[] {100_000, 100_000, 100_000}))
                .hasMessage("wall level 1 already makes 100000 pieces; fracturing each again (level 2) is refused;"
                        + " allowed: at most 10000 pieces before a further level");
        assertThatThrownBy(() -> WallScene.checkCounts(new int[] {20, 501, 2}))
                .hasMessageStartingWith("wall level 2 already makes 10020 pieces");
        assertThat(WallScene.checkCounts(new int[] {100, 100, 3})).containsExactly(100, 100, 3); // 10 000: the limit
        assertThat(WallScene.checkCounts(new int[] {100_000})).containsExactly(100_000); // no further level
    }
}
