package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * One-way interaction (SPEC §6): a debris piece pushes no non-debris body and strains nothing, but
 * still rests on the ground. Each case has a control without the debris level, where the same
 * piece does push and does strain, so the assertions can fail.
 */
final class DebrisTest {

    /** A one-leaf collection sliding at 3 m/s (frictionless) along the ground at a box hovering 5 cm above it. */
    private static final class Slide {
        final World w = Scenes.world(9.81);
        final long box;
        final int c;

        Slide(boolean debris) {
            Scenes.ground(w);
            // the box: dynamic, 1 kg per 0.125 m³, no gravity, its left face at x = 2.75
            box = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withPosition(3, 0.3, 0).withGravityScale(0)
                    .withMaterial(0, 0));
            c = w.placeCollection(TestAssets.chain(1, 100), CollectionPlacement.at(0, 0.25, 0)
                    .withVelocity(3, 0, 0, 0, 0, 0).withOptions(DestructionOptions.defaults().withMaterial(0, 0)));
            if (debris) {
                w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withOneWayInteractionLevel(1));
            }
            w.queue(new Command.Crumble(c, 0)); // the leaf (level 1) is released in the first step
        }
    }

    @Test
    void debrisDoesNotPushANonDebrisBoxAndStillRestsOnTheGround() {
        Slide s = new Slide(true);
        BodyStore b = s.w.bodies();
        int box = b.slot(s.box);
        double x0 = b.px[box], y0 = b.py[box], z0 = b.pz[box];
        s.w.step();
        long leafHandle = s.w.destruction().holderBody(s.c, 1);
        int leaf = b.slot(leafHandle);
        assertThat(b.debris[leaf]).as("the released leaf is debris").isEqualTo((byte) 1);
        assertThat(b.debris[box]).isZero();
        boolean touched = false;
        for (int i = 0; i < 240; i++) {
            s.w.step();
            assertThat(b.vx[box]).isZero();
            assertThat(b.vy[box]).isZero();
            assertThat(b.vz[box]).isZero();
            assertThat(b.wx[box]).isZero();
            assertThat(b.wy[box]).isZero();
            assertThat(b.wz[box]).isZero();
            touched |= b.px[leaf] + 0.5 > 2.74;
        }
        assertThat(touched).as("the leaf reached the box").isTrue();
        assertThat(b.px[box]).isEqualTo(x0);
        assertThat(b.py[box]).isEqualTo(y0);
        assertThat(b.pz[box]).isEqualTo(z0);
        // the leaf stopped against the box (restitution 0, box infinitely heavy for it) and rests on the ground
        assertThat(b.px[leaf] + 0.5).isCloseTo(2.75, within(0.02));
        assertThat(b.vx[leaf]).isCloseTo(0, within(1e-3));
        assertThat(b.py[leaf]).isCloseTo(0.25, within(0.01));
        assertThat(b.vy[leaf]).isCloseTo(0, within(1e-3));
    }

    @Test
    void withoutADebrisLevelTheSamePiecePushesTheBox() {
        Slide s = new Slide(false);
        BodyStore b = s.w.bodies();
        int box = b.slot(s.box);
        Scenes.steps(s.w, 241);
        assertThat(b.debris[b.slot(s.w.destruction().holderBody(s.c, 1))]).isZero();
        assertThat(b.px[box]).as("pushed along x").isGreaterThan(3.1);
    }

    /** A debris leaf thrown at an anchored two-leaf chain that breaks under any load. */
    private static boolean targetBreaks(boolean debris) {
        World w = Scenes.world(0);
        int target = w.placeCollection(TestAssets.chain(2, 100), CollectionPlacement.at(2, 0, 0)
                .withAnchors(new int[] {1, 2}, null).withOptions(Scenes.thresholds(1e-6)));
        int thrown = w.placeCollection(TestAssets.chain(1, 100), CollectionPlacement.at(0, 0, 0)
                .withVelocity(4, 0, 0, 0, 0, 0));
        if (debris) {
            w.destruction().setDebrisOptions(thrown, DebrisOptions.defaults().withOneWayInteractionLevel(1));
        }
        w.queue(new Command.Crumble(thrown, 0));
        long before = w.destruction().holderBody(target, 1);
        boolean hit = false;
        for (int i = 0; i < 60; i++) {
            w.step();
            int leaf = w.bodies().slot(w.destruction().holderBody(thrown, 1));
            hit |= w.bodies().vx[leaf] < 3.9; // it was stopped by the target
        }
        assertThat(hit).as("the thrown leaf hit the target").isTrue();
        return w.destruction().holderBody(target, 1) != before;
    }

    @Test
    void debrisCreatesNoStrain() {
        assertThat(targetBreaks(true)).as("hit by debris").isFalse();
        assertThat(targetBreaks(false)).as("hit by the same piece, not debris").isTrue();
    }

    @Test
    void debrisLevelValidated() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DebrisOptions.defaults().withOneWayInteractionLevel(0))
                .hasMessageContaining("oneWayInteractionLevel = 0");
    }
}
