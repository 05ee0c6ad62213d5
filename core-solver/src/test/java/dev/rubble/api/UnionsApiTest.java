package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Cluster unions through {@link PhysicsWorld#unions()} (issue 29): merged motion and properties, leaving, placing a member. */
final class UnionsApiTest {

    @Test
    void weldKeepsMomentumAndMergesPropertiesAsTheSeedSays() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        // 1 kg at 4 m/s and 3 kg at 0 m/s, touching along x; the light one has no gravity and more damping
        BodyId a = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withMass(1).withPosition(new Vector3d(0, 5, 0))
                .withLinearVelocity(new Vector3d(4, 0, 0)).withGravityScale(0).withDamping(0.3, 0.1));
        BodyId b = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withMass(3).withPosition(new Vector3d(1, 5, 0))
                .withDamping(0.1, 0.2));
        // a free reference body far away: 1 m/s, no gravity, the larger damping (what the union should do)
        BodyId ref = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withMass(4).withPosition(new Vector3d(0, 50, 0))
                .withLinearVelocity(new Vector3d(1, 0, 0)).withGravityScale(0).withDamping(0.3, 0.2));
        w.unions().add(7, a);
        w.unions().add(7, b);
        assertThat(w.unions().ids()).isEmpty(); // applied at the start of the next step
        w.step();
        assertThat(w.unions().ids()).containsExactly(7);
        assertThat(w.unions().members(7)).containsExactly(a, b);
        assertThat(w.unions().unionOf(b)).isEqualTo(7);
        BodyId u = w.unions().body(7);
        assertThat(w.mass(u)).isCloseTo(4, offset(1e-12));
        // linear momentum 4 kg m/s over 4 kg; no gravity (AND); the centre keeps moving at 1 m/s
        assertThat(w.linearVelocity(u, new Vector3d()).x).isCloseTo(w.linearVelocity(ref, new Vector3d()).x, offset(1e-12))
                .isCloseTo(1, offset(0.01));
        assertThat(w.linearVelocity(u, new Vector3d()).y).isZero();
        var bodies = w.kernel().bodies();
        int us = bodies.slot(u.handle());
        assertThat(bodies.gravityScale[us]).isZero();
        assertThat(bodies.linearDamping[us]).isEqualTo(0.3);
        assertThat(bodies.angularDamping[us]).isEqualTo(0.2);
        // the off-centre momentum of the light box became spin about z: L = r x p = (-0.75, 0, 0) x (4, 0, 0) = 0
        assertThat(w.angularVelocity(u, new Vector3d()).length()).isCloseTo(0, offset(1e-12));
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        assertThat(w.position(u, new Vector3d()).y).isCloseTo(5, offset(1e-9));
        double vu = w.linearVelocity(u, new Vector3d()).x;
        w.unions().remove(7, a);
        w.step();
        assertThat(w.unions().ids()).isEmpty(); // one member left: the union dissolves
        // both leave with the union's velocity (then each is damped by its own damping for one step)
        assertThat(w.linearVelocity(a, new Vector3d()).x).isCloseTo(vu / (1 + 0.3 / 60), offset(vu * 1e-3));
        assertThat(w.linearVelocity(b, new Vector3d()).x).isCloseTo(vu / (1 + 0.1 / 60), offset(vu * 1e-3));
        assertThat(w.position(b, new Vector3d()).x - w.position(a, new Vector3d()).x).isCloseTo(1, offset(1e-4));
    }

    @Test
    void setChildToParentPlacesAMemberAddedInTheSameStep() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId a = floatingCube(w, 0, 5, 0);
        BodyId b = floatingCube(w, 1, 5, 0);
        BodyId c = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withMass(2).withPosition(new Vector3d(9, 9, 9)).withGravityScale(0));
        w.unions().add(0, a);
        w.unions().add(0, b);
        w.step();
        BodyId u0 = w.unions().body(0);
        Vector3d centre = w.position(u0, new Vector3d()); // (0.5, 5, 0): the union's frame, not turned
        // c joins and is placed 2 m above the union's centre in the same step (adds, then child-to-parent updates)
        w.unions().add(0, c);
        w.unions().setChildToParent(0, c, new Vector3d(0, 2, 0), new Quaterniond());
        w.step();
        assertThat(w.unions().members(0)).containsExactly(a, b, c);
        Vector3d at = w.position(c, new Vector3d());
        assertThat(at.x).isCloseTo(centre.x, offset(1e-9));
        assertThat(at.y).isCloseTo(centre.y + 2, offset(1e-9));
        assertThat(at.z).isCloseTo(centre.z, offset(1e-9));
        // the union's centre of mass: 1 + 1 kg at y 5, 2 kg at y 7
        assertThat(w.position(w.unions().body(0), new Vector3d()).y).isCloseTo(6, offset(1e-9));
    }

    @Test
    void setChildToParentPlacesAMemberOfAUnionMadeInTheSameStep() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId a = floatingCube(w, 0, 5, 0);
        BodyId b = floatingCube(w, 1, 5, 0);
        // the union is made by this very batch: before, the update found no frame and was dropped without a word
        w.unions().add(5, a);
        w.unions().add(5, b);
        w.unions().setChildToParent(5, b, new Vector3d(0, 2, 0), new Quaterniond());
        w.step();
        // the frame the union's first body gives it: the members' centre of mass (0.5, 5, 0), not turned; b 2 m
        // above it, a where it was, and the union's centre of mass between them
        Vector3d at = w.position(b, new Vector3d());
        assertThat(at.x).isCloseTo(0.5, offset(1e-9));
        assertThat(at.y).isCloseTo(7, offset(1e-9));
        assertThat(at.z).isCloseTo(0, offset(1e-9));
        assertThat(w.position(a, new Vector3d()).y).isCloseTo(5, offset(1e-9));
        Vector3d centre = w.position(w.unions().body(5), new Vector3d());
        assertThat(centre.x).isCloseTo(0.25, offset(1e-9));
        assertThat(centre.y).isCloseTo(6, offset(1e-9));
        // a place beyond the coordinate range in the world (the frame is known only when the batch runs): not made
        BodyId c = floatingCube(w, 0, 9e8, 0);
        BodyId e = floatingCube(w, 1, 9e8, 0);
        w.unions().add(6, c);
        w.unions().add(6, e);
        w.unions().setChildToParent(6, e, new Vector3d(0, 5e8, 0), new Quaterniond());
        w.step();
        assertThat(w.contains(w.unions().body(6))).isTrue();
        assertThat(w.position(e, new Vector3d()).y).isCloseTo(9e8, offset(1e-6));
    }

    @Test
    void setChildToParentMovesAMemberInTheUnion() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId a = floatingCube(w, 0, 5, 0);
        BodyId b = floatingCube(w, 1, 5, 0);
        w.unions().add(0, a);
        w.unions().add(0, b);
        w.step();
        // b 3 m from the union's centre (was 0.5): the centre of mass moves to the middle, 1.5 m from each
        w.unions().setChildToParent(0, b, new Vector3d(3, 0, 0), new Quaterniond());
        w.step();
        BodyId u = w.unions().body(0);
        assertThat(w.position(u, new Vector3d()).x).isCloseTo(0.5 + 1.25, offset(1e-9));
        var bodies = w.kernel().bodies();
        int us = bodies.slot(u.handle());
        double izz = 2 * (1.0 / 6) + 2 * 1 * 1.75 * 1.75; // two unit cubes 3.5 m apart about their middle
        double[] got = {1 / bodies.invIx[us], 1 / bodies.invIy[us], 1 / bodies.invIz[us]};
        java.util.Arrays.sort(got);
        assertThat(got[2]).isCloseTo(izz, offset(1e-9));
    }

    @Test
    void badMembersAreRefusedAtOnce() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId floor = w.addBody(BodySpec.fixed(new Box(5, 0.5, 5))); // a static body may join (it holds the union static)
        assertThatThrownBy(() -> w.unions().add(-2, floor)).hasMessageContaining("union = -2");
        assertThatThrownBy(() -> w.unions().add(0, new CollectionId(3))).hasMessageContaining("collection = 3");
    }

    /** A 1 kg cube of 1 m, without gravity, at (x, y, z). */
    private static BodyId floatingCube(PhysicsWorld w, double x, double y, double z) {
        return w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withMass(1).withPosition(new Vector3d(x, y, z))
                .withGravityScale(0));
    }
}
