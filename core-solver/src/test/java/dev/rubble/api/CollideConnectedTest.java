package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Box2D's {@code collideConnected} on constraints (docs/constraints.md, "Contacts between joined bodies"):
 * two unit cubes overlapping by 0.2 m, joined by a ball joint in the overlap, in zero gravity. With the
 * bodies' contacts off nothing acts on them (the joint is satisfied where it was made), so they must not
 * move at all; with contacts on, the penetration is pushed out against the joint. The switch lasts while
 * the constraint exists, names only its own pair, and survives a snapshot.
 */
class CollideConnectedTest {
    private static final double OVERLAP = 0.2;

    private static PhysicsWorld zeroGravity() {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
    }

    /** A unit cube at x = {@code x}. */
    private static BodyId cube(PhysicsWorld w, double x) {
        return w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(x, 0, 0)));
    }

    private static ConstraintSpec joint() {
        return ConstraintSpec.ball(new Vector3d(0.5 - OVERLAP / 2, 0, 0));
    }

    private static double speed(PhysicsWorld w, BodyId b) {
        return w.linearVelocity(b, new Vector3d()).length() + w.angularVelocity(b, new Vector3d()).length();
    }

    private static double distance(PhysicsWorld w, BodyId a, BodyId b) {
        return w.position(a, new Vector3d()).distance(w.position(b, new Vector3d()));
    }

    @Test
    void jointBodiesWithContactsOffStayExactlyWhereTheyWere() {
        PhysicsWorld w = zeroGravity();
        BodyId a = cube(w, 0), b = cube(w, 1 - OVERLAP);
        ConstraintSpec spec = joint().collideConnected(false);
        assertThat(spec.collidesConnected()).isFalse();
        assertThat(joint().collidesConnected()).as("the default keeps the contacts").isTrue();
        w.addConstraint(a, b, spec);
        for (int k = 0; k < 120; k++) {
            w.step();
            assertThat(speed(w, a) + speed(w, b)).as("speed at step %d", k).isZero();
        }
        assertThat(w.position(a, new Vector3d()).x).isZero();
        assertThat(w.position(b, new Vector3d()).x).isEqualTo(1 - OVERLAP);
    }

    @Test
    void withContactsOnThePenetrationFightsTheJoint() {
        PhysicsWorld w = zeroGravity();
        BodyId a = cube(w, 0), b = cube(w, 1 - OVERLAP);
        w.addConstraint(a, b, joint());
        double fastest = 0;
        for (int k = 0; k < 60; k++) {
            w.step();
            fastest = Math.max(fastest, speed(w, a) + speed(w, b));
        }
        assertThat(fastest).as("the contact pushes the overlapping cubes").isGreaterThan(0.01);
    }

    @Test
    void removingTheConstraintLetsThePairCollideAgain() {
        PhysicsWorld w = zeroGravity();
        BodyId a = cube(w, 0), b = cube(w, 1 - OVERLAP);
        ConstraintId j = w.addConstraint(a, b, joint().collideConnected(false));
        w.step(30);
        assertThat(distance(w, a, b)).isEqualTo(1 - OVERLAP);
        w.removeConstraint(j);
        w.step(240);
        // nothing holds them now: the contact pushes the overlap out until the faces touch (soft contact at
        // rest: within a centimetre of touching, and not flung apart). Before the bodies' rest time restarted
        // with the removal, they went back to sleep after one step, 17 cm inside each other.
        double d = distance(w, a, b);
        assertThat(d).as("centre distance %s", d).isBetween(0.99, 1.05);
    }

    /**
     * The same edge without constraints: two overlapping cubes whose contacts were switched off with
     * {@code setIgnoreCollision} rest for 0.5 s (the default time to sleep), then the pair is switched
     * back on, or one cube is teleported into the other. They must be pushed apart, not go back to sleep
     * inside each other a step later (which they did: the push moves the bodies but leaves them no
     * velocity, so a body whose rest time was nearly up looked at rest; measured 17 cm deep for good).
     */
    @Test
    void contactsSwitchedBackOnOrATeleportIntoAnotherBodyPushApartBeforeTheySleep() {
        PhysicsWorld w = zeroGravity();
        BodyId a = cube(w, 0), b = cube(w, 1 - OVERLAP);
        w.setIgnoreCollision(a, b, true);
        w.step(30);
        w.setIgnoreCollision(a, b, false);
        w.step(120);
        assertThat(distance(w, a, b)).as("pushed apart after the pair was switched back on").isBetween(0.99, 1.05);

        PhysicsWorld t = zeroGravity();
        BodyId c = cube(t, 0), d = cube(t, 3);
        t.step(30);
        t.setPose(d, new Vector3d(1 - OVERLAP, 0, 0), new org.joml.Quaterniond());
        t.step(120);
        assertThat(distance(t, c, d)).as("pushed apart after the teleport").isBetween(0.99, 1.05);
    }

    @Test
    void aSecondConstraintWithContactsOffKeepsThemOffAndOtherPairsStillCollide() {
        PhysicsWorld w = zeroGravity();
        BodyId a = cube(w, 0), b = cube(w, 1 - OVERLAP);
        // a third cube overlapping b from the other side, not joined to it
        BodyId c = cube(w, 2 * (1 - OVERLAP));
        ConstraintId first = w.addConstraint(a, b, joint().collideConnected(false));
        w.addConstraint(b, a, ConstraintSpec.ball(new Vector3d(0.4, 0.3, 0)).collideConnected(false));
        w.step(10);
        w.removeConstraint(first); // the pair is still joined by the second one: still no contact
        w.step(200);
        assertThat(distance(w, b, c)).as("b and c are pushed apart").isGreaterThan(1 - OVERLAP + 0.05);
        // a and b move only as one rigid pair (two ball joints weld them): their distance is unchanged
        assertThat(distance(w, a, b)).isCloseTo(1 - OVERLAP, org.assertj.core.data.Offset.offset(5e-3));
    }

    @Test
    void aRestoredWorldKeepsTheContactsOffAndContinuesBitForBit(@TempDir Path dir) throws Exception {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId a = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 2, 0)));
        BodyId b = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(1 - OVERLAP, 2, 0)));
        w.addConstraint(a, b, ConstraintSpec.hinge(new Vector3d(0.4, 2, 0), new Vector3d(0, 0, 1))
                .collideConnected(false));
        w.step(20);
        Path file = dir.resolve("joined.snap");
        w.saveSnapshot(file);
        PhysicsWorld restored = Rubble.restoreWorld(file);
        for (int k = 0; k < 150; k++) {
            w.step();
            restored.step();
            assertThat(restored.stateHash()).as("step %d after the restore", k).isEqualTo(w.stateHash());
        }
        // the hinged pair fell and lies on the ground still overlapping by the same 0.2 m
        BodyId ra = new BodyId(a.handle()), rb = new BodyId(b.handle());
        assertThat(distance(restored, ra, rb)).isCloseTo(1 - OVERLAP, org.assertj.core.data.Offset.offset(1e-3));
    }
}
