package dev.rubble.authoring.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.junit.jupiter.api.Test;

final class MeshesTest {
    @Test
    void exportedShapesAreClosedOutwardSurfacesOfTheRightVolume() {
        assertThat(Meshes.of(new Box(0.5, 1, 1.5), "b", 0, 0).volume()).isCloseTo(1 * 2 * 3, within(1e-12));
        // a 12 x 24 latitude-longitude sphere: polyhedron inscribed in the sphere, a little smaller
        double sphere = Meshes.of(new Sphere(2), "s", 0, 0).volume(), exact = 4.0 / 3 * Math.PI * 8;
        assertThat(sphere).isLessThan(exact).isGreaterThan(0.95 * exact);
        double capsule = Meshes.of(new Capsule(1, 2), "c", 0, 0).volume(), exactCapsule = 4.0 / 3 * Math.PI + Math.PI * 4;
        assertThat(capsule).isLessThan(exactCapsule).isGreaterThan(0.95 * exactCapsule);
        // a compound of two unit cubes, one turned 90 degrees about y and moved: volume 2
        double s = Math.sqrt(0.5);
        Compound c = new Compound(List.of(Compound.Child.at(new Box(0.5, 0.5, 0.5), 0, 0, 0),
                new Compound.Child(new Box(0.5, 0.5, 0.5), 3, 0, 0, 0, s, 0, s)));
        PieceMesh m = Meshes.of(c, "c", 0, 0);
        assertThat(m.volume()).isCloseTo(2, within(1e-12));
        assertThat(m.vertexCount()).isEqualTo(16);
        assertThat(Meshes.of(new Plane(0, 1, 0, 0), "p", 0, 0)).isNull();
    }
}
