package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Box;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A cluster union split near the coordinate range's edge (±1e9 m): the union's body, its centre of mass in range,
 * carries a light member beyond the range; when the union comes apart in the DESTRUCTION slot without releasing a
 * piece (a kill field takes the heavy welded wall, the union is left with the light member and dissolves), the
 * member comes back where it was carried, beyond the range. It must be out of the world from that step, as a
 * piece released beyond the range is ({@link ApiEdge2PiecesTest}). Before, it stayed enabled until the next
 * step's guard, and a snapshot saved in between was refused by every restore.
 *
 * <p>Geometry (no gravity, uniform motion at 12 m/s, 0.2 m a step): the wall is {@code TestAssets.chain(2, 1000)},
 * two 250 kg 1 × 0.5 × 0.5 m leaves at x = 0 and 1 of its frame (centre of mass x = 0.5), placed at x0 = 1e9 − 2;
 * the 1 kg member is a 0.5 m cube touching the wall's end, centred at x0 + 1.75. The union is made in step 1; after
 * step 2 the wall's centre lies at 1e9 − 1.1 (the union's centre ≈ 1e9 − 1.0975: in range) and the cube's at
 * 1e9 + 0.15 (beyond). Step 3 kills the wall's two leaves (a box around them that leaves the cube out) and moves
 * everything 0.2 m on (the union's centre stays in range): the cube comes back at 1e9 + 0.35.
 */
final class UnionSplitRangeTest {
    private static final double X0 = 1e9 - 2, V = 12;

    private static PhysicsWorld restored(PhysicsWorld w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.saveSnapshot(out);
        return Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(out.toByteArray()));
    }

    @Test
    void aMemberAUnionSplitFreesBeyondTheRangeIsDisabledInTheStepThatFreesIt() throws IOException {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        CollectionId wall = w.destruction().place("wall", TestAssets.chain(2, 1000), new Vector3d(X0, 0, 0),
                new Quaterniond(), new double[] {1e30}, null);
        BodyId root = w.destruction().bodyOf(wall, 0);
        w.setVelocity(root, new Vector3d(V, 0, 0), new Vector3d());
        BodyId cube = w.addBody(BodySpec.dynamic(new Box(0.25, 0.25, 0.25)).withMass(1)
                .withPosition(new Vector3d(X0 + 1.75, 0, 0)).withLinearVelocity(new Vector3d(V, 0, 0)));
        w.unions().add(0, wall);
        w.unions().add(0, cube);
        w.step(2);
        BodyId union = w.unions().body(0);
        assertThat(union).as("welded").isNotNull();
        assertThat(w.centerOfMass(union, new Vector3d()).x).as("the union's centre, in range")
                .isCloseTo((500 * (1e9 - 1.1) + (1e9 + 0.15)) / 501, within(1e-3));
        assertThat(w.isDisabled(union)).isFalse();

        // a kill box around the wall's two leaves (centres 1e9 - 1.6 and 1e9 - 0.6), not the cube (1e9 + 0.15)
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(new Vector3d(1e9 - 1.1, 0, 0), new Vector3d(2, 1, 1)),
                FieldOptions.once());
        w.step();
        assertThat(w.unions().ids()).as("the union dissolved").isEmpty();
        assertThat(w.lastProfile().released()).as("no piece released: the wall's leaves were killed").isZero();
        assertThat(w.position(cube, new Vector3d()).x).as("where the union carried it").isCloseTo(1e9 + 0.35, within(1e-3));
        assertThat(w.lastProfile().nonFiniteBodies()).as("the cube, and only it").isEqualTo(1);
        // before: enabled until the next step's guard, and this step's snapshot was refused as damaged
        assertThat(w.isDisabled(cube)).as("out of the world from the step that freed it").isTrue();
        PhysicsWorld again = restored(w);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
        w.step(3);
        again.step(3);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
    }
}
