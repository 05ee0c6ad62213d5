package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.event.EventState;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/**
 * Destruction events of the EVENTS slot (docs/events.md): break, crumble (one per cluster with its
 * children), collection broken, trailing (while a piece is at or above the trailing speed, not
 * after) and removal, with global and per-collection switches.
 */
final class DestructionEventsTest {

    private static void on(World w, int kind) {
        w.queue(new Command.SetEventRequest(kind, EventRequest.defaults(kind).withGlobal(true)));
    }

    private static EventBuffer buf(World w, int kind) {
        return w.context().events.buffer(kind);
    }

    @Test
    void aBreakCarriesThePieceAndTrailingStopsWhenItSlows() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(4, 100), CollectionPlacement.at(0, 0.25, 0));
        on(w, EventKinds.BREAK);
        on(w, EventKinds.TRAILING);
        Scenes.steps(w, 10);
        assertThat(buf(w, EventKinds.BREAK).count()).isZero();
        w.queue(new Command.ExternalStrain(c, 4, Double.POSITIVE_INFINITY)); // the last box (x = 3) breaks off
        w.step();
        EventBuffer br = buf(w, EventKinds.BREAK);
        assertThat(br.count()).as("the piece, then the rest as a new cluster").isEqualTo(2);
        int piece = br.ints[EventBuffer.NODE][0] == 4 ? 0 : 1;
        assertThat(br.ints[EventBuffer.NODE][piece]).isEqualTo(4);
        assertThat(br.ints[EventBuffer.COLLECTION][piece]).isEqualTo(c);
        assertThat(br.ints[EventBuffer.CAUSE][piece]).isEqualTo(BreakEvents.BREAK);
        assertThat(br.d[EventBuffer.MASS_A][piece]).isCloseTo(100 * 1.0 * 0.5 * 0.5, offset(1e-9));
        assertThat(br.d[EventBuffer.VOLUME][piece]).isCloseTo(0.25, offset(1e-9));
        assertThat(br.d[EventBuffer.LOAD][piece]).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(br.d[EventBuffer.PX][piece]).isCloseTo(3, offset(1e-6));
        assertThat(br.d[EventBuffer.MAX_X][piece] - br.d[EventBuffer.MIN_X][piece]).isGreaterThanOrEqualTo(1.0);
        long body = br.ids[EventBuffer.A][piece];
        assertThat(buf(w, EventKinds.TRAILING).count()).as("released at rest: not trailing").isZero();

        // the piece slides off at 4 m/s and friction slows it: trailing exactly while it is at or above 0.5 m/s
        w.queue(new Command.SetVelocity(body, 4, 0, 0, 0, 0, 0));
        BodyStore b = w.bodies();
        int s = b.slot(body), trailingSteps = 0, lastTrailing = -1;
        for (int i = 0; i < 120; i++) {
            w.step();
            double speed = Math.sqrt(b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]);
            EventBuffer t = buf(w, EventKinds.TRAILING);
            boolean trailing = t.count() == 1 && t.ids[EventBuffer.A][0] == body;
            assertThat(t.count()).isLessThanOrEqualTo(1);
            assertThat(trailing).as("step " + i + ", speed " + speed).isEqualTo(speed >= 0.5);
            if (trailing) {
                trailingSteps++;
                lastTrailing = i;
                assertThat(t.d[EventBuffer.SPEED][0]).isEqualTo(speed);
                assertThat(t.d[EventBuffer.VOLUME][0]).isCloseTo(0.25, offset(1e-9));
            }
        }
        assertThat(trailingSteps).isGreaterThan(5);
        assertThat(lastTrailing).as("it stopped trailing well before the end").isLessThan(100);
    }

    @Test
    void aCrumbleIsOneEventWithItsChildren() {
        int[] parent = {-1, 0, 0, 0, 0};
        double[][] boxes = {
                {0, 0.75, 0, 1, 1.75, 0.5},
                {0, 0, 0, 1, 0.5, 0.5},
                {-0.5, 1, 0, 0.5, 0.5, 0.5},
                {0.5, 1, 0, 0.5, 0.5, 0.5},
                {0.5, 2, 0, 0.5, 0.5, 0.5}};
        int[][] bonds = {{1, 2}, {1, 3}, {2, 3}, {3, 4}};
        CollectionAsset a = TestAssets.build(100, parent, boxes, bonds, new double[] {1, 1, 1, 1});
        World w = Scenes.world(0);
        int c = w.placeCollection(a, CollectionPlacement.at(0, 0, 0));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withCrumbleSize(0.8));
        on(w, EventKinds.CRUMBLE);
        w.queue(new Command.ExternalStrain(c, 2, Double.POSITIVE_INFINITY));
        w.step();
        assertThat(buf(w, EventKinds.CRUMBLE).count()).isZero();
        w.queue(new Command.ExternalStrain(c, 1, Double.POSITIVE_INFINITY)); // {c, d} is left and crumbles
        w.step();
        EventBuffer cr = buf(w, EventKinds.CRUMBLE);
        assertThat(cr.count()).isEqualTo(1);
        assertThat(cr.ints[EventBuffer.CHILD_COUNT][0]).isEqualTo(2);
        int start = cr.ints[EventBuffer.CHILD_START][0];
        assertThat(new int[] {cr.children[start], cr.children[start + 1]}).containsExactlyInAnyOrder(3, 4);
        assertThat(cr.d[EventBuffer.MASS_A][0]).isCloseTo(200, offset(1e-9));
        assertThat(cr.d[EventBuffer.VOLUME][0]).isCloseTo(2, offset(1e-9));
        // mass centre of the cubes at (0.5, 1) and (0.5, 2)
        assertThat(cr.d[EventBuffer.PY][0]).isCloseTo(1.5, offset(1e-6));
    }

    @Test
    void brokenOnceWhenTheLastClusterGoesAndRemovalAfterTheTimer() {
        World w = Scenes.world(0);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 0, 0));
        on(w, EventKinds.BROKEN);
        on(w, EventKinds.REMOVAL);
        w.queue(new Command.SetRemoveOnBreak(c, true, 0.1, 0.1, 0.1, 0.1));
        w.queue(new Command.ExternalStrain(c, 1, Double.POSITIVE_INFINITY));
        w.step();
        assertThat(buf(w, EventKinds.BROKEN).count()).as("{2, 3} still a cluster").isZero();
        w.queue(new Command.ExternalStrain(c, 2, Double.POSITIVE_INFINITY));
        w.step();
        EventBuffer bk = buf(w, EventKinds.BROKEN);
        assertThat(bk.count()).isEqualTo(1);
        assertThat(bk.ints[EventBuffer.COLLECTION][0]).isEqualTo(c);
        assertThat(bk.d[EventBuffer.MASS_A][0]).isCloseTo(3 * 25, offset(1e-9));
        int removals = 0;
        for (int i = 0; i < 60; i++) {
            w.step();
            assertThat(buf(w, EventKinds.BROKEN).count()).isZero();
            EventBuffer rm = buf(w, EventKinds.REMOVAL);
            for (int k = 0; k < rm.count(); k++) {
                assertThat(rm.ints[EventBuffer.NODE][k]).isIn(1, 2, 3);
                assertThat(rm.d[EventBuffer.VOLUME][k]).isCloseTo(0.25, offset(1e-9));
                removals++;
            }
        }
        assertThat(removals).as("every piece removed 0.2 s after its release").isEqualTo(3);
    }

    @Test
    void perCollectionSwitchesSelectTheirCollection() {
        World w = Scenes.world(0);
        int c0 = w.placeCollection(TestAssets.chain(2, 100), CollectionPlacement.at(0, 0, 0));
        int c1 = w.placeCollection(TestAssets.chain(2, 100), CollectionPlacement.at(0, 0, 5));
        w.queue(new Command.SetCollectionEvents(c1, 1 << EventKinds.BREAK));
        w.queue(new Command.ExternalStrain(c0, 1, Double.POSITIVE_INFINITY));
        w.queue(new Command.ExternalStrain(c1, 1, Double.POSITIVE_INFINITY));
        w.step();
        EventState ev = w.context().events;
        EventBuffer br = ev.buffer(EventKinds.BREAK);
        assertThat(br.count()).isEqualTo(2);
        assertThat(br.ints[EventBuffer.COLLECTION][0]).isEqualTo(c1);
        assertThat(br.ints[EventBuffer.COLLECTION][1]).isEqualTo(c1);
        assertThat(br.ids[EventBuffer.A][0] & 0xFFFFFFFFL).as("canonical: by piece body index")
                .isLessThan(br.ids[EventBuffer.A][1] & 0xFFFFFFFFL);
    }
}
