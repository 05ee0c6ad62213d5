package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rigid shapes the soft contacts do not handle are refused when soft bodies are added, naming the body. */
final class SoftShapesTest {

    @Test
    void aCompoundRigidBodyIsRefusedWithItsLabel() {
        World w = SoftWorldTest.world();
        Compound c = new Compound(List.of(new Compound.Child(new Box(0.2, 0.2, 0.2), 0, 0, 0, 0, 0, 0, 1),
                new Compound.Child(new Sphere(0.2), 0.4, 0, 0, 0, 0, 0, 1)));
        w.createBody(BodyDef.of(c).withMass(3).withPosition(0, 2, 0).withLabel("dumbbell"));
        SoftBodyDef d = new SoftBodyDef("jelly", CageBuilder.build(SoftWorldTest.box(0.3, 0.3, 0.3), new int[0], 500, 0, 1),
                SoftMaterial.rubber(), new double[] {0, 0.5, 0}, new double[] {0, 0, 0, 1}, new double[3], new int[0],
                new int[0], List.of());
        assertThatThrownBy(() -> w.addSoftBodies(List.of(d)))
                .hasMessageContaining("rigid body 'dumbbell' is a compound")
                .hasMessageContaining("allowed with soft bodies: sphere, box, capsule, convex hull, plane");
    }
}
