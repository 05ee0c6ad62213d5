package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/** SPEC §4 release, connectivity and anchors, against closed-form expectations. */
final class ReleaseTest {
    private static final double M = 1000 * 1 * 0.5 * 0.5; // one chain box: 1 x 0.5 x 0.5 m at 1000 kg/m³

    @Test
    void releasedPiecesMoveAsPointsOfTheHolderAndConserveMomentum() {
        World w = Scenes.world(0);
        double vx = 1.5, vy = -0.5, wz = 2.0;
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0)
                .withVelocity(vx, vy, 0, 0, 0, wz).withOptions(Scenes.thresholds(10)));
        w.queue(new Command.Crumble(0, 0));
        w.step();
        BreakEvents ev = w.destruction().events();
        assertThat(ev.count()).isEqualTo(4);
        // no gravity, no contacts, spin about a principal axis: the holder's v and w never changed,
        // and its centre of mass moved by v dt from (1.5, 0, 0)
        double dt = w.settings().dt();
        double hx = 1.5 + vx * dt, hy = vy * dt;
        double px = 0, py = 0, lz = 0, mass = 0;
        for (int i = 0; i < ev.count(); i++) {
            int o = 13 * i;
            double rx = ev.motion[o] - hx, ry = ev.motion[o + 1] - hy;
            // v = v_h + w x r with w = (0, 0, wz): (vx - wz ry, vy + wz rx, 0)
            assertThat(ev.motion[o + 7]).isCloseTo(vx - wz * ry, offset(1e-12));
            assertThat(ev.motion[o + 8]).isCloseTo(vy + wz * rx, offset(1e-12));
            assertThat(ev.motion[o + 12]).isEqualTo(wz);
            assertThat(ev.mass[i]).isCloseTo(M, offset(1e-9));
            px += ev.mass[i] * ev.motion[o + 7];
            py += ev.mass[i] * ev.motion[o + 8];
            // angular momentum about the holder's centre: spin I_i w + orbital r x m v
            double izz = M * (0.25 + 0.0625) / 3;
            lz += izz * wz + ev.mass[i] * (rx * ev.motion[o + 8] - ry * ev.motion[o + 7]);
            mass += ev.mass[i];
        }
        assertThat(px).isCloseTo(4 * M * vx, offset(1e-9));
        assertThat(py).isCloseTo(4 * M * vy, offset(1e-9));
        // the bar's Izz about its centre: 4 boxes' own + parallel-axis terms at x = ±0.5, ±1.5
        double barIzz = 4 * M * (0.25 + 0.0625) / 3 + M * (2 * 0.25 + 2 * 2.25);
        assertThat(lz).isCloseTo(barIzz * wz, offset(1e-9));
        assertThat(mass).isCloseTo(4 * M, offset(1e-9));
        assertThat(w.bodies().size()).isEqualTo(4);
    }

    @Test
    void anInternalClusterRecombinesMassCentreAndInertiaByTheParallelAxisTheorem() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(10).withPropagation(false, 1, 0)));
        w.queue(new Command.ExternalStrain(0, 1, 50)); // the box at x = 0 breaks off
        w.step();
        BreakEvents ev = w.destruction().events();
        assertThat(ev.count()).isEqualTo(2);
        assertThat(ev.kind[1]).isEqualTo(BreakEvents.CLUSTER);
        BodyStore b = w.bodies();
        int s = b.slot(ev.body[1]);
        // boxes at x = 1, 2, 3: mass 3M, centre x = 2
        assertThat(b.mass[s]).isCloseTo(3 * M, offset(1e-9));
        assertThat(b.px[s]).isCloseTo(2, offset(1e-12));
        assertThat(b.py[s]).isCloseTo(0, offset(1e-12));
        // principal moments: Ixx = 3 M (0.25² + 0.25²)/3... as box formula with half extents (0.5, .25, .25)
        double ixx = 3 * M * (0.0625 + 0.0625) / 3;
        double iyy = 3 * M * (0.25 + 0.0625) / 3 + 2 * M * 1.0; // parallel axis: two boxes at distance 1
        double[] got = {1 / b.invIx[s], 1 / b.invIy[s], 1 / b.invIz[s]};
        java.util.Arrays.sort(got);
        assertThat(got[0]).isCloseTo(ixx, offset(1e-9));
        assertThat(got[1]).isCloseTo(iyy, offset(1e-9));
        assertThat(got[2]).isCloseTo(iyy, offset(1e-9));
        assertThat(w.destruction().holderBody(0, 2)).isEqualTo(ev.body[1]);
        assertThat(w.destruction().holderBody(0, 4)).isEqualTo(ev.body[1]);
    }

    @Test
    void aChainBrokenInTheMiddleLeavesAFreePieceAndAFallingTwoPieceCluster() {
        World w = Scenes.world(9.81);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 50, 0)
                .withOptions(Scenes.thresholds(10)));
        w.queue(new Command.ExternalStrain(0, 2, 10));
        w.step();
        BreakEvents ev = w.destruction().events();
        // node 2 breaks; node 1 lost its only bond and goes alone; nodes 3-4 stay bonded
        assertThat(ev.count()).isEqualTo(3);
        assertThat(ev.kind[0]).isEqualTo(BreakEvents.BREAK);
        assertThat(ev.node[0]).isEqualTo(2);
        assertThat(ev.kind[1]).isEqualTo(BreakEvents.RELEASE);
        assertThat(ev.node[1]).isEqualTo(1);
        assertThat(ev.kind[2]).isEqualTo(BreakEvents.CLUSTER);
        assertThat(w.destruction().holderBody(0, 3)).isEqualTo(w.destruction().holderBody(0, 4));
        long cluster = w.destruction().holderBody(0, 3);
        BodyStore b = w.bodies();
        double v0 = b.vy[b.slot(cluster)];
        assertThat(v0).isCloseTo(-9.81 * w.settings().dt(), offset(1e-12)); // inherited the holder's fall
        Scenes.steps(w, 30);
        assertThat(b.vy[b.slot(cluster)]).isCloseTo(-9.81 * 31 * w.settings().dt(), offset(1e-9));
        assertThat(b.motion(b.slot(cluster))).isEqualTo(MotionType.DYNAMIC);
    }

    @Test
    void anAnchoredIslandStaysWhileTheRestFallsFreely() {
        World w = Scenes.world(9.81);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 50, 0)
                .withAnchors(new int[] {1}, null).withOptions(Scenes.thresholds(10)));
        BodyStore b = w.bodies();
        assertThat(b.motion(b.slot(w.destruction().holderBody(0, 1)))).isEqualTo(MotionType.KINEMATIC);
        Scenes.steps(w, 5);
        assertThat(b.py[b.slot(w.destruction().holderBody(0, 1))]).isEqualTo(50); // held by its anchor
        w.queue(new Command.ExternalStrain(0, 3, 10));
        w.step();
        long island = w.destruction().holderBody(0, 1);
        assertThat(w.destruction().holderBody(0, 2)).isEqualTo(island);
        assertThat(b.motion(b.slot(island))).isEqualTo(MotionType.KINEMATIC);
        long free = w.destruction().holderBody(0, 4);
        int fs = b.slot(free);
        double y0 = b.py[fs];
        assertThat(y0).isEqualTo(50);
        assertThat(b.vy[fs]).isZero(); // released from a kinematic holder at rest
        double islandX = b.px[b.slot(island)], islandY = b.py[b.slot(island)];
        int n = 60;
        Scenes.steps(w, n);
        double h = w.settings().dt();
        // symplectic Euler from rest: y_n = y0 - g h² n (n + 1) / 2
        assertThat(b.py[fs]).isCloseTo(y0 - 9.81 * h * h * n * (n + 1) / 2, offset(1e-9));
        assertThat(b.py[b.slot(island)]).isEqualTo(islandY);
        assertThat(b.px[b.slot(island)]).isEqualTo(islandX);
    }

    @Test
    void removingTheLastAnchorLetsTheCollectionFallAndAnchoringStopsIt() {
        World w = Scenes.world(9.81);
        w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 50, 0)
                .withAnchors(null, new double[] {-1, -1, -1, 0.4, 1, 1}).withOptions(Scenes.thresholds(10)));
        BodyStore b = w.bodies();
        assertThat(b.motion(b.slot(w.destruction().holderBody(0, 2)))).isEqualTo(MotionType.KINEMATIC);
        w.queue(new Command.SetAnchor(0, 1, false));
        Scenes.steps(w, 10);
        int s = b.slot(w.destruction().holderBody(0, 2));
        assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.py[s]).isLessThan(50);
        w.queue(new Command.SetAnchorBox(0, 1.5, -1, -1, 2.5, 1, 1, true));
        w.step();
        s = b.slot(w.destruction().holderBody(0, 2));
        assertThat(b.motion(s)).isEqualTo(MotionType.KINEMATIC);
        double y = b.py[s];
        Scenes.steps(w, 10);
        assertThat(b.py[s]).isEqualTo(y);
    }

    @Test
    void anAnchoredLeafThatBreaksOffBecomesDynamic() {
        World w = Scenes.world(9.81);
        w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 50, 0)
                .withAnchors(new int[] {1}, null).withOptions(Scenes.thresholds(10)));
        w.queue(new Command.ExternalStrain(0, 1, 20));
        w.step();
        BodyStore b = w.bodies();
        assertThat(b.motion(b.slot(w.destruction().holderBody(0, 1)))).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.motion(b.slot(w.destruction().holderBody(0, 2)))).isEqualTo(MotionType.DYNAMIC);
    }

    @Test
    void aNewInternalClusterMovesAtVPlusOmegaCrossRAtItsNewCentreOfMass() {
        // SPEC §13: Chaos gives an island the holder's v alone; a spinning bar shows the difference
        World w = Scenes.world(0);
        double wz = 3.0;
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0)
                .withVelocity(0, 0, 0, 0, 0, wz).withOptions(Scenes.thresholds(10)));
        w.queue(new Command.ExternalStrain(0, 1, 10));
        w.step();
        BreakEvents ev = w.destruction().events();
        assertThat(ev.kind[1]).isEqualTo(BreakEvents.CLUSTER);
        int o = 13;
        // the holder's centre stayed at (1.5, 0, 0) (v = 0); the island's centre is the mean of boxes 2..4
        double rx = ev.motion[o] - 1.5, ry = ev.motion[o + 1];
        assertThat(Math.hypot(rx, ry)).isCloseTo(0.5, offset(1e-9));
        assertThat(ev.motion[o + 7]).isCloseTo(-wz * ry, offset(1e-12));
        assertThat(ev.motion[o + 8]).isCloseTo(wz * rx, offset(1e-12));
        assertThat(Math.hypot(ev.motion[o + 7], ev.motion[o + 8])).isCloseTo(1.5, offset(1e-9)); // |w| |r|, not 0
        assertThat(ev.motion[o + 12]).isEqualTo(wz);
    }
}
