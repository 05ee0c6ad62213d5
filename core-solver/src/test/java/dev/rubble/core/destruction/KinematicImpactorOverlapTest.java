package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * A kinematic body pressed into a collection it overlaps strikes it the same whether it was created kinematic or made
 * kinematic from a dynamic body. {@link DestructionContext#impactImpulse} caps an overlapped point's collision strain at
 * what stopping the point's approach takes, {@code approach / k} with {@code k} the pair's inverse effective mass; a
 * kinematic body adds nothing to {@code k} (the solver moves it not at all). A body made kinematic keeps its mass (so it
 * can be made dynamic again), and before, its inverse mass was added to {@code k}: the cap fell and the same press broke
 * less.
 */
final class KinematicImpactorOverlapTest {
    private static final double G = 9.81, HALF_HEIGHT = 0.25;

    /**
     * The step (from 0) in which the bar first broke under a 1 000 kg box pressing down at 3 m/s from 0.2 m into its
     * first piece, kinematic (created so, or made so from a dynamic body), or -1 within 10 steps.
     */
    private static int firstBreak(double threshold, boolean madeKinematic) {
        World w = Scenes.world(G);
        Scenes.ground(w);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, HALF_HEIGHT, 0)
                .withOptions(Scenes.thresholds(threshold)));
        BodyDef press = BodyDef.of(new Box(0.45, 0.25, 0.3)).withPosition(0, 2 * HALF_HEIGHT + 0.25 - 0.2, 0)
                .withLinearVelocity(0, -3, 0).withMass(1000);
        if (madeKinematic) {
            int s = w.bodies().slot(w.createBody(press));
            w.states().setMotion(s, MotionType.KINEMATIC);
            w.bodies().vy[s] = -3; // made kinematic it stopped: the same velocity as the other
        } else {
            w.createBody(press.withMotion(MotionType.KINEMATIC));
        }
        for (int k = 0; k < 10; k++) {
            w.step();
            if (w.bodies().size() > 3) { // ground, press and the bar's one body: the bar broke
                return k;
            }
        }
        return -1;
    }

    @Test
    void aBodyMadeKinematicStrikesAsOneCreatedKinematic() {
        int first = 0, later = 0;
        for (double threshold = 25; threshold <= 20000; threshold *= 1.4) {
            int created = firstBreak(threshold, false), made = firstBreak(threshold, true);
            // before: at 1 012 N·s the press made kinematic broke the bar a step later (0 and 1)
            assertThat(made).as("threshold %s N·s", threshold).isEqualTo(created);
            first += created == 0 ? 1 : 0;
            later += created > 0 ? 1 : 0;
        }
        // the thresholds span the strike: it breaks the bar in its first step at the lowest, only later (crushed against
        // the ground) at the highest
        assertThat(first).isPositive();
        assertThat(later).isPositive();
    }
}
