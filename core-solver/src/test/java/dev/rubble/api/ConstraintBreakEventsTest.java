package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: constraint breaks are a kind of the events system ({@link EventKind#CONSTRAINT_BREAK}):
 * switched on globally or per body, filtered like the other kinds, delivered to listeners in the
 * step they break, with the constraint, the bodies, force, torque and body A's anchor.
 */
final class ConstraintBreakEventsTest {

    /** A box welded to the world at (1, 0, 0) with a 50 N threshold, pulled along x by a load growing 10 N/s. */
    private static final class Rig {
        final PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        final BodyId box = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withMass(2).withDamping(0, 0)
                .withPosition(new Vector3d(1, 0, 0)));
        final BodyId other = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withMass(1)
                .withPosition(new Vector3d(5, 0, 0)));
        final ConstraintId weld = w.addConstraint(box, null, ConstraintSpec.fixed(new Vector3d(1.2, 0, 0)).breakForce(50));
        final List<String> heard = new ArrayList<>();
        long stepHeard = -1;
        double force, torque, massA, massB;
        ConstraintId id;
        BodyId a, b;
        final Vector3d point = new Vector3d();

        Rig() {
            w.addEventListener(ev -> {
                EventView v = ev.of(EventKind.CONSTRAINT_BREAK);
                for (int i = 0; i < v.count(); i++) {
                    heard.add(v.kind().label());
                    stepHeard = w.stepIndex() - 1;
                    id = v.constraint(i);
                    force = v.force(i);
                    torque = v.torque(i);
                    massA = v.massA(i);
                    massB = v.massB(i);
                    a = v.bodyA(i);
                    b = v.bodyB(i);
                    v.point(i, point);
                }
            });
        }

        /** Steps with the growing load until the weld breaks (or 400 steps); the step it broke in, or -1. */
        long run() {
            for (int k = 0; k < 400; k++) {
                w.applyForce(box, new Vector3d(10 * k * w.timeStep(), 0, 0));
                w.step();
                if (!w.constraintBreaks().isEmpty()) {
                    return w.constraintBreaks().get(0).step();
                }
            }
            return -1;
        }
    }

    @Test
    void aBreakIsDeliveredToListenersInItsStepWithItsConstraintBodiesForceAndAnchor() {
        Rig r = new Rig();
        r.w.setEvents(EventKind.CONSTRAINT_BREAK, true);
        long broke = r.run();
        assertThat(broke).as("the first step whose load is over 50 N is step 301").isBetween(300L, 302L);
        assertThat(r.heard).containsExactly("constraint-break");
        assertThat(r.stepHeard).isEqualTo(broke);
        assertThat(r.id).isEqualTo(r.weld);
        assertThat(r.force).isCloseTo(50, within(0.5)).isEqualTo(r.w.constraintBreaks().get(0).force());
        assertThat(r.torque).isEqualTo(r.w.constraintBreaks().get(0).torque());
        assertThat(r.a).isEqualTo(r.box);
        assertThat(r.b).as("the world").isNull();
        assertThat(r.massA).isEqualTo(2);
        assertThat(r.massB).isInfinite();
        // the anchor was at (1.2, 0, 0) on the box, which the load had barely moved
        assertThat(r.point.x).isCloseTo(1.2, within(0.01));
        assertThat(r.point.y).isCloseTo(0, within(1e-9));
        // the step after: nothing more
        r.w.step();
        assertThat(r.w.events().of(EventKind.CONSTRAINT_BREAK).count()).isZero();
    }

    @Test
    void offByDefaultAndPerBodySwitchesAndFiltersApply() {
        Rig off = new Rig();
        off.run();
        assertThat(off.heard).as("nothing is switched on").isEmpty();

        Rig other = new Rig();
        other.w.setBodyEvents(other.other, EventKind.CONSTRAINT_BREAK);
        other.run();
        assertThat(other.heard).as("switched on for a body the weld does not join").isEmpty();

        Rig mine = new Rig();
        mine.w.setBodyEvents(mine.box, EventKind.CONSTRAINT_BREAK);
        mine.run();
        assertThat(mine.heard).as("switched on for the welded box").hasSize(1);

        Rig strong = new Rig();
        strong.w.setEvents(EventKind.CONSTRAINT_BREAK, true);
        strong.w.setEventFilter(EventKind.CONSTRAINT_BREAK, EventFilter.defaults(EventKind.CONSTRAINT_BREAK).minImpulse(60));
        assertThat(strong.run()).as("it still breaks").isPositive();
        assertThat(strong.heard).as("a 50 N break is under the 60 N filter").isEmpty();

        Rig far = new Rig();
        far.w.setEvents(EventKind.CONSTRAINT_BREAK, true);
        far.w.setEventFilter(EventKind.CONSTRAINT_BREAK, EventFilter.defaults(EventKind.CONSTRAINT_BREAK)
                .maxDistance(new Vector3d(1.2, 0, 0), 0.5));
        far.run();
        assertThat(far.heard).as("within 0.5 m of the anchor").hasSize(1);
    }

    @Test
    void theKindHasItsLabelAfterTheOthers() {
        assertThat(EventKind.byLabel("constraint-break", "kind")).isEqualTo(EventKind.CONSTRAINT_BREAK);
        assertThat(EventKind.values()[EventKind.values().length - 1]).isEqualTo(EventKind.CONSTRAINT_BREAK);
        assertThat(EventKind.CONSTRAINT_BREAK.ordinal()).isEqualTo(11);
    }
}
