package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import org.junit.jupiter.api.Test;

/**
 * Issue 22's break prediction runs its trial solve (about the cost of a velocity solve) only in steps
 * where it can break something: an impactor (an awake dynamic body foreign to the collection)
 * approaches a RESOLVE holder, or a child's external load alone reaches its threshold. A piece of the
 * collection that is a holder itself, falling onto the ground or sliding along the wall's remainder,
 * approaches a RESOLVE holder too, but it is no impactor and the trial's loads would be dropped: no trial.
 *
 * <p>Scene: the three-level bar (1 m leaf boxes at x = 0..3, y = 2; clusters 1 = leaves 3, 4 and 2 =
 * leaves 5, 6) over the ground, anchored by leaf 3, every child 1 000 N·s, sleeping off. A forced break
 * of cluster 2 in the first step drops it (a dynamic holder of two leaves) 1.5 m onto the ground; cluster
 * 1 hangs from its anchor. That a skipped trial would have broken nothing is checked bit for bit by the
 * golden demo (integration-tests' GoldenHashesTest: a RESOLVE wall whose broken clusters fall and
 * slide; its hashes did not change when such trials were skipped).
 */
final class TrialSkipTest {
    static final double THRESHOLD = 1000;

    private static World scene() {
        WorldSettings s = WorldSettings.defaults().withGravity(0, -9.81, 0);
        World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Scenes.stages());
        Scenes.ground(w);
        w.destruction().place(TestAssets.threeLevels(), CollectionPlacement.at(0, 2, 0).withAnchors(new int[] {3}, null)
                .withOptions(DestructionOptions.defaults().withImpactMode(ImpactMode.RESOLVE)),
                new CollisionStrainTest.Fixed(THRESHOLD), new StrainModifier[0]);
        w.queue(new Command.ExternalStrain(0, 2, Double.POSITIVE_INFINITY));
        return w;
    }

    /** Steps the scene until cluster 2 lands; returns the landing step (its contact with the ground approaches). */
    private static int land(World w) {
        for (int i = 0; i < 120; i++) {
            w.step();
            assertThat(w.profile().trialSolves()).as("trial solves in step %d", i).isZero();
            if (i > 0 && approaching(w) > 1) {
                return i;
            }
        }
        throw new AssertionError("cluster 2 never landed");
    }

    @Test
    void aHolderFallingOntoTheGroundRunsNoTrialAnImpactorDoes() {
        World w = scene();
        int landed = land(w);
        // the landing step: 1.5 m of fall, about 0.55 s
        assertThat(landed).isBetween(30, 36);
        for (int i = 0; i < 30; i++) {
            w.step();
            assertThat(w.profile().trialSolves()).isZero();
        }
        assertThat(w.destruction().events().count()).isZero();
        // a foreign ball thrown up at cluster 1 (30 N s, far below its leaves' 1 000) is an impactor: the steps
        // it strikes in run the trial, which breaks nothing
        BodyStore b = w.bodies();
        long ball = w.createBody(BodyDef.of(new Sphere(0.2)).withMass(1).withPosition(0.5, 0.8, 0)
                .withLinearVelocity(0, 30, 0));
        int trials = 0;
        for (int i = 0; i < 6; i++) {
            w.step();
            trials += w.profile().trialSolves();
            assertThat(w.destruction().events().count()).isZero();
        }
        assertThat(b.vy[b.slot(ball)]).as("the ball bounced off").isLessThan(0);
        assertThat(trials).as("trial solves while the ball strikes").isPositive();
    }

    @Test
    void anExternalLoadThatBreaksAloneKeepsTheTrial() {
        int landed = land(scene());
        // the same steps, and in the landing step a forced break of leaf 4: no impactor, but an external load
        // that breaks alone keeps the trial (the rule is conservative: a trial breaks a child by its external
        // load when the child is loaded in it or a crack reached it; a command's load on an untouched leaf
        // breaks in the DESTRUCTION slot, as before trials were skipped)
        World w = scene();
        for (int i = 0; i < landed; i++) {
            w.step();
        }
        w.queue(new Command.ExternalStrain(0, 4, Double.POSITIVE_INFINITY));
        w.step();
        assertThat(approaching(w)).isGreaterThan(1);
        assertThat(w.profile().trialSolves()).as("trial solves in the forced break's step").isPositive();
        assertThat(w.destruction().predictedEvents()).as("breaks predicted before the solve").isZero();
        assertThat(w.destruction().events().count()).as("leaf 4 broke in the step").isPositive();
    }

    /**
     * The fastest approach (m/s) of a contact point with a dynamic body when the step's solve read it: what the
     * cheap test asks (against DestructionRuntime.MIN_APPROACH_SPEED).
     */
    private static double approaching(World w) {
        ContactStore c = w.contacts();
        BodyStore b = w.bodies();
        double max = 0;
        for (int m = 0; m < c.size(); m++) {
            if (b.motion[c.bodyA[m]] != MotionType.DYNAMIC.ordinal() && b.motion[c.bodyB[m]] != MotionType.DYNAMIC.ordinal()) {
                continue;
            }
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                max = Math.max(max, -c.relativeNormalVelocity[p]);
            }
        }
        return max;
    }
}
