package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * An overlap a collection is placed in is pushed out by the solver, and that push is not an impact
 * (docs/destruction.md "Overlaps are not impacts"; Chaos: an initial overlap's depenetration is no
 * collision impulse). The bar is {@link TestAssets#chain} of 4 boxes (1 × 0.5 × 0.5 m, 250 kg each,
 * 1000 kg in all), its children breaking at 25 N·s; the ground's top is y = 0.
 */
final class OverlapIsNotImpactTest {
    private static final double G = 9.81, THRESHOLD = 25, HALF_HEIGHT = 0.25;

    private static World bar(double centreY, double vy) {
        World w = Scenes.world(G);
        Scenes.ground(w);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, centreY, 0).withVelocity(0, vy, 0, 0, 0, 0)
                .withOptions(Scenes.thresholds(THRESHOLD)));
        return w;
    }

    /** The step (from 0) at which the bar first broke (more than ground + bar bodies), or -1 within {@code steps}. */
    private static int firstBreak(World w, int steps) {
        for (int k = 0; k < steps; k++) {
            w.step();
            if (w.bodies().size() > 2) {
                return k;
            }
        }
        return -1;
    }

    @Test
    void aBarPlacedIntoTheGroundIsPushedOutWithoutBreaking() {
        // 0.2 m deep: before, the push-out (with the tilt the uneven push gave the bar) loaded its end
        // children with some 80 N·s a corner in the second step, and the bar broke at rest
        World w = bar(HALF_HEIGHT - 0.2, 0);
        assertThat(firstBreak(w, 120)).as("first break step").isEqualTo(-1);
        // the push-out itself still happens: the bar ends resting on the ground (the slop aside)
        assertThat(w.bodies().py[1]).isCloseTo(HALF_HEIGHT, within(0.01));
        assertThat(w.destruction().stats().breaks()).isZero();
    }

    @Test
    void theSameBarDroppedOntoTheGroundStillBreaks() {
        // 0.5 m/s at impact: stopping 1000 kg takes 500 N·s, half on each end child's two bottom corners
        // (the middle children touch the ground at no corner): 250 N·s each, ten times the threshold
        double v = 0.5, h = v * v / (2 * G);
        World w = bar(HALF_HEIGHT + h, 0);
        int at = firstBreak(w, 60);
        assertThat(at).as("first break step").isNotNegative();
        // it broke on landing, not before: the fall takes sqrt(2h/g) = v/g s
        assertThat(at).isGreaterThanOrEqualTo((int) (v / G * 60) - 1);
        // thrown down from the same overlap, it breaks too: an overlap does not hide an impact made in it
        World thrown = bar(HALF_HEIGHT - 0.2, -3);
        assertThat(firstBreak(thrown, 10)).as("first break step of the bar thrown into the ground").isNotNegative();
    }

    @Test
    void aBarPlacedRestingOnTheGroundDoesNotBreakEither() {
        // its weight (1000 kg · g · dt = 164 N·s a step, 41 a corner) is above the threshold: resting
        // contacts give no strain (approach under 1 cm/s), as before
        assertThat(firstBreak(bar(HALF_HEIGHT, 0), 120)).isEqualTo(-1);
    }
}
