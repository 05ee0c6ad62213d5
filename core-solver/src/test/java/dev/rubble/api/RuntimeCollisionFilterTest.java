package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 3 at run time: {@link PhysicsWorld#setCollisionFilter} and
 * {@link PhysicsWorld#setIgnoreCollision} are commands applied at the next step. Oracles: a body
 * whose support is filtered away falls freely from rest ({@code y0 - g dt² k (k + 1) / 2} after k
 * steps under semi-implicit Euler); a body that ignores the box under it lands on the ground beside
 * it (at the ground plus its half height); a snapshot keeps the ignored pairs, so the restored world
 * and the uninterrupted one stay bit-identical while a world without the pair does not.
 */
final class RuntimeCollisionFilterTest {
    private static final double G = 9.81;

    private static PhysicsWorld groundWorld() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        return w;
    }

    @Test
    void aRestingBodyWhoseMaskDropsTheGroundFallsFreelyFromTheNextStep() {
        PhysicsWorld w = groundWorld();
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 0.5, 0)));
        w.step(240); // rests, and falls asleep
        assertThat(w.isAsleep(ball)).isTrue();
        double y0 = w.position(ball, new Vector3d()).y;
        assertThat(y0).isCloseTo(0.5, within(0.02));
        w.setCollisionFilter(ball, 2, ~1); // ground is on layer 1
        assertThat(w.collisionMask(ball)).as("queued, not applied yet").isEqualTo(-1);
        double dt = w.timeStep();
        for (int k = 1; k <= 30; k++) {
            w.step();
            assertThat(w.position(ball, new Vector3d()).y).as("step %d after the filter", k)
                    .isCloseTo(y0 - G * dt * dt * k * (k + 1) / 2.0, within(1e-9));
        }
        assertThat(w.collisionLayer(ball)).isEqualTo(2);
        assertThat(w.collisionMask(ball)).isEqualTo(~1);
        assertThat(w.kernel().pairsTested()).as("the filtered pair never reaches the narrowphase").isZero();
    }

    @Test
    void anIgnoredPairPassesThroughAndLandsOnTheGroundThenTheIgnoreIsForgottenWithTheBody() {
        PhysicsWorld w = groundWorld();
        BodyId low = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 0.5, 0)));
        BodyId top = w.addBody(BodySpec.dynamic(new Box(0.3, 0.3, 0.3)).withPosition(new Vector3d(0, 1.3, 0)));
        w.step(60);
        assertThat(w.position(top, new Vector3d()).y).as("stacked").isCloseTo(1.3, within(0.02));
        w.setIgnoreCollision(top, low, true);
        assertThat(w.isCollisionIgnored(low, top)).isFalse();
        w.step(240);
        assertThat(w.isCollisionIgnored(low, top)).isTrue();
        assertThat(w.isCollisionIgnored(top, low)).isTrue();
        assertThat(w.position(top, new Vector3d()).y).as("on the ground, inside the box it ignores").isCloseTo(0.3, within(0.02));
        assertThat(w.position(low, new Vector3d()).y).isCloseTo(0.5, within(0.02));
        w.removeBody(low);
        w.step();
        assertThat(w.kernel().bodies().ignoredPairs.size()).as("forgotten with the removed body").isZero();
    }

    @Test
    void ignoringAPairAgainCollidesAgain() {
        PhysicsWorld w = groundWorld();
        BodyId low = w.addBody(BodySpec.fixed(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 0.5, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(0, 3, 0)));
        w.setIgnoreCollision(ball, low, true);
        w.setIgnoreCollision(ball, low, false); // the last command of the step wins
        w.step(180);
        assertThat(w.position(ball, new Vector3d()).y).as("rests on the box").isCloseTo(1.25, within(0.02));
    }

    @Test
    void aSnapshotKeepsTheIgnoredPairs(@TempDir Path dir) throws Exception {
        PhysicsWorld w = groundWorld();
        BodyId low = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 0.5, 0)));
        BodyId top = w.addBody(BodySpec.dynamic(new Box(0.3, 0.3, 0.3)).withPosition(new Vector3d(0.1, 1.3, 0)));
        w.step(30);
        w.setIgnoreCollision(top, low, true);
        w.step(); // applied
        Path file = dir.resolve("s.rsnap");
        w.saveSnapshot(file);
        PhysicsWorld r = Rubble.restoreWorld(file);
        assertThat(r.kernel().bodies().ignoredPairs.size()).isEqualTo(1);
        w.step(60);
        r.step(60);
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
        assertThat(r.position(top, new Vector3d()).y).isCloseTo(w.position(top, new Vector3d()).y, within(0.0));
        // the pair matters: the same world restored and then told to collide again differs
        PhysicsWorld c = Rubble.restoreWorld(file);
        c.setIgnoreCollision(top, low, false);
        c.step(60);
        assertThat(c.stateHash()).isNotEqualTo(w.stateHash());
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsQueued() {
        PhysicsWorld w = groundWorld();
        BodyId a = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 2, 0)));
        assertThatThrownBy(() -> w.setIgnoreCollision(a, a, true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("twice");
        BodyId gone = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(3, 2, 0)));
        w.removeBody(gone);
        w.step();
        assertThatThrownBy(() -> w.setCollisionFilter(gone, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.setIgnoreCollision(a, gone, true)).isInstanceOf(IllegalArgumentException.class);
        assertThat(w.kernel().context().queuedCommands()).isEmpty();
    }
}
