package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.BodyId;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Constraint calls of the public API on a collection's body that a break retired (constraints x destruction). */
final class JointsApiAcrossBreaksTest {

    @Test
    void aJointOnABrokenHoldersIdIsRefusedNamingTheBodyAndWhatToUseInstead() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        WorldDestruction d = w.destruction();
        CollectionId bar = d.place("bar", TestAssets.chain(3, 100), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {1e9}, null);
        w.step();
        BodyId whole = d.bodyOf(bar, 0);
        ConstraintId hinge = w.addConstraint(whole, null, ConstraintSpec.ball(new Vector3d(-0.5, 5, 0)));
        w.step();
        d.crumble(bar, 0);
        w.step();
        assertThat(w.contains(hinge)).as("the joint followed the piece at its anchor").isTrue();
        assertThat(w.constraintBreaks()).isEmpty();
        assertThat(d.isFree(bar, 1)).isTrue();
        assertThatThrownBy(() -> w.addConstraint(whole, null, ConstraintSpec.ball(new Vector3d(0, 5, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("constraint body a = " + whole)
                .hasMessageContaining("not a live body")
                .hasMessageContaining("allowed: live bodies")
                .hasMessageContaining("WorldDestruction.bodyOf(collection, node)");
        BodyId piece = d.bodyOf(bar, 3);
        assertThatThrownBy(() -> w.addConstraint(piece, whole, ConstraintSpec.ball(new Vector3d(2, 5, 0))))
                .hasMessageContaining("constraint body b = " + whole);
        int before = w.constraintCount();
        ConstraintId tied = w.addConstraint(piece, d.bodyOf(bar, 2), ConstraintSpec.ball(new Vector3d(1.5, 5, 0)));
        w.step();
        assertThat(w.contains(tied)).isTrue();
        assertThat(w.constraintCount()).isEqualTo(before + 1);
    }

    @Test
    void aJointWhosePieceIsRemovedIsDeliveredAsAConstraintBreakEvent() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        WorldDestruction d = w.destruction();
        CollectionId bar = d.place("bar", TestAssets.chain(3, 100), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {1e9}, null);
        w.setRemoveOnBreak(bar.index(), true, 0.1, 0.1, 0.05, 0.05);
        w.setEvents(dev.rubble.api.EventKind.CONSTRAINT_BREAK, true);
        java.util.List<String> seen = new java.util.ArrayList<>();
        w.addEventListener(ev -> {
            dev.rubble.api.EventView v = ev.of(dev.rubble.api.EventKind.CONSTRAINT_BREAK);
            for (int i = 0; i < v.count(); i++) {
                seen.add(v.constraint(i).id() + " from " + v.handleA(i));
            }
        });
        BodyId whole = d.bodyOf(bar, 0);
        ConstraintId hinge = w.addConstraint(whole, null, ConstraintSpec.ball(new Vector3d(-0.5, 5, 0)));
        w.step();
        d.crumble(bar, 0);
        w.step();
        BodyId leaf = d.bodyOf(bar, 1);
        assertThat(w.contains(hinge)).isTrue();
        assertThat(seen).isEmpty();
        w.step(30);
        assertThat(w.contains(hinge)).as("its piece's timer ran out").isFalse();
        assertThat(seen).containsExactly(hinge.id() + " from " + leaf.handle());
    }

    @Test
    void aJointOnAUnionsOwnBodyIsRefusedNamingAMemberAsTheWayToDoIt() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId a = w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Box(0.25, 0.25, 0.25))
                .withPosition(new Vector3d(0, 5, 0)));
        BodyId b = w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Box(0.25, 0.25, 0.25))
                .withPosition(new Vector3d(2, 5, 0)));
        w.unions().add(0, a);
        w.unions().add(0, b);
        w.step();
        BodyId union = w.unions().body(0);
        assertThatThrownBy(() -> w.addConstraint(union, null, ConstraintSpec.ball(new Vector3d(0, 5.25, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("constraint body a = " + union + " is cluster union 0's body")
                .hasMessageContaining("allowed: a member of the union");
        ConstraintId hook = w.addConstraint(a, null, ConstraintSpec.ball(new Vector3d(0, 5.25, 0)));
        w.step(30);
        assertThat(w.contains(hook)).isTrue();
        Vector3d p = new Vector3d();
        w.position(b, p);
        // b's centre keeps its distance to the pivot (a free fall would have taken it 1.2 m straight down: 2.5 m)
        assertThat(Math.hypot(p.x, p.y - 5.25)).as("the union hangs from its member's joint")
                .isCloseTo(Math.hypot(2, 0.25), org.assertj.core.api.Assertions.within(0.03));
    }

    @Test
    void aJointEndsWithABodyTheUserRemovesInsteadOfLingeringOnItsHandle() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId a = w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Box(0.25, 0.25, 0.25))
                .withPosition(new Vector3d(0, 5, 0)));
        BodyId b = w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Box(0.25, 0.25, 0.25))
                .withPosition(new Vector3d(0, 4, 0)));
        ConstraintId hook = w.addConstraint(a, null, ConstraintSpec.ball(new Vector3d(0, 5.25, 0)));
        ConstraintId link = w.addConstraint(b, a, ConstraintSpec.ball(new Vector3d(0, 4.5, 0)));
        w.step(10);
        w.removeBody(a);
        w.step();
        assertThat(w.contains(hook)).isFalse();
        assertThat(w.contains(link)).isFalse();
        assertThat(w.constraintCount()).isZero();
        assertThat(w.constraintBreaks()).as("a removal the user asked for is not a break").isEmpty();
        assertThat(w.isAsleep(b)).isFalse();
    }
}
