package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * A cluster union as the impactor of a {@code resolve} wall (issues 22 and 29): its failure zone
 * (docs/destruction.md "Local failure") is sized and swept by the member that hit, as a plain body's is
 * ({@code Unions.touched} names it). examples/wall.json's anchored two-level Voronoi wall and 200 kg ball at
 * 60 m/s, the ball welded to a light rod trailing straight behind it: before, the zone was twice the whole
 * union's half extent (7 m) about the union's centre, so the break prediction counted the rigid trial's loads
 * across the whole wall and released 41 pieces in the impact step where the ball alone releases 27.
 */
final class UnionImpactorZoneTest {
    private static final Stages STAGES = Stages.load();

    private static String scene(boolean welded, double ballMass) {
        return """
                {"format": "rubble-scenario/1", "name": "welded impactor",
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]}, "position": [0, -0.5, 0]},
                            {"id": "ball", "shape": {"type": "sphere", "radius": 0.4}, "position": [0, 1.6, -1.0], "linearVelocity": [0, 0, 60], "mass": %2$s},
                            {"id": "rod", "shape": {"type": "box", "halfExtents": [0.05, 0.05, 3.0]}, "position": [0, 1.6, -4.45], "linearVelocity": [0, 0, 60], "mass": 2}],
                 "collections": [
                   {"id": "wall", "recipe": {"box": [2, 1.25, 0.15], "levels": [{"method": "voronoi", "options": {"count": 12}}, {"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1.25, 0], "anchors": {"boxes": [{"min": [-2.5, -1.3, -1], "max": [2.5, -1.0, 1]}]},
                    "destruction": {"impactMode": "resolve"}}]
                 %1$s}"""
                .formatted(welded ? ", \"unions\": [{\"id\": 0, \"step\": 0, \"members\": [{\"body\": \"ball\"}, {\"body\": \"rod\"}]}]" : "",
                        ballMass);
    }

    /** The asset nodes broken off in the step the ball first breaks the wall, sorted. */
    private static int[] impactStep(boolean welded, double ballMass) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene(welded, ballMass)), STAGES);
        World w = sw.world();
        for (int k = 0; k < 10; k++) {
            sw.step();
            dev.rubble.core.destruction.BreakEvents ev = w.destruction().events();
            if (ev.count() > 0) {
                int[] nodes = new int[ev.count()];
                for (int i = 0; i < nodes.length; i++) {
                    nodes[i] = ev.node[i];
                }
                java.util.Arrays.sort(nodes);
                return nodes;
            }
        }
        throw new AssertionError("the ball did not break the wall within 10 steps");
    }

    @Test
    void aBallWeldedToALongRodPunchesTheHoleTheBallAlonePunches() {
        int[] plain = impactStep(false, 202);
        int[] welded = impactStep(true, 200);
        // the rod (2 kg, 6 m long, straight behind the ball) never touches the wall: the wall meets a 202 kg ball
        // head on either way, and its failure zone is the ball's (twice its radius about its path), not one sized
        // by the 7 m welded structure, which reached across the whole 4 m wall
        assertThat(plain.length).as("the plain ball punches a local hole").isGreaterThan(0).isLessThan(35);
        assertThat(welded).as("the welded ball breaks the same pieces in its impact step").containsExactly(plain);
    }
}
