package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.CollectionId;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Pieces made beyond the coordinate range (±1e9 m, the range of every body position): refused where user data
 * puts them there (a collection's placement), disabled in the step that releases them where the simulation does.
 * {@code TestAssets.chain(2, 1000)}: two 1 × 0.5 × 0.5 m boxes centred at x = 0 and x = 1 of the collection's
 * frame, the root's centre of mass at x = 0.5.
 */
final class ApiEdge2PiecesTest {
    private static final double DT = 1.0 / 60;

    private static PhysicsWorld restored(PhysicsWorld w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.saveSnapshot(out);
        return Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(out.toByteArray()));
    }

    @Test
    void aCollectionWhosePiecesLieBeyondTheRangeIsRefusedWhenPlacedNamingTheNode() throws IOException {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        double x = 1e9 - 0.6; // the origin and the root's centre (x + 0.5) inside, leaf 2 (x + 1) 0.4 m beyond
        // accepted before: leaf 2 broke off at 1e9 + 0.4 m and stayed there, enabled, until the next step
        assertThatThrownBy(() -> w.destruction().place("bar", TestAssets.chain(2, 1000), new Vector3d(x, 0, 0),
                new Quaterniond(), new double[] {1}, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("collection node 2 centre of mass = (" + (x + 1) + ", 0.0, 0.0)")
                .hasMessageContaining("allowed: each coordinate within ±1.0E9 m");
        assertThat(w.destruction().count()).as("nothing was placed").isZero();
        assertThat(w.bodyCount()).isZero();
        // turned half a turn about y the pieces lie at x - 0 and x - 1: inside
        CollectionId c = w.destruction().place("bar", TestAssets.chain(2, 1000), new Vector3d(x, 0, 0),
                new Quaterniond().rotationY(Math.PI), new double[] {1}, null);
        assertThat(w.centerOfMass(w.destruction().bodyOf(c, 0), new Vector3d()).x).isCloseTo(x - 0.5, within(1e-6));
        w.step();
        assertThat(restored(w).stateHash()).isEqualTo(w.stateHash());
    }

    @Test
    void aPieceReleasedBeyondTheRangeIsDisabledInTheStepThatReleasesIt() throws IOException {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        double x = 1e9 - 1.1; // root centre at 1e9 - 0.6, leaf 2 at 1e9 - 0.1: placed inside
        CollectionId c = w.destruction().place("bar", TestAssets.chain(2, 1000), new Vector3d(x, 0, 0),
                new Quaterniond(), new double[] {1e30}, null);
        BodyId root = w.destruction().bodyOf(c, 0);
        w.setVelocity(root, new Vector3d(12, 0, 0), new Vector3d()); // 0.2 m a step
        w.destruction().applyStrain(c, 1, Double.POSITIVE_INFINITY);
        w.destruction().applyStrain(c, 2, Double.POSITIVE_INFINITY);
        w.step();
        // the root moved 0.2 m (uniform motion) and broke: leaf 1 at 1e9 - 0.9, leaf 2 at 1e9 + 0.1
        BodyId leaf1 = w.destruction().bodyOf(c, 1), leaf2 = w.destruction().bodyOf(c, 2);
        assertThat(w.position(leaf1, new Vector3d()).x).isCloseTo(x + 12 * DT, within(1e-6));
        assertThat(w.position(leaf2, new Vector3d()).x).isCloseTo(x + 1 + 12 * DT, within(1e-6));
        // before: leaf 2 stayed enabled until the next step's guard, and this step's snapshot was refused as damaged
        assertThat(w.isDisabled(leaf2)).as("out of the world from the step that released it").isTrue();
        assertThat(w.isDisabled(leaf1)).isFalse();
        assertThat(w.lastProfile().nonFiniteBodies()).isEqualTo(1);
        PhysicsWorld again = restored(w);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
        w.step(5);
        again.step(5);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
        assertThat(w.position(leaf1, new Vector3d()).x).as("leaf 1 flies on").isCloseTo(x + 12 * 6 * DT, within(1e-6));
    }
}
