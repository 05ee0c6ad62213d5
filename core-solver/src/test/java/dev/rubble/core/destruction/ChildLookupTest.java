package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import org.junit.jupiter.api.Test;

/**
 * Contact points find the child they hit through a BVH over a holder's children (more than 16),
 * both for an authored holder and for an internal cluster made at run time.
 */
final class ChildLookupTest {

    private static void fire(World w, double x, double vx) {
        w.createBody(BodyDef.of(new Sphere(0.2)).withMass(2).withPosition(x, 0, 0).withLinearVelocity(vx, 0, 0));
    }

    @Test
    void theEndBoxOfATwentyBoxBarGetsTheLoadBeforeAndAfterTheBarSplits() {
        World w = Scenes.world(0);
        CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
        double[] seen = new double[22];
        StrainModifier record = v -> {
            for (int i = 0; i < v.count(); i++) {
                seen[v.node()[i]] += v.collisionLoad()[i];
            }
        };
        w.destruction().place(TestAssets.chain(20, 1000), CollectionPlacement.at(0, 0, 0),
                new CollisionStrainTest.Fixed(1e9), new StrainModifier[] {spy, record});
        fire(w, -1.5, 10); // hits node 1 (the box at x = 0) of the intact bar
        Scenes.steps(w, 20);
        assertThat(seen[1]).isPositive();
        for (int n = 2; n <= 20; n++) {
            assertThat(seen[n]).as("node %d", n).isZero();
        }
        seen[1] = 0;
        World w2 = Scenes.world(0);
        w2.destruction().place(TestAssets.chain(20, 1000), CollectionPlacement.at(0, 0, 0),
                new CollisionStrainTest.Fixed(100), new StrainModifier[] {record});
        w2.queue(new Command.ExternalStrain(0, 1, 100)); // node 1 off: nodes 2..20 are an internal cluster
        w2.step();
        assertThat(w2.destruction().holderBody(0, 2)).isEqualTo(w2.destruction().holderBody(0, 20));
        fire(w2, 20.5, -10); // hits node 20 (the box at x = 19) of the internal cluster
        Scenes.steps(w2, 20);
        assertThat(seen[20]).isPositive();
        for (int n = 2; n < 20; n++) {
            assertThat(seen[n]).as("node %d", n).isZero();
        }
    }
}
