package dev.rubble.it.peers;

import static dev.rubble.it.peers.PeerWorlds.G;
import static dev.rubble.it.peers.PeerWorlds.floor;
import static dev.rubble.it.peers.PeerWorlds.position;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.EventKind;
import dev.rubble.api.EventView;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Jolt's {@code UnitTests/Physics/ContactListenerTests.cpp} (jrouwe/JoltPhysics), run on Rubble through its public
 * API. Jolt's {@code OnContactAdded}, {@code OnContactPersisted} and {@code OnContactRemoved} are Rubble's
 * {@code CONTACT_BEGIN} and {@code CONTACT_END} events and its contact listener (one call per touching pair per step,
 * docs/java-api.md "Listeners"); Jolt's order rules (the lower body id first, the normal from body 1 to body 2) are
 * Rubble's (docs/events.md: "A has the lower body index", normal from A to B).
 */
final class JoltContactListenerTestsTest {

    private static double dropFrom(PhysicsWorld w) {
        double h = w.timeStep();
        int n = (int) Math.round(1.0 / h);
        return 1 - 1e-4 + G * h * h * n * (n + 1) / 2; // at the floor (1e-4 in) after 1 s, as Jolt's test places it
    }

    // ---- TestContactListenerElastic ----

    @Test
    void testContactListenerElastic() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId floor = floor(w, 0.5, 0);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(1)).withPosition(new Vector3d(0, dropFrom(w), 0))
                .withMaterial(0.5, 1));
        w.setEvents(EventKind.CONTACT_BEGIN, true);
        w.setEvents(EventKind.CONTACT_END, true);
        int begins = 0, beginStep = -1;
        for (int i = 1; i <= 61; i++) {
            w.step();
            EventView b = w.events().of(EventKind.CONTACT_BEGIN);
            if (b.count() > 0) {
                begins += b.count();
                beginStep = i;
                // Jolt: the lowest id first, the normal moves body 2 out, one point, at the origin within the slop
                assertThat(b.bodyA(0)).isEqualTo(floor);
                assertThat(b.bodyB(0)).isEqualTo(ball);
                assertThat(b.normal(0, new Vector3d()).distance(0, 1, 0)).isLessThan(1e-9);
                assertThat(b.point(0, new Vector3d()).length()).isLessThan(0.02);
            }
            assertThat(w.events().count(EventKind.CONTACT_END)).isZero();
        }
        // Jolt adds the contact in step 61 (its ball is 1e-4 m into the floor after step 60 and is found then, Jolt
        // looking ahead a fixed 2 cm). Rubble looks ahead by the step's whole motion, gravity's fall included since
        // fuzz15e (docs/dynamics.md "Gravity's fall in the bounds"; before, the 2.7 mm of it at 60 Hz was left out of
        // the bounds, so the ball had no pair in step 60 and went 1e-4 m in, as Jolt's): its speculative contact of step
        // 60 stops the ball at the floor in the step it reaches it, and the begin event comes with that touch
        assertThat(begins).isEqualTo(1);
        assertThat(beginStep).isEqualTo(60);
        int ends = 0;
        for (int i = 0; i < 60; i++) {
            w.step();
            EventView e = w.events().of(EventKind.CONTACT_END);
            ends += e.count();
            if (e.count() > 0) {
                assertThat(e.bodyA(0)).isEqualTo(floor);
                assertThat(e.bodyB(0)).isEqualTo(ball);
            }
            assertThat(w.events().count(EventKind.CONTACT_BEGIN)).isZero();
        }
        assertThat(ends).as("Jolt: only a remove").isEqualTo(1);
    }

    // ---- TestContactListenerInelastic ----

    @Test
    void testContactListenerInelastic() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId floor = floor(w, 0.5, 0);
        double start = dropFrom(w);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(1)).withPosition(new Vector3d(0, start, 0))
                .withMaterial(0.5, 0));
        w.setEvents(EventKind.CONTACT_BEGIN, true);
        w.setEvents(EventKind.CONTACT_END, true);
        int[] calls = {0};
        w.addContactListener(c -> {
            assertThat(c.bodyA()).isEqualTo(floor);
            assertThat(c.bodyB()).isEqualTo(ball);
            assertThat(c.pointCount()).isEqualTo(1);
            calls[0]++;
        });
        int begins = 0;
        for (int i = 0; i < 61; i++) {
            w.step();
            begins += w.events().count(EventKind.CONTACT_BEGIN);
        }
        assertThat(begins).isEqualTo(1);
        assertThat(position(w, ball).y).isCloseTo(1, within(0.02)); // Jolt: the hit position within its slop
        // 10 steps at rest: persisted only, one listener call each
        calls[0] = 0;
        for (int i = 0; i < 10; i++) {
            w.step();
            assertThat(w.events().count(EventKind.CONTACT_BEGIN) + w.events().count(EventKind.CONTACT_END)).isZero();
        }
        assertThat(calls[0]).as("Jolt: 10 persists").isEqualTo(10);
        // let it sleep. Jolt removes the contact of a body that falls asleep and adds it again when it wakes; Rubble
        // keeps a sleeping island's contacts (docs/events.md: "a sleeping island's contacts do not end"), so it reports
        // neither
        int ends = 0;
        for (int i = 0; i < 60; i++) {
            w.step();
            ends += w.events().count(EventKind.CONTACT_END);
        }
        assertThat(w.isAsleep(ball)).isTrue();
        assertThat(ends).isZero();
        // awake and rolling at 1 m/s: 10 persists, no add or remove
        w.setVelocity(ball, new Vector3d(1, 0, 0), new Vector3d());
        calls[0] = 0;
        for (int i = 0; i < 10; i++) {
            w.step();
            assertThat(w.events().count(EventKind.CONTACT_BEGIN) + w.events().count(EventKind.CONTACT_END)).isZero();
        }
        assertThat(calls[0]).isEqualTo(10);
        // moved away from the floor: one remove
        w.setPose(ball, new Vector3d(0, start, 0), new Quaterniond());
        ends = 0;
        for (int i = 0; i < 10; i++) {
            w.step();
            ends += w.events().count(EventKind.CONTACT_END);
            assertThat(w.events().count(EventKind.CONTACT_BEGIN)).isZero();
        }
        assertThat(ends).isEqualTo(1);
    }

    // ---- TestWereBodiesInContact ----

    @Test
    void testWereBodiesInContact() {
        for (int sign = -1; sign <= 1; sign += 2) {
            PhysicsWorld w = PeerWorlds.jolt(1);
            BodyId floor = floor(w, 0.5, 0);
            // two spheres 4 m apart, so that one can leave the floor while the other still touches it
            Compound dumbbell = new Compound(List.of(Compound.Child.at(new Sphere(1), -2, 0, 0),
                    Compound.Child.at(new Sphere(1), 2, 0, 0)));
            BodyId body = w.addBody(BodySpec.dynamic(dumbbell).withPosition(new Vector3d(0, 0.999, 0)));
            int[] touching = {0};
            w.addContactListener(c -> touching[0]++);
            w.step();
            assertThat(touching[0]).as("in contact after the first step").isPositive();
            // an impulse under one sphere lifts it: the body still touches the floor with the other
            w.applyImpulse(body, new Vector3d(0, 10000, 0), new Vector3d(-sign * 2, 0, 0));
            w.step();
            touching[0] = 0;
            w.step();
            assertThat(touching[0]).as("sign %d: still in contact", sign).isPositive();
            // an impulse under the other lifts it too: no longer in contact
            w.applyImpulse(body, new Vector3d(0, 10000, 0), new Vector3d(sign * 2, 0, 0));
            w.step();
            touching[0] = 0;
            w.step();
            assertThat(touching[0]).as("sign %d: no longer in contact", sign).isZero();
            assertThat(w.contains(floor)).isTrue();
        }
    }
}
