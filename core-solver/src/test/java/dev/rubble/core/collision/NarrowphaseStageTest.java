package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.plugin.UnknownStageException;
import dev.rubble.core.step.StepSlot;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

final class NarrowphaseStageTest {
    private static final Stages STAGES = Stages.load();

    private static World world(String narrowphase, int maxManifolds) {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0)
                .withStage("narrowphase", narrowphase);
        s = s.withBudgets(s.maxBodies(), s.maxContacts(), maxManifolds);
        return World.create(s, STAGES);
    }

    private static long ground(World w) {
        return w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
    }

    @Test
    void restingBoxGetsFourPointsAndKeepsImpulsesAcrossSteps() {
        World w = world("default", 1000);
        ground(w);
        long box = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(1, 0.495, 0));
        w.step();
        ContactStore c = w.contacts();
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.pointCount[0]).isEqualTo(4);
        assertThat(c.ny[0]).isCloseTo(1, within(1e-12));
        assertThat(w.profile().manifolds()).isEqualTo(1);
        assertThat(w.profile().contactPoints()).isEqualTo(4);
        assertThat(w.profile().warmStartedPoints()).isZero();
        assertThat(w.profile().nanos(StepSlot.NARROWPHASE)).isPositive();
        for (int k = 0; k < 4; k++) {
            assertThat(c.separation[k]).isCloseTo(-0.005, within(1e-12));
            // anchors are relative to each centre of mass: A's on the ground's top (0.5 above its centre),
            // B's at the box's bottom corners (0.5 below its centre, 0.5 out in x and z)
            assertThat(c.ay[k]).isCloseTo(0.5, within(1e-12));
            assertThat(c.by[k]).isCloseTo(-0.5, within(1e-12));
            assertThat(Math.abs(c.bx[k])).isCloseTo(0.5, within(1e-12));
            assertThat(Math.abs(c.ax[k] - 1)).isCloseTo(0.5, within(1e-12));
            c.normalImpulse[k] = 1 + k; // what a solver would leave
            c.tangentImpulse1[k] = 0.5 * k;
        }
        // run the stage alone (no solver after it) so the carried-over impulses are observable
        NarrowphaseStage stage = w.narrowphaseStage();
        stage.run(w.bodies(), w.pairs(), c);
        assertThat(stage.pointsWarmStarted).isEqualTo(4);
        double sum = 0;
        for (int k = 0; k < 4; k++) {
            sum += c.normalImpulse[k];
        }
        assertThat(sum).isEqualTo(1 + 2 + 3 + 4);

        // move the box 0.6 m sideways: every anchor drifts, impulses start from zero
        var b = w.bodies();
        int s = b.slot(box);
        b.px[s] += 0.6;
        b.updateBounds(s);
        stage.run(b, w.pairs(), c);
        assertThat(c.size()).isEqualTo(1);
        assertThat(stage.pointsWarmStarted).isZero();
        assertThat(c.totalNormalImpulse(0)).isZero();
    }

    @Test
    void staticPairsAndFilteredPairsMakeNoContacts() {
        World w = world("default", 1000);
        ground(w);
        w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMotion(MotionType.STATIC).withPosition(0, 0.4, 0));
        long s = w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(3, 0.49, 0));
        w.step();
        assertThat(w.contacts().size()).isEqualTo(1); // only sphere-ground
        int slot = w.bodies().slot(s);
        w.bodies().collisionLayer[slot] = 2;
        w.bodies().collisionMask[0] = ~2; // ground ignores layer 2
        w.step();
        assertThat(w.contacts().size()).isZero();
    }

    @Test
    void manifoldBudgetKeepsTheLowestPairsAndCountsTheRest() {
        World w = world("default", 2);
        ground(w);
        for (int i = 0; i < 3; i++) {
            w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(-3 + 3 * i, 0.49, 0));
        }
        w.step();
        ContactStore c = w.contacts();
        assertThat(c.size()).isEqualTo(2);
        assertThat(c.droppedThisStep).isEqualTo(1);
        assertThat(w.profile().droppedManifolds()).isEqualTo(1);
        assertThat(c.bodyB[0]).isEqualTo(1);
        assertThat(c.bodyB[1]).isEqualTo(2);
    }

    @Test
    void contactPointBudgetDropsLaterPointsAndEmptyManifolds() {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0);
        World w = World.create(s.withBudgets(s.maxBodies(), 6, 100), STAGES);
        ground(w);
        for (int i = 0; i < 3; i++) { // three resting boxes: 4 points each
            w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(-3 + 3 * i, 0.49, 0));
        }
        w.step();
        assertThat(w.profile().contactPoints()).isEqualTo(6);
        assertThat(w.narrowphaseStage().pointsDropped).isEqualTo(6);
        assertThat(w.contacts().size()).isEqualTo(2); // 4 + 2 points; the third box's manifold had none left
        assertThat(w.contacts().pointCount[1]).isEqualTo(2);
    }

    @Test
    void narrowphaseIsChosenByNameAndBothGiveTheSameContacts() {
        World a = world("default", 100), b = world("gjk", 100);
        assertThat(b.narrowphaseName()).isEqualTo("gjk");
        for (World w : new World[] {a, b}) {
            ground(w);
            w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(0, 0.49, 0).withOrientation(0, 0.2, 0, 1));
            w.createBody(BodyDef.of(new Sphere(0.3)).withPosition(3, 0.29, 1));
            w.step();
        }
        assertThat(b.contacts().size()).isEqualTo(a.contacts().size()).isEqualTo(2);
        for (int m = 0; m < 2; m++) {
            assertThat(b.contacts().pointCount[m]).isEqualTo(a.contacts().pointCount[m]);
            for (int k = 0; k < a.contacts().pointCount[m]; k++) {
                int p = 4 * m + k;
                assertThat(b.contacts().separation[p]).isCloseTo(a.contacts().separation[p], within(1e-9));
                assertThat(b.contacts().ax[p]).isCloseTo(a.contacts().ax[p], within(1e-9));
            }
        }
        assertThatThrownBy(() -> world("nope", 10)).isInstanceOf(UnknownStageException.class)
                .hasMessageContaining("default").hasMessageContaining("gjk");
    }

    @Test
    void steppingTwoIdenticalWorldsGivesBitIdenticalContacts() {
        World a = world("default", 100), b = world("default", 100);
        for (World w : new World[] {a, b}) {
            ground(w);
            for (int i = 0; i < 8; i++) {
                w.createBody(BodyDef.of(i % 2 == 0 ? new Box(0.3, 0.3, 0.3) : new Sphere(0.3))
                        .withPosition(i * 0.55 - 2, 0.29 + 0.1 * (i % 3), 0).withLinearVelocity(0, -1, 0));
            }
            for (int s = 0; s < 5; s++) {
                w.step();
            }
        }
        assertThat(b.contacts().size()).isEqualTo(a.contacts().size()).isPositive();
        for (int p = 0; p < 4 * a.contacts().size(); p++) {
            assertThat(b.contacts().separation[p]).isEqualTo(a.contacts().separation[p]);
            assertThat(b.contacts().feature[p]).isEqualTo(a.contacts().feature[p]);
        }
    }

    /** The benchmark knob for the parallel pair blocks: the default, a value, and bad values named in one line. */
    @Test
    void pairBlocksPerThreadComeFromTheirPropertyAndBadValuesAreNamed() {
        assertThat(NarrowphaseStage.blocksPerThread(null)).isEqualTo(16);
        assertThat(NarrowphaseStage.blocksPerThread(" 4 ")).isEqualTo(4);
        assertThat(NarrowphaseStage.blocksPerThread("256")).isEqualTo(256);
        for (String bad : new String[] {"0", "-3", "257", "four", ""}) {
            assertThatThrownBy(() -> NarrowphaseStage.blocksPerThread(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("rubble.narrowphase.blocksPerThread is " + bad + "; allowed: 1 to 256");
        }
    }
}
