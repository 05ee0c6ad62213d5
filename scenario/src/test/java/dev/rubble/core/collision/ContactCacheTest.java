package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The narrowphase's body-pair contact cache: used on resting pairs, bypassed beyond the pose,
 * rotation and margin tolerances, for reused slots and for filtered pairs; budgets, sub-keys and
 * warm starting behave as for fresh manifolds; cached and uncached simulations agree.
 */
final class ContactCacheTest {
    private static final Stages STAGES = Stages.load();

    private static World world(boolean cache) {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0)
                .withStageOptions("narrowphase", StageConfig.of(Map.of(NarrowphaseStage.CONTACT_CACHE_OPTION, cache)));
        World w = World.create(s, STAGES);
        assertThat(w.narrowphaseStage().contactCache()).isEqualTo(cache);
        return w;
    }

    private static long ground(World w) {
        return w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
    }

    private static PairBuffer pairs(int... slots) {
        PairBuffer p = new PairBuffer();
        for (int i = 0; i < slots.length; i += 2) {
            p.pair(slots[i], slots[i + 1]);
        }
        p.sort();
        return p;
    }

    private static double[] separations(ContactStore c, int m) {
        double[] s = new double[c.pointCount[m]];
        for (int k = 0; k < s.length; k++) {
            s[k] = c.separation[m * ContactStore.MAX_POINTS + k];
        }
        return s;
    }

    private static void rotateAboutY(BodyStore b, int s, double degrees) {
        double h = Math.toRadians(degrees) / 2;
        double rx = 0, ry = Math.sin(h), rz = 0, rw = Math.cos(h);
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        // q' = r q (rotation about the world y axis through the centre of mass)
        b.qw[s] = rw * qw - rx * qx - ry * qy - rz * qz;
        b.qx[s] = rw * qx + rx * qw + ry * qz - rz * qy;
        b.qy[s] = rw * qy - rx * qz + ry * qw + rz * qx;
        b.qz[s] = rw * qz + rx * qy - ry * qx + rz * qw;
    }

    @Test
    void restingPairReplaysItsManifoldUntilItMovesBeyondTheTolerances() {
        World w = world(true);
        BodyStore b = w.bodies();
        int g = b.slot(ground(w));
        int s = b.slot(w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(1, 0.495, 0)));
        PairBuffer pairs = pairs(g, s);
        ContactStore c = new ContactStore(16, 100);
        NarrowphaseStage stage = w.narrowphaseStage();

        stage.run(b, pairs, c);
        assertThat(stage.pairsTested).isEqualTo(1);
        assertThat(stage.pairsCached).isZero();
        assertThat(c.size()).isEqualTo(1);
        for (double sep : separations(c, 0)) {
            assertThat(sep).isCloseTo(-0.005, within(1e-12));
        }
        long[] features = java.util.Arrays.copyOf(c.feature, 4);
        double[] by = java.util.Arrays.copyOf(c.by, 4);
        for (int k = 0; k < 4; k++) {
            c.normalImpulse[k] = 1 + k; // what a solver would leave
        }

        // unmoved: replayed, same points, ids and (warm-started) impulses
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        assertThat(c.size()).isEqualTo(1);
        assertThat(java.util.Arrays.copyOf(c.feature, 4)).containsExactly(features);
        assertThat(stage.pointsWarmStarted).isEqualTo(4);
        assertThat(c.totalNormalImpulse(0)).isEqualTo(1 + 2 + 3 + 4);
        for (double sep : separations(c, 0)) {
            assertThat(sep).isCloseTo(-0.005, within(1e-12));
        }

        // lifted 0.6 mm (< 1 mm): still replayed, separation recomputed from the moved witnesses
        b.py[s] += 0.0006;
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        for (int k = 0; k < 4; k++) {
            assertThat(c.separation[k]).isCloseTo(-0.005 + 0.0006, within(1e-12));
            assertThat(c.by[k]).isCloseTo(by[k], within(1e-12)); // B's witness rides with B
            assertThat(c.ay[k]).isCloseTo(0.5, within(1e-12));   // A's stays on the ground's top
        }
        assertThat(stage.pointsWarmStarted).isEqualTo(4);

        // 0.6 mm more: 1.2 mm from the pose the manifold was computed at -> the narrowphase runs
        b.py[s] += 0.0006;
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        for (double sep : separations(c, 0)) {
            assertThat(sep).isCloseTo(-0.005 + 0.0012, within(1e-12));
        }
        // ... and its pose is the new reference
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);

        // a turn about the vertical moves the box's points by 2 sin(theta/2) R, R = its reach sqrt(3)/2 m
        // (the ground's lever |d| + R_ground is longer): 0.06 deg moves them 0.91 mm (replayed), 0.12 deg
        // 1.8 mm (collided)
        double reach = Math.sqrt(3) / 2;
        assertThat(2 * Math.sin(Math.toRadians(0.03)) * reach).isBetween(0.0009, 0.00095);
        rotateAboutY(b, s, 0.06);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        rotateAboutY(b, s, 0.06);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        // from that new reference: 0.06 deg alone is replayed; 0.06 deg with a 0.5 mm lift (0.91 + 0.5 mm) is not
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        rotateAboutY(b, s, 0.06);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        b.py[s] += 0.0005;
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        // turning 3 degrees in all: the fresh manifold's corners turned with the box, B's witness x
        // offsets are +-0.5 cos 3 deg -+ 0.5 sin 3 deg, no longer +-0.5
        rotateAboutY(b, s, 3 - 0.18);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        double c3 = Math.cos(Math.toRadians(3)), s3 = Math.sin(Math.toRadians(3));
        for (int k = 0; k < 4; k++) {
            assertThat(Math.abs(c.bx[k])).satisfiesAnyOf(v -> assertThat(v).isCloseTo(0.5 * (c3 + s3), within(1e-9)),
                    v -> assertThat(v).isCloseTo(0.5 * (c3 - s3), within(1e-9)));
        }
    }

    @Test
    void aPairWhoseMarginGrowsWithSpeedRunsTheNarrowphase() {
        World w = world(true);
        BodyStore b = w.bodies();
        int g = b.slot(ground(w));
        int s = b.slot(w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(0, 0.495, 0)));
        PairBuffer pairs = pairs(g, s);
        ContactStore c = new ContactStore(16, 100);
        NarrowphaseStage stage = w.narrowphaseStage();
        double dt = 1.0 / 60;
        stage.run(b, pairs, c, dt);
        stage.run(b, pairs, c, dt);
        assertThat(stage.pairsCached).isEqualTo(1);
        // still in place, but now moving: 0.03 m/s widens the margin by 0.5 mm (replayed) ...
        b.vx[s] = 0.03;
        stage.run(b, pairs, c, dt);
        assertThat(stage.pairsCached).isEqualTo(1);
        // ... 0.1 m/s by 1.7 mm (an impulse just struck it): collide again with the wider margin
        b.vx[s] = 0.1;
        stage.run(b, pairs, c, dt);
        assertThat(stage.pairsCached).isZero();
        // spinning counts too: |w| R = 0.1 rad/s * 0.866 m widens it by 1.4 mm relative to the last run
        b.vx[s] = 0;
        stage.run(b, pairs, c, dt);
        assertThat(stage.pairsCached).isZero(); // margin fell back by 1.7 mm
        b.wy[s] = 0.1;
        stage.run(b, pairs, c, dt);
        assertThat(stage.pairsCached).isZero();
    }

    @Test
    void reusedSlotsFilteredPairsAndTheSwitchBypassTheCache() {
        World w = world(true);
        BodyStore b = w.bodies();
        int g = b.slot(ground(w));
        long box = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(0, 0.495, 0));
        int s = b.slot(box);
        PairBuffer pairs = pairs(g, s);
        ContactStore c = new ContactStore(16, 100);
        NarrowphaseStage stage = w.narrowphaseStage();
        stage.run(b, pairs, c);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);

        // another body in the same slot (new generation), same pose, other shape: never the old manifold
        w.removeBody(box);
        long sphere = w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(0, 0.49, 0));
        assertThat(b.slot(sphere)).isEqualTo(s);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        assertThat(c.pointCount[0]).isEqualTo(1);
        assertThat(c.separation[0]).isCloseTo(-0.01, within(1e-12));

        // filtered out for a run: no contact, and the pair is forgotten
        b.collisionLayer[s] = 2;
        b.collisionMask[g] = ~2;
        stage.run(b, pairs, c);
        assertThat(c.size()).isZero();
        assertThat(stage.pairsTested).isZero();
        b.collisionMask[g] = BodyStore.ALL_LAYERS;
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        assertThat(c.size()).isEqualTo(1);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);

        // switched off: nothing replayed; switched on again: starts from a fresh narrowphase result
        stage.setContactCache(false);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        stage.setContactCache(true);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);

        assertThatThrownBy(() -> World.create(WorldSettings.defaults().withStageOptions("narrowphase",
                StageConfig.of(Map.of(NarrowphaseStage.CONTACT_CACHE_OPTION, "yes"))), STAGES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("contactCache")
                .hasMessageContaining("yes").hasMessageContaining("boolean");
    }

    @Test
    void replayedManifoldsGoThroughTheBudgetsAndKeepTheirSubKeys() {
        World w = world(true);
        BodyStore b = w.bodies();
        int g = b.slot(ground(w));
        // a dumbbell: two boxes of one compound, each resting on the ground -> two manifolds (sub-keys)
        Compound bell = new Compound(List.of(Compound.Child.at(new Box(0.25, 0.25, 0.25), -1, 0, 0),
                Compound.Child.at(new Box(0.25, 0.25, 0.25), 1, 0, 0)));
        int d = b.slot(w.createBody(BodyDef.of(bell).withPosition(0, 0.245, 0)));
        int s1 = b.slot(w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(3, 0.495, 0)));
        int s2 = b.slot(w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(-3, 0.495, 0)));
        PairBuffer pairs = pairs(g, d, g, s1, g, s2);

        ContactStore all = new ContactStore(16, 100);
        NarrowphaseStage stage = w.narrowphaseStage();
        stage.run(b, pairs, all);
        assertThat(all.size()).isEqualTo(4);
        assertThat(all.key[0]).isNotEqualTo(all.key[1]);
        long k0 = all.key[0], k1 = all.key[1];
        stage.run(b, pairs, all);
        assertThat(stage.pairsCached).isEqualTo(3);
        assertThat(all.size()).isEqualTo(4);
        assertThat(all.key[0]).isEqualTo(k0);
        assertThat(all.key[1]).isEqualTo(k1);
        assertThat(all.bodyB[1]).isEqualTo(d);
        for (int m = 0; m < 4; m++) {
            assertThat(all.pointCount[m]).isEqualTo(4);
        }

        // a manifold budget of 3: the same three kept (sorted pair order) and one dropped, replayed or not
        ContactStore three = new ContactStore(16, 3);
        stage.setContactCache(false);
        stage.run(b, pairs, three);
        int dropped = three.droppedThisStep;
        int[] keptB = {three.bodyB[0], three.bodyB[1], three.bodyB[2]};
        stage.setContactCache(true);
        stage.run(b, pairs, three);
        stage.run(b, pairs, three);
        assertThat(stage.pairsCached).isEqualTo(3);
        assertThat(dropped).isEqualTo(1);
        assertThat(three.droppedThisStep).isEqualTo(dropped);
        assertThat(new int[] {three.bodyB[0], three.bodyB[1], three.bodyB[2]}).containsExactly(keptB);

        // a point budget of 10: 4 + 4 + 2 points, the last manifold empty and removed, 6 points dropped
        stage.setMaxContacts(10);
        stage.run(b, pairs, all);
        stage.run(b, pairs, all);
        assertThat(stage.pairsCached).isEqualTo(3);
        assertThat(stage.pointsKept).isEqualTo(10);
        assertThat(stage.pointsDropped).isEqualTo(6);
        assertThat(all.size()).isEqualTo(3);
        assertThat(all.pointCount[2]).isEqualTo(2);
    }

    /** A sphere dropped onto a box and bouncing: every impact sees the same contact as without the cache. */
    @Test
    void aFallingAndBouncingSphereNeverUsesAStaleManifold() {
        World[] worlds = new World[2];
        for (int i = 0; i < 2; i++) {
            WorldSettings s = WorldSettings.defaults().withStageOptions("narrowphase",
                    StageConfig.of(Map.of(NarrowphaseStage.CONTACT_CACHE_OPTION, i == 0)));
            World w = World.create(s, STAGES);
            w.createBody(BodyDef.of(new Box(1, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
            w.createBody(BodyDef.of(new Sphere(0.2)).withPosition(0.1, 1.5, 0).withMaterial(0.5, 0.7));
            worlds[i] = w;
        }
        World cached = worlds[0], plain = worlds[1];
        int impacts = 0;
        for (int step = 0; step < 120; step++) {
            double speed = Math.abs(plain.bodies().vy[1]); // at the narrowphase of this step
            double vyBefore = plain.bodies().vy[1];
            cached.step();
            plain.step();
            ContactStore a = cached.contacts(), p = plain.contacts();
            assertThat(a.size()).as("manifolds at step %d", step).isEqualTo(p.size());
            if (p.size() > 0) {
                assertThat(a.pointCount[0]).isEqualTo(p.pointCount[0]).isEqualTo(1);
                assertThat(a.separation[0]).as("separation at step %d", step).isCloseTo(p.separation[0], within(1e-9));
                if (speed > 0.1) {
                    // a bounce in this step (the sphere leaves at the moment of impact, so it need not
                    // end the step touching): it was falling and now rises
                    impacts += plain.bodies().vy[1] > 0 && vyBefore < 0 ? 1 : 0;
                    // moving: the pair's margin and pose changed, it was collided again
                    assertThat(cached.profile().cachedPairs()).as("cached pairs at step %d", step).isZero();
                }
            }
        }
        assertThat(impacts).as("bounces off the box").isGreaterThanOrEqualTo(3);
    }

    private static ScenarioWorld bench(Scene scene, boolean cache) {
        Scenario sc = BenchScenes.build(scene);
        WorldSettings s = sc.settings().withStageOptions("narrowphase",
                StageConfig.of(Map.of(NarrowphaseStage.CONTACT_CACHE_OPTION, cache)));
        return ScenarioWorld.create(new Scenario(sc.name(), s, sc.bodies(), sc.commands(), sc.steps()), STAGES, Map.of());
    }

    /** Ten seconds of the bench pyramid with and without the cache: both stand, tops agree within 1 mm. */
    @Test
    void cachedAndUncachedPyramidStandAlike() {
        double[] top = new double[2];
        long cachedPairs = 0, testedPairs = 0;
        for (int i = 0; i < 2; i++) {
            ScenarioWorld sw = bench(Scene.PYRAMID, i == 0);
            BodyStore b = sw.world().bodies();
            double[] start = centres(b);
            for (int step = 0; step < 600; step++) {
                sw.step();
                if (i == 0) {
                    cachedPairs += sw.world().profile().cachedPairs();
                    testedPairs += sw.world().narrowphaseStage().pairsTested;
                } else {
                    assertThat(sw.world().profile().cachedPairs()).isZero();
                }
            }
            BenchScenes.Sanity sanity = BenchScenes.sanity(Scene.PYRAMID, start, centres(b));
            assertThat(sanity.moved()).as("boxes that moved more than 0.1 m (cache %s)", i == 0).isZero();
            top[i] = sanity.topY();
        }
        assertThat(top[0]).isCloseTo(top[1], within(0.001));
        assertThat(top[0]).isBetween(19.4, 19.5 + 0.001);
        // a standing pyramid is mostly resting pairs
        assertThat((double) cachedPairs / testedPairs).isGreaterThan(0.5);
    }

    private static double[] centres(BodyStore b) {
        double[] out = new double[3 * 210];
        for (int i = 0; i < 210; i++) {
            out[3 * i] = b.px[1 + i];
            out[3 * i + 1] = b.py[1 + i];
            out[3 * i + 2] = b.pz[1 + i];
        }
        return out;
    }

    /** A five-box column under gravity for ten seconds: same top height within 1 mm, cache in use. */
    @Test
    void cachedAndUncachedStackAgreeAndTwoCachedRunsAreBitIdentical() {
        double[] top = new double[3];
        long[] hash = new long[3];
        int lastCached = 0;
        for (int i = 0; i < 3; i++) {
            // sleeping off (as the bench scenes): ten seconds of resting contacts
            WorldSettings s = BenchScenes.settings().withStageOptions("narrowphase",
                    StageConfig.of(Map.of(NarrowphaseStage.CONTACT_CACHE_OPTION, i != 1)));
            World w = World.create(s, STAGES);
            w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
            long topBox = -1;
            for (int k = 0; k < 5; k++) {
                topBox = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(0, 0.5 + k, 0));
            }
            for (int step = 0; step < 600; step++) {
                w.step();
                if (i == 0 && step == 599) {
                    lastCached = w.profile().cachedPairs();
                }
            }
            int t = w.bodies().slot(topBox);
            top[i] = w.bodies().py[t];
            hash[i] = w.stateHash();
            assertThat(Math.hypot(w.bodies().px[t], w.bodies().pz[t])).as("top box sideways drift").isLessThan(0.01);
        }
        assertThat(top[0]).isCloseTo(top[1], within(0.001));
        assertThat(top[0]).isBetween(4.45, 4.5 + 0.001); // stands (some sag under the soft contacts)
        assertThat(hash[2]).isEqualTo(hash[0]);
        assertThat(lastCached).as("resting pairs replayed at the last step").isGreaterThanOrEqualTo(5);
    }
}
