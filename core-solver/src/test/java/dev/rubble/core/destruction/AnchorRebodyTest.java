package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.snapshot.SnapshotFixtures;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * An anchor command that pins or frees an intact holder switches its body between kinematic and dynamic
 * in place (docs/destruction.md "Anchors at run time"): the body keeps its handle, so the journal (whose
 * playback makes bodies only from break events), joints, unions and snapshots all still name it. Before,
 * the holder got a new body each time.
 */
final class AnchorRebodyTest {
    private static final double G = 9.81;

    /** Every bit of body {@code s}'s mass properties: mass, inverse mass and inertia, inertia frame. */
    private static long[] massBits(BodyStore b, int s) {
        double[] v = {b.mass[s], b.invMass[s], b.invIx[s], b.invIy[s], b.invIz[s], b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]};
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Double.doubleToRawLongBits(v[i]);
        }
        return out;
    }

    @Test
    void pinningStopsTheIntactHolderInItsOwnBodyAndFreeingItLetsItFallFromRestWithItsOwnMass() {
        World w = Scenes.world(G);
        int c = w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 50, 0));
        BodyStore b = w.bodies();
        long h = w.destruction().holderBody(c, 0);
        int s = b.slot(h);
        long[] own = massBits(b, s);
        assertThat(b.mass[s]).isCloseTo(3 * 0.25 * 1000, offset(1e-9)); // three 1 x 0.5 x 0.5 m leaves
        Scenes.steps(w, 10);
        assertThat(b.vy[s]).isLessThan(0);

        w.queue(new Command.SetAnchor(c, 1, true));
        w.step();
        assertThat(w.destruction().holderBody(c, 0)).as("the same body holds the collection").isEqualTo(h);
        assertThat(b.motion(s)).isEqualTo(MotionType.KINEMATIC);
        assertThat(b.state(s)).isEqualTo(BodyState.AWAKE);
        // as a body created kinematic: immovable, at rest
        assertThat(b.invMass[s]).isZero();
        assertThat(b.mass[s]).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(new double[] {b.vx[s], b.vy[s], b.vz[s], b.wx[s], b.wy[s], b.wz[s]}).containsOnly(0.0);
        double y0 = b.py[s];
        Scenes.steps(w, 10);
        assertThat(b.py[s]).isEqualTo(y0);

        w.queue(new Command.SetAnchor(c, 1, false));
        int n = 20;
        Scenes.steps(w, n);
        assertThat(w.destruction().holderBody(c, 0)).isEqualTo(h);
        assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
        assertThat(massBits(b, s)).as("its own mass properties, bit for bit").containsExactly(own);
        double dt = w.settings().dt();
        // symplectic Euler from rest: y_n = y0 - g h² n (n + 1) / 2
        assertThat(b.py[s]).isCloseTo(y0 - G * dt * dt * n * (n + 1) / 2, offset(1e-9));
        assertThat(b.vy[s]).isCloseTo(-G * dt * n, offset(1e-9));
    }

    @Test
    void whatSleepsOnAPinnedHolderWakesAndFallsWithItWhenItIsFreed() {
        World w = Scenes.world(G);
        int c = w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 5, 0)
                .withAnchors(new int[] {1}, null));
        BodyStore b = w.bodies();
        int bar = b.slot(w.destruction().holderBody(c, 0));
        // a crate at rest on the pinned bar's top face (y = 5.25)
        long crate = w.createBody(BodyDef.of(new Box(0.2, 0.2, 0.2)).withMass(10).withPosition(1, 5.45, 0));
        int cs = b.slot(crate);
        Scenes.steps(w, 240);
        assertThat(b.state(cs)).as("the crate fell asleep on the bar").isEqualTo(BodyState.SLEEPING);
        double crateY = b.py[cs];
        w.queue(new Command.SetAnchor(c, 1, false));
        Scenes.steps(w, 30);
        assertThat(b.motion(bar)).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.py[bar]).isLessThan(5 - 0.5);
        assertThat(b.py[cs]).as("the crate falls with the bar").isLessThan(crateY - 0.5);
    }

    @Test
    void aWeldedMemberPinnedOrFreedStaysInItsUnion() {
        UnionsTest.Scene sc = new UnionsTest.Scene(G, 1e9);
        long a = sc.holder(sc.wallA);
        sc.weld();
        World w = sc.w;
        BodyStore b = w.bodies();
        long u = sc.unions().body(0);
        double unionMass = b.mass[b.slot(u)];
        w.queue(new Command.SetAnchor(sc.wallA, 1, true));
        w.step();
        int s = b.slot(a);
        assertThat(w.destruction().holderBody(sc.wallA, 0)).isEqualTo(a);
        assertThat(sc.unions().members(0)).containsExactly(a, sc.beam, sc.holder(sc.wallB));
        assertThat(b.state(s)).as("still welded: its own body out, its union's moving for it").isEqualTo(BodyState.DISABLED);
        assertThat(b.motion(s)).isEqualTo(MotionType.KINEMATIC);
        assertThat(b.mass[s]).as("its mass still counts in its union's").isCloseTo(500, offset(1e-9));
        // its union follows at once (Chaos: UpdateKinematicProperties when anchors change): rebuilt kinematic, held
        long pinnedUnion = sc.unions().body(0);
        assertThat(pinnedUnion).isNotEqualTo(u);
        assertThat(b.motion(b.slot(pinnedUnion))).isEqualTo(MotionType.KINEMATIC);
        double heldY = b.py[b.slot(pinnedUnion)];
        Scenes.steps(w, 5);
        assertThat(b.py[b.slot(pinnedUnion)]).isEqualTo(heldY);
        w.queue(new Command.SetAnchor(sc.wallA, 1, false));
        Scenes.steps(w, 5);
        assertThat(b.state(s)).isEqualTo(BodyState.DISABLED);
        assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.motion(b.slot(sc.unions().body(0)))).isEqualTo(MotionType.DYNAMIC);
        assertThat(sc.unions().members(0)).containsExactly(a, sc.beam, sc.holder(sc.wallB));
        assertThat(b.mass[b.slot(sc.unions().body(0))]).isCloseTo(unionMass, offset(1e-9));
    }

    @Test
    void aSnapshotTakenAfterTheHolderWasPinnedRestoresAndContinuesWithTheSameHashes() throws Exception {
        World w = Scenes.world(G);
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 3, 0)
                .withOptions(Scenes.thresholds(1e9, 1e9)));
        w.createBody(BodyDef.of(new Box(0.2, 0.2, 0.2)).withMass(10).withPosition(1, 4, 0));
        Scenes.steps(w, 5);
        w.queue(new Command.SetAnchor(c, 1, true));
        w.step();
        byte[] pinned = SnapshotFixtures.save(w, "pinned");
        World r = SnapshotFixtures.restore(pinned);
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
        for (int k = 0; k < 60; k++) {
            if (k == 30) { // freed again in both: falls onto the floor from where it hung
                w.queue(new Command.SetAnchor(c, 1, false));
                r.queue(new Command.SetAnchor(c, 1, false));
            }
            w.step();
            r.step();
            assertThat(r.stateHash()).as("hash after step %d", w.stepIndex()).isEqualTo(w.stateHash());
        }
        assertThat(SnapshotFixtures.rigidBits(r)).isEqualTo(SnapshotFixtures.rigidBits(w));
        BodyStore b = r.bodies();
        int s = b.slot(r.destruction().holderBody(c, 0));
        assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.py[s]).isLessThan(2.5);
    }
}
