package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.QueryHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A fourth outsider's pass over the Java API, at its edges: values at the ends of their ranges, ids of
 * things that are gone, calls from inside a step. Expected values are worked out by hand (uniform motion,
 * a sphere's touching distance from a plane).
 */
final class ApiEdgeTest {
    private static final double DT = 1.0 / 60;

    /** A 20 × 1 × 20 m ground box whose top face is the plane y = 0. */
    private static PhysicsWorld withGround(WorldConfig config) {
        PhysicsWorld w = Rubble.newWorld(config);
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        return w;
    }

    private static PhysicsWorld restored(PhysicsWorld w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.saveSnapshot(out);
        return Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(out.toByteArray()));
    }

    @Test
    void aUnionMemberPlacedBeyondTheCoordinateRangeIsRefusedAtTheCallInsteadOfBreakingTheStep() throws IOException {
        PhysicsWorld w = withGround(WorldConfig.defaults());
        BodyId a = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 2, 0)));
        BodyId b = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(1, 2, 0)));
        w.unions().add(0, a);
        w.unions().add(0, b);
        w.step();
        BodyId union = w.unions().body(0);
        assertThat(union).isNotNull();
        // accepted before: 1e300 m gave the union an overflowing inertia, the rebuild threw from the next step with
        // the union's body gone, and the world could no longer save a snapshot ("union 0 body = -1:-1 names no
        // slot"); 1e12 m carried the union's body to 5e11 m, a snapshot every restore refused as damaged
        for (double far : new double[] {1e300, 1e12, 1.0000001e9}) {
            assertThatThrownBy(() -> w.unions().setChildToParent(0, a, new Vector3d(0, far, 0), new Quaterniond()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("child-to-parent position")
                    .hasMessageContaining(String.valueOf(far)).hasMessageContaining("allowed: each within ±1.0E9 m");
        }
        w.step(3);
        assertThat(w.unions().body(0)).as("nothing was queued: the union is untouched").isEqualTo(union);
        assertThat(restored(w).stateHash()).isEqualTo(w.stateHash());
        // the edge of the range is a position like any other
        w.unions().setChildToParent(0, a, new Vector3d(0, 0, 1e9), new Quaterniond());
        w.step();
        assertThat(restored(w).stateHash()).isEqualTo(w.stateHash());
    }

    @Test
    void aBodyCarriedBeyondTheCoordinateRangeIsDisabledSoItsWorldStillSavesASnapshotThatRestores() throws IOException {
        PhysicsWorld w = withGround(WorldConfig.defaults().withGravity(new Vector3d()));
        // 1 m inside the range at 400 m/s: beyond it after the first step (400 / 60 = 6.67 m)
        BodyId shot = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(1e9 - 1, 0, 0))
                .withLinearVelocity(new Vector3d(400, 0, 0)));
        BodyId far = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(-1e9 + 100, 3, 0))
                .withLinearVelocity(new Vector3d(-400, 0, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0))
                .withLinearVelocity(new Vector3d(2, 0, 0)));
        w.step();
        assertThat(w.isDisabled(shot)).as("out of the world after its first step").isTrue();
        assertThat(w.lastProfile().nonFiniteBodies()).isEqualTo(1);
        Vector3d p = w.position(shot, new Vector3d());
        assertThat(p.x).as("where the step left it").isCloseTo(1e9 - 1 + 400 * DT, within(1e-6));
        assertThat(w.linearVelocity(shot, new Vector3d()).length()).as("a disabled body is at rest").isZero();
        w.step(14);
        // 100 m from the edge at 400 m/s: inside for 15 steps (100 m), beyond after the 16th
        assertThat(w.isDisabled(far)).isFalse();
        assertThat(w.position(far, p).x).isCloseTo(-1e9 + 100 - 400 * 15 * DT, within(1e-6));
        w.step();
        assertThat(w.isDisabled(far)).isTrue();
        assertThat(w.isDisabled(ball)).isFalse();
        assertThat(w.position(ball, p).x).as("the others move on, uniformly").isCloseTo(2 * 16 * DT, within(1e-9));
        // before, the save succeeded and every restore refused it: "snapshot stream is damaged: body slot 1
        // position = (1.0000000056666666E9, 0.0, 0.0); allowed: finite, within ±1.0E9"
        PhysicsWorld again = restored(w);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
        w.step(10);
        again.step(10);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
    }

    @Test
    void aDynamicBodyWhoseCentreOfMassLiesBeyondTheRangeIsRefusedWhereItsOriginWouldBeAccepted() throws IOException {
        PhysicsWorld w = withGround(WorldConfig.defaults());
        // a tetrahedron 2e9 m out along x, its origin at 0: centroid (2e9 + 1/4, 1/4, 1/4). Accepted before, its
        // world's snapshot was refused as damaged (for ever when it started asleep: only moving bodies are checked)
        ConvexHull far = QuickHull.of(new double[] {2e9, 0, 0, 2e9 + 1, 0, 0, 2e9, 1, 0, 2e9, 0, 1});
        for (BodySpec spec : new BodySpec[] {BodySpec.dynamic(far), BodySpec.dynamic(far).asleep()}) {
            assertThatThrownBy(() -> w.addBody(spec)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("centre of mass = (2.00000000025E9, 0.25, 0.25)")
                    .hasMessageContaining("allowed: each coordinate within ±1.0E9 m");
        }
        assertThat(w.bodyCount()).as("nothing was created").isEqualTo(1);
        // a sphere 6e8 m out along z in its compound, its origin at z = 6e8: the centre is at 1.2e9 m, refused;
        // turned half a turn about x the centre comes back to the origin of the world, accepted
        Compound out = new Compound(List.of(new Compound.Child(new Sphere(1), 0, 0, 6e8, 0, 0, 0, 1)));
        BodySpec atEdge = BodySpec.dynamic(out).withPosition(new Vector3d(0, 0, 6e8));
        assertThatThrownBy(() -> w.addBody(atEdge)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("centre of mass = (0.0, 0.0, 1.2E9)");
        BodyId back = w.addBody(atEdge.withOrientation(new Quaterniond().rotationX(Math.PI)));
        assertThat(w.centerOfMass(back, new Vector3d()).length()).isLessThan(1e-6);
        assertThat(restored(w).stateHash()).isEqualTo(w.stateHash());
    }

    @Test
    void anIdOfARemovedBodyIsRefusedByEveryCallSayingWhyEvenWhenItsSlotHoldsANewBody() {
        PhysicsWorld w = withGround(WorldConfig.defaults());
        BodyId gone = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)));
        w.removeBody(gone);
        w.step();
        BodyId next = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(4, 3, 0)));
        assertThat(next.handle() & 0xffffffffL).as("the slot is reused").isEqualTo(gone.handle() & 0xffffffffL);
        assertThat(w.contains(gone)).isFalse();
        Vector3d v = new Vector3d(0, 1, 0);
        // the message named the handle only ("body handle 1:0 is not a live body"): now why, and what is allowed
        for (Runnable call : new Runnable[] {() -> w.position(gone, new Vector3d()), () -> w.applyImpulse(gone, v),
                () -> w.setVelocity(gone, v, v), () -> w.removeBody(gone), () -> w.setBodyEvents(gone),
                () -> w.isCollisionIgnored(gone, next)}) {
            assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("1:0 is not a live body (removed; its slot now holds 1:1)")
                    .hasMessageContaining("allowed: ");
        }
        assertThatThrownBy(() -> w.mass(new BodyId(99))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("99:0 is not a live body (never created in this world)");
        PhysicsWorld reference = withGround(WorldConfig.defaults());
        reference.removeBody(reference.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0))));
        reference.step();
        reference.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(4, 3, 0)));
        w.step(30);
        reference.step(30);
        assertThat(w.stateHash()).as("nothing reached the body in the reused slot").isEqualTo(reference.stateHash());
    }

    @Test
    void raysAndCastsTakeDirectionsAndTranslationsOfAnyFiniteLength() {
        PhysicsWorld w = withGround(WorldConfig.defaults());
        QueryHit hit = new QueryHit();
        // "direction of any length" (docs/java-api.md): 1e200 was refused as not finite, 1e-200 as zero
        for (double len : new double[] {1e200, 1e-200, 1}) {
            assertThat(w.rayCast(new Vector3d(0, 5, 0), new Vector3d(0, -len, 0), 100, hit)).as("length %s", len).isTrue();
            assertThat(hit.distance()).as("length %s", len).isCloseTo(5, within(1e-9));
        }
        // a sphere of radius 0.5 swept down from y = 5 touches the top face y = 0 after 4.5 m; along 1e300 m the
        // distance came out infinite (the translation's length overflowed)
        for (double len : new double[] {1e300, 10}) {
            assertThat(w.shapeCast(new Sphere(0.5), new Vector3d(0, 5, 0), new Quaterniond(), new Vector3d(0, -len, 0), hit))
                    .isTrue();
            assertThat(hit.distance()).as("length %s", len).isCloseTo(4.5, within(1e-6));
            assertThat(hit.fraction()).as("length %s", len).isCloseTo(4.5 / len, within(1e-6 / len));
        }
        // a hinge axis is a direction too
        assertThat(ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 1e-200, 0)).frameA()[3])
                .isEqualTo(ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 1, 0)).frameA()[3]);
    }
}
