package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WarmUp;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.time.Duration;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The JIT warm-up (issue 27; docs/destruction.md "The first explosion in a fresh JVM") with the
 * collection source of this module on the class path: each round blows its fractured wall fully
 * apart (the break count follows from the recipe's node count), odd rounds under a break budget
 * lose no break, and a world stepped after a warm-up gives the same bits as one stepped before it.
 */
final class WarmUpTest {
    @Test
    void everyRoundBreaksEveryPieceOfItsWallOffItsParent() {
        CollectionAsset wall = WorldDestruction.fracture(WarmUp.RECIPE);
        int nonRoot = wall.nodeCount() - 1; // 12 at level 1, 6 under each: every one of them breaks off
        assertThat(nonRoot).isEqualTo(12 + 12 * 6);
        // round 0 unbudgeted, round 1 at four breaks a step: both lose nothing
        WarmUp.Report r = WarmUp.rounds(Stages.load(), WorldSettings.defaults(), 2);
        assertThat(r.destruction()).isTrue();
        assertThat(r.rounds()).isEqualTo(2);
        assertThat(r.steps()).isEqualTo(2L * WarmUp.STEPS_PER_ROUND);
        assertThat(r.breaks()).isEqualTo(2L * nonRoot);
        assertThat(r.toString()).isEqualTo("jit_warmup rounds=2 steps=180 breaks=168 ms=" + r.wallMillis()
                + " destruction=true");
    }

    @Test
    void aWorldSteppedAfterAWarmUpGivesTheSameBits() {
        long before = ballThroughWall();
        WarmUp.Report r = Rubble.warmUp(Duration.ofMillis(1)); // at least one round
        assertThat(r.rounds()).isGreaterThanOrEqualTo(1);
        assertThat(ballThroughWall()).isEqualTo(before);
    }

    /** A ball shot through a small fractured wall, 60 steps: the final state hash. */
    private static long ballThroughWall() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        CollectionAsset a = WorldDestruction.fracture(DestructionApiTest.WALL);
        w.destruction().place("wall", a, new Vector3d(0, 1, 0), new Quaterniond(), new double[] {50}, null);
        w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(0, 1, -3))
                .withLinearVelocity(new Vector3d(0, 0, 30)).withMass(80));
        w.step(60);
        assertThat(w.bodyCount()).isGreaterThan(3); // the wall broke
        return w.stateHash();
    }
}
