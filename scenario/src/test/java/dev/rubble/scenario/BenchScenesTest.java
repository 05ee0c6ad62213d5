package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class BenchScenesTest {

    @Test
    void everySceneRunsWithSleepingOffAsTheSpecSays() {
        // bench-scenarios.md: "sleeping OFF unless a run says otherwise"; with sleeping on, a
        // settled pyramid costs nothing and the comparison with the peers would be meaningless
        for (BenchScenes.Scene scene : BenchScenes.Scene.values()) {
            assertThat(BenchScenes.build(scene).settings().dynamics().sleepEnabled()).as(scene.label()).isFalse();
        }
    }

    @Test
    void settingsAreTheSpecsCommonOnes() {
        var s = BenchScenes.build(Scene.PILE).settings();
        assertThat(s.dt()).isEqualTo(1.0 / 60.0);
        assertThat(s.subSteps()).isEqualTo(1);
        assertThat(new double[] {s.gravityX(), s.gravityY(), s.gravityZ()}).containsExactly(0, -9.81, 0);
        assertThat(s.velocityIterations()).isEqualTo(7); // the default since issue 11 (8 before)
        assertThat(s.positionIterations()).isEqualTo(2);
    }

    @Test
    void pyramidHas210BoxesInRowsOfTwentyMinusR() {
        Scenario sc = BenchScenes.build(Scene.PYRAMID);
        assertThat(sc.name()).isEqualTo("pyramid");
        assertThat(sc.steps()).isEqualTo(600);
        BodyDef ground = sc.bodies().get(0);
        assertThat(ground.motion()).isEqualTo(MotionType.STATIC);
        assertThat(ground.shape()).isEqualTo(new Box(50, 0.5, 50));
        assertThat(ground.y()).isEqualTo(-0.5);
        List<BodyDef> boxes = BenchScenes.dynamicBodies(sc);
        assertThat(boxes).hasSize(210);
        int k = 0;
        for (int r = 0; r < 20; r++) {
            int n = 20 - r;
            for (int j = 0; j < n; j++, k++) {
                BodyDef b = boxes.get(k);
                assertThat(b.shape()).isEqualTo(new Box(0.5, 0.5, 0.5));
                assertThat(b.x()).isCloseTo((j - (n - 1) / 2.0) * 1.01, within(1e-12));
                assertThat(b.y()).isEqualTo(0.5 + r);
                assertThat(b.z()).isZero();
                assertThat(new double[] {b.qx(), b.qy(), b.qz(), b.qw()}).containsExactly(0, 0, 0, 1);
                assertThat(b.friction()).isEqualTo(0.5);
                assertThat(b.restitution()).isZero();
            }
        }
        // hand-worked: bottom row of 20 spans -9.595 .. 9.595; row 18 (2 boxes) at -0.505, 0.505; top at 0, 19.5
        assertThat(boxes.get(0).x()).isCloseTo(-9.595, within(1e-12));
        assertThat(boxes.get(19).x()).isCloseTo(9.595, within(1e-12));
        assertThat(boxes.get(207).x()).isCloseTo(-0.505, within(1e-12));
        assertThat(boxes.get(208).x()).isCloseTo(0.505, within(1e-12));
        assertThat(boxes.get(209).x()).isZero();
        assertThat(boxes.get(209).y()).isEqualTo(19.5);
    }

    @Test
    void pileBoxesFollowTheGridAndTheRandomTilts() {
        List<BodyDef> boxes = BenchScenes.dynamicBodies(BenchScenes.build(Scene.PILE));
        assertThat(boxes).hasSize(4000);
        Random r = new Random(42);
        for (int l = 0, k = 0; l < 10; l++) {
            for (int i = 0; i < 20; i++) {
                for (int j = 0; j < 20; j++, k++) {
                    double gx = r.nextGaussian(), gy = r.nextGaussian(), gz = r.nextGaussian();
                    double angle = 0.5 * r.nextDouble();
                    BodyDef b = boxes.get(k);
                    assertThat(b.shape()).isEqualTo(new Box(0.25, 0.25, 0.25));
                    assertThat(b.x()).isEqualTo(-9.5 + i);
                    assertThat(b.y()).isEqualTo(2.0 + 0.75 * l);
                    assertThat(b.z()).isEqualTo(-9.5 + j);
                    // rotation angle from the quaternion: 2 atan2(|v|, w); axis parallel to the Gaussians
                    double vx = b.qx(), vy = b.qy(), vz = b.qz();
                    double vlen = Math.sqrt(vx * vx + vy * vy + vz * vz);
                    assertThat(2 * Math.atan2(vlen, b.qw())).isCloseTo(angle, within(1e-12));
                    assertThat(angle).isBetween(0.0, 0.5);
                    double glen = Math.sqrt(gx * gx + gy * gy + gz * gz);
                    if (vlen > 1e-9) {
                        assertThat(vx / vlen).isCloseTo(gx / glen, within(1e-9));
                        assertThat(vy / vlen).isCloseTo(gy / glen, within(1e-9));
                        assertThat(vz / vlen).isCloseTo(gz / glen, within(1e-9));
                    }
                }
            }
        }
    }

    @Test
    void firstPileBoxTiltIsTheFirstFourDraws() {
        BodyDef first = BenchScenes.dynamicBodies(BenchScenes.build(Scene.PILE)).get(0);
        Random r = new Random(42);
        double gx = r.nextGaussian(), gy = r.nextGaussian(), gz = r.nextGaussian();
        double a = 0.5 * r.nextDouble();
        double len = Math.sqrt(gx * gx + gy * gy + gz * gz);
        double s = Math.sin(a / 2);
        assertThat(first.x()).isEqualTo(-9.5);
        assertThat(first.y()).isEqualTo(2.0);
        assertThat(first.z()).isEqualTo(-9.5);
        assertThat(first.qx()).isCloseTo(gx / len * s, within(1e-15));
        assertThat(first.qy()).isCloseTo(gy / len * s, within(1e-15));
        assertThat(first.qz()).isCloseTo(gz / len * s, within(1e-15));
        assertThat(first.qw()).isCloseTo(Math.cos(a / 2), within(1e-15));
    }

    @Test
    void spheresSitInTheContainerWithJitterFromTwoDrawsEach() {
        Scenario sc = BenchScenes.build(Scene.SPHERES);
        List<BodyDef> fixed = sc.bodies().subList(0, 5);
        for (BodyDef f : fixed) {
            assertThat(f.motion()).isEqualTo(MotionType.STATIC);
        }
        assertThat(fixed.get(0).shape()).isEqualTo(new Box(12, 0.5, 12));
        // inner faces of the walls at |x| = 11 and |z| = 11, 40 m high from y = 0
        for (BodyDef w : fixed.subList(1, 5)) {
            Box b = (Box) w.shape();
            double inner = Math.max(Math.abs(w.x()), Math.abs(w.z())) - Math.min(b.halfX(), b.halfZ());
            assertThat(inner).isEqualTo(11.0);
            assertThat(w.y() - b.halfY()).isZero();
            assertThat(w.y() + b.halfY()).isEqualTo(40.0);
        }
        List<BodyDef> balls = BenchScenes.dynamicBodies(sc);
        assertThat(balls).hasSize(10_000);
        Random r = new Random(42);
        for (int l = 0, k = 0; l < 25; l++) {
            for (int i = 0; i < 20; i++) {
                for (int j = 0; j < 20; j++, k++) {
                    double u = r.nextDouble(), u2 = r.nextDouble();
                    BodyDef b = balls.get(k);
                    assertThat(b.shape()).isEqualTo(new Sphere(0.5));
                    assertThat(b.x()).isEqualTo(-10.45 + 1.1 * i + 0.1 * (u - 0.5));
                    assertThat(b.y()).isEqualTo(1.0 + 1.1 * l);
                    assertThat(b.z()).isEqualTo(-10.45 + 1.1 * j + 0.1 * (u2 - 0.5));
                    // every ball starts inside the walls
                    assertThat(Math.abs(b.x()) + 0.5).isLessThanOrEqualTo(11.0);
                    assertThat(Math.abs(b.z()) + 0.5).isLessThanOrEqualTo(11.0);
                }
            }
        }
        // first ball, worked by hand from the first draw of Random(42) (0.7275636800328681)
        assertThat(balls.get(0).x()).isCloseTo(-10.45 + 0.1 * (0.7275636800328681 - 0.5), within(1e-15));
    }

    @Test
    void eachSceneBuildsARubbleWorld() {
        Stages stages = Stages.load(List.of());
        for (Scene s : Scene.values()) {
            Scenario sc = BenchScenes.build(s);
            ScenarioWorld w = ScenarioWorld.create(sc, stages);
            assertThat(w.world().bodies().size()).isEqualTo(sc.bodies().size());
        }
    }

    @Test
    void largePyramidIsBox2DsHundredRowsOfTouchingBoxes() {
        Scenario sc = BenchScenes.build(Scene.LARGE_PYRAMID);
        assertThat(sc.name()).isEqualTo("large-pyramid");
        List<BodyDef> boxes = BenchScenes.dynamicBodies(sc);
        assertThat(boxes).hasSize(100 * 101 / 2); // 5 050
        // hand-worked: the bottom row of 100 spans -49.5 .. 49.5 at y 0.5, neighbours exactly 1 m apart
        // (touching); row 98 has two boxes at -0.5, 0.5; the top box (last) at (0, 99.5)
        assertThat(boxes.get(0).x()).isEqualTo(-49.5);
        assertThat(boxes.get(99).x()).isEqualTo(49.5);
        assertThat(boxes.get(1).x() - boxes.get(0).x()).isEqualTo(1.0);
        assertThat(boxes.get(5047).x()).isEqualTo(-0.5);
        assertThat(boxes.get(5048).x()).isEqualTo(0.5);
        assertThat(boxes.get(5049).x()).isZero();
        assertThat(boxes.get(5049).y()).isEqualTo(99.5);
        for (BodyDef b : boxes) {
            assertThat(b.shape()).isEqualTo(new Box(0.5, 0.5, 0.5));
            assertThat(b.z()).isZero();
        }
        assertThat(Scene.byLabel("large-pyramid")).isEqualTo(Scene.LARGE_PYRAMID);
        assertThat(Scene.all()).containsExactly(Scene.PYRAMID, Scene.PILE, Scene.SPHERES);
        assertThat(BenchScenes.sanity(Scene.LARGE_PYRAMID, new double[] {0, 0.5, 0, 0, 99.5, 0},
                new double[] {0, 0.5, 0, 0, 99.0, 0}).format()).isEqualTo("sanity top_y=99.000 moved_gt_0.1m=1 max_move_m=0.500");
    }

    @Test
    void sceneNamesResolveAndUnknownOnesListTheKnown() {
        assertThat(Scene.byLabel("spheres")).isEqualTo(Scene.SPHERES);
        assertThatThrownBy(() -> Scene.byLabel("tower"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'tower'").hasMessageContaining("pyramid, pile, spheres");
    }

    @Test
    void pyramidSanityCountsMovesAndReportsTheTopBox() {
        List<BodyDef> boxes = BenchScenes.dynamicBodies(BenchScenes.build(Scene.PYRAMID));
        double[] start = new double[3 * boxes.size()];
        for (int i = 0; i < boxes.size(); i++) {
            start[3 * i] = boxes.get(i).x();
            start[3 * i + 1] = boxes.get(i).y();
            start[3 * i + 2] = boxes.get(i).z();
        }
        double[] end = start.clone();
        BenchScenes.Sanity still = BenchScenes.sanity(Scene.PYRAMID, start, end);
        assertThat(still.topY()).isEqualTo(19.5);
        assertThat(still.moved()).isZero();
        assertThat(still.maxMove()).isZero();
        end[3 * 5] += 0.3;       // box 5 slides 0.5 m: sqrt(0.3² + 0.4²)
        end[3 * 5 + 1] -= 0.4;
        end[3 * 7 + 2] += 0.05;  // box 7 moves 0.05 m: below the threshold
        end[3 * 209 + 1] = 18.0; // the top box drops 1.5 m
        BenchScenes.Sanity s = BenchScenes.sanity(Scene.PYRAMID, start, end);
        assertThat(s.topY()).isEqualTo(18.0);
        assertThat(s.moved()).isEqualTo(2);
        assertThat(s.maxMove()).isCloseTo(1.5, within(1e-12));
        assertThat(s.format()).isEqualTo("sanity top_y=18.000 moved_gt_0.1m=2 max_move_m=1.500");
    }

    @Test
    void sphereSanityCountsLostBodiesAndAveragesFiniteHeights() {
        double[] start = {0, 5, 0, 0, 5, 0, 0, 5, 0, 0, 5, 0, 0, 5, 0};
        double[] end = {
            1, 2, 1,            // fine
            11.6, 0.5, 0,       // outside |x| > 11.5: lost
            0, -0.6, 0,         // below -0.5: lost
            0, Double.NaN, 0,   // non-finite: lost, not in the mean
            0, 4, -11.5,        // on the limit: kept
        };
        BenchScenes.Sanity s = BenchScenes.sanity(Scene.SPHERES, start, end);
        assertThat(s.lost()).isEqualTo(3);
        assertThat(s.meanY()).isCloseTo((2 + 0.5 - 0.6 + 4) / 4, within(1e-12));
        assertThat(s.maxY()).isEqualTo(4);
        // the pile only loses by height / non-finite
        assertThat(BenchScenes.sanity(Scene.PILE, start, end).lost()).isEqualTo(2);
        assertThat(s.format()).isEqualTo("sanity mean_y=1.475 max_y=4.000 lost=3");
    }

    @Test
    void sanityRejectsMismatchedArrays() {
        assertThatThrownBy(() -> BenchScenes.sanity(Scene.PILE, new double[3], new double[6]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start has 3 and end 6");
    }
}
