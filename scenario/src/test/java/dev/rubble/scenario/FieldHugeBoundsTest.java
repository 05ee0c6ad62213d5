package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.CollectionId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A bounded field whose bounds reach past the largest double (a radial falloff centred 1e308 m away with a
 * radius of 1.7e308 m: its box runs to +∞) finds every held piece inside it, as the same field a tenth the
 * size does. Its infinite corners, turned into a holder's frame, gave NaN (0 × ∞), and the held-piece grid,
 * queried between NaN bounds, looked in its first cell only: half of a 30-leaf wall was left unbroken
 * (fuzz12). Expected from the falloff's definition (docs/fields.md): every leaf lies at d ≈ 1e308 (or 1e307)
 * from the centre, so its strain is 1e10 · (1 − d/r) ≈ 4.1e9 ≥ the 1e9 threshold.
 */
final class FieldHugeBoundsTest {

    private static int brokenLeaves(double centre, double radius) {
        PhysicsWorld w = Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "huge", "world": {"gravity": [0, 0, 0]},
                 "collections": [{"id": "wall", "recipe": {"box": [2, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 30}}], "seed": 4},
                    "position": [0, 0, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}, "propagation": false}}]}""",
                Rubble.defaultPlugins());
        CollectionId c = w.destruction().collection(0);
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN,
                Fields.radialFalloff(new Vector3d(centre, 0, 0), radius).magnitude(1e10), FieldOptions.once().resolution("maximum"));
        w.step(2);
        int leaves = w.destruction().asset(c).nodeCount() - 1, free = 0;
        for (int k = 1; k <= leaves; k++) {
            free += w.destruction().isFree(c, k) ? 1 : 0;
        }
        assertThat(leaves).isEqualTo(30);
        return free;
    }

    @Test
    void aFieldWhoseBoundsRunToInfinityFindsEveryHeldPieceInside() {
        assertThat(brokenLeaves(1e307, 1.7e307)).as("finite bounds").isEqualTo(30);
        assertThat(brokenLeaves(1e308, 1.7e308)).as("bounds to +Infinity").isEqualTo(30);
    }
}
