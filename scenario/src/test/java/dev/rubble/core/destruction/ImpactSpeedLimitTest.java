package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.scenario.Scenarios;
import org.junit.jupiter.api.Test;

/**
 * An impact trial solves the velocities the step's solve will start from, so it clamps them to the world's speed
 * limits as the integrator does before every sub-step (docs/destruction.md "Impacts"; docs/dynamics.md "Motion").
 * Found by fuzz11: a 0.1 kg ball thrown at 600 m/s at a thin anchored wall of 50 N·s bonds broke a piece, though the
 * solve (maxLinearSpeed 400 m/s) meets the wall with 0.1 x 400 = 40 N·s, below every threshold, and the same ball at
 * 450 m/s (also 40 N·s once clamped) broke nothing: the trial had read the unclamped 60 N·s.
 *
 * <p>Expectation from the rule and the limit, not from a run: with restitution about 0 (a ball stopped by the wall
 * takes at most its momentum, 40 N·s) nothing breaks at any speed above the limit, as at 450 m/s; at 550 N·s of
 * limit-speed momentum (a 1.375 kg ball) the wall breaks whatever the thrown speed.
 */
final class ImpactSpeedLimitTest {
    static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "fast pellet", "world": {"gravity": [0, 0, 0]},
             "bodies": [{"id": "ball", "shape": {"type": "sphere", "radius": 0.01}, "mass": %s,
                         "position": [0, 1.0, -1], "linearVelocity": [0, 0, %s]}],
             "collections": [{"id": "wall",
               "recipe": {"box": [1.5, 1, 0.05], "levels": [{"method": "voronoi", "options": {"count": 60}}], "seed": 4},
               "position": [0, 1, 0], "anchors": {"boxes": [{"min": [-2, -1.1, -1], "max": [2, -0.85, 1]}]},
               "destruction": {"damageOptions": {"thresholds": [50]}, "impactMode": "resolve", "restoreMomentum": 0}}]}
            """;

    private static int breaks(double mass, double speed) {
        PhysicsWorld w = Scenarios.parse(SCENE.formatted(mass, speed), Rubble.defaultPlugins());
        w.setEvents(dev.rubble.api.EventKind.BREAK, true);
        int broken = 0;
        for (int step = 0; step < 3; step++) {
            w.step();
            broken += w.events().count(dev.rubble.api.EventKind.BREAK);
        }
        return broken;
    }

    @Test
    void aPelletOverTheSpeedLimitBreaksWhatItsClampedMomentumBreaks() {
        assertThat(breaks(0.1, 450)).as("0.1 kg at 450 m/s: 40 N s at the limit").isZero();
        assertThat(breaks(0.1, 600)).as("0.1 kg at 600 m/s: 40 N s at the limit (before: 2 breaks)").isZero();
        assertThat(breaks(0.1, 1e6)).as("0.1 kg at 1e6 m/s: 40 N s at the limit").isZero();
        assertThat(breaks(0.25, 600)).as("0.25 kg at 600 m/s: 100 N s at the limit").isPositive();
    }
}
