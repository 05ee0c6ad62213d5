package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.stress.StressGraph;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Support graphs over cluster unions (issue 30 with issue 29; docs/destruction.md "Stress"): two
 * n-block beams (StressInWorldTest's, side L = 0.5 m, m = 125 kg) placed end to end with a gap δ and
 * welded by a union form ONE graph — both members' bonds and a weld between A's last and B's first
 * block — so B's weight reaches A's bonds through the weld. Hand statics: with A's first block the
 * support, A's root bond (centroid at x = L/2) carries shear (2n − 1) m g and moment
 * m g (L Σ_{i=1..2n−1} (i − ½) + n δ); without the union, A (anchored) carries only its own
 * (n − 1) m g and m g L Σ_{i=1..n−1} (i − ½).
 */
final class UnionStressTest {
    static final double L = StressInWorldTest.SIDE, GAP = 1e-3, G = 9.81;
    static final double M = StressInWorldTest.DENSITY * L * L * L;

    static StageConfig strong() {
        return StageConfig.of(Map.of("tensionElastic", 1e9, "tensionFatal", 1e9, "compressionElastic", 1e9,
                "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9));
    }

    /** Beams A (at x = 0) and B (its first block at x = n L + δ), both with the stress model; A anchored at block 1 when asked. */
    static World twoBeams(int n, boolean anchorA, boolean union) {
        return twoBeams(n, anchorA, union, strong());
    }

    static World twoBeams(int n, boolean anchorA, boolean union, StageConfig limitsA) {
        World w = Scenes.world(G);
        CollectionPlacement pa = CollectionPlacement.at(0, 5, 0).withOptions(Scenes.thresholds(1e12));
        int a = w.placeCollection(StressInWorldTest.beam(n), anchorA ? pa.withAnchors(new int[] {1}, null) : pa);
        int b = w.placeCollection(StressInWorldTest.beam(n), CollectionPlacement.at(n * L + GAP, 5, 0)
                .withOptions(Scenes.thresholds(1e12)));
        if (limitsA != null) {
            w.setStressModel(a, "support-graph", limitsA);
        }
        w.setStressModel(b, "support-graph", strong());
        if (union) {
            w.queue(new Command.UnionAddCollection(0, a, false, false));
            w.queue(new Command.UnionAddCollection(0, b, false, false));
        }
        return w;
    }

    static double sumHalf(int k) {
        double s = 0;
        for (int i = 1; i <= k; i++) {
            s += i - 0.5;
        }
        return s;
    }

    @Test
    void aUnionIsOneGraphAndItsWeldCarriesTheSecondMembersWeightToTheFirstsRoot() {
        for (int n : new int[] {2, 6, 25}) {
            World w = twoBeams(n, false, true);
            w.step();
            DestructionRuntime d = w.destruction();
            assertThat(d.unions().members(0)).hasSize(2);
            UnionStress us = d.stressPass().unionStress;
            UnionStress.Graph gr = us.graph(0);
            assertThat(gr).as("n = %d: the union has a graph", n).isNotNull();
            StressGraph g = gr.g;
            assertThat(g.nodeCount).isEqualTo(2 * n);
            assertThat(g.bondCount).isEqualTo(2 * (n - 1) + 1); // both members' bonds and one weld
            int weld = g.bondCount - 1;
            assertThat(gr.coll[weld]).isEqualTo(-1);
            // the weld joins A's last block and B's first: the nearest pair
            assertThat(d.store().node[gr.nodes[g.bondA[weld]]]).isEqualTo(n);
            assertThat(d.store().node[gr.nodes[g.bondB[weld]]]).isEqualTo(1);
            // node spacing in the union frame (the union's orientation is the identity when new)
            assertThat(g.pos[3 * g.bondB[weld]] - g.pos[3 * g.bondA[weld]]).isCloseTo(L + GAP, Offset.offset(1e-12));
            // free-flying with no contact: not solved (inertia relief cancels gravity)
            assertThat(gr.solved).isFalse();
            // A's first block as the support an anchor would make (members of unions cannot be anchored), then a solve
            int root = -1;
            for (int i = 0; i < g.nodeCount; i++) {
                g.support[i] = d.store().collection[gr.nodes[i]] == 0 && d.store().node[gr.nodes[i]] == 1;
                if (g.support[i]) {
                    root = i;
                }
            }
            assertThat(root).isGreaterThanOrEqualTo(0);
            g.topology++;
            g.cache = null;
            us.solve(gr, 0, -G, 0);
            int e = BondCutTest.bond(d.asset(0), 1, 2);
            double[] out = new double[6];
            d.stress().bondLoad(0, e, out);
            double shear = (2 * n - 1) * M * G;
            double moment = M * G * (L * sumHalf(2 * n - 1) + n * GAP);
            assertThat(Math.abs(out[1])).as("n = %d: root shear", n).isCloseTo(shear, Offset.offset(1e-9 * shear));
            assertThat(Math.abs(out[5])).as("n = %d: root moment", n).isCloseTo(moment, Offset.offset(1e-9 * moment));
            assertThat(Math.abs(out[0]) + Math.abs(out[2]) + Math.abs(out[3]) + Math.abs(out[4])).isLessThan(1e-9 * shear);
            // the weld carries B's weight and B's moment about the weld's centroid (halfway across the gap)
            double wShear = n * M * G, wMoment = M * G * (L * n * n / 2 + n * GAP / 2);
            assertThat(Math.abs(g.bondForce[3 * weld + 1])).isCloseTo(wShear, Offset.offset(1e-9 * wShear));
            assertThat(Math.abs(g.bondMoment[3 * weld + 2])).isCloseTo(wMoment, Offset.offset(1e-9 * wMoment));
            // and B's own first bond what lies beyond it
            int eb = BondCutTest.bond(d.asset(1), 1, 2);
            d.stress().bondLoad(1, eb, out);
            double bShear = (n - 1) * M * G;
            assertThat(Math.abs(out[1])).isCloseTo(bShear, Offset.offset(1e-9 * bShear + 1e-9));
        }
    }

    @Test
    void withoutTheUnionTheSecondBeamsWeightIsNotOnTheFirstsRoot() {
        int n = 6;
        World w = twoBeams(n, true, false);
        w.step();
        DestructionRuntime d = w.destruction();
        int e = BondCutTest.bond(d.asset(0), 1, 2);
        double[] out = new double[6];
        d.stress().bondLoad(0, e, out);
        double own = (n - 1) * M * G, ownMoment = M * G * L * sumHalf(n - 1);
        assertThat(Math.abs(out[1])).isCloseTo(own, Offset.offset(1e-9 * own));
        assertThat(Math.abs(out[5])).isCloseTo(ownMoment, Offset.offset(1e-9 * ownMoment));
        assertThat(Math.abs(out[1])).isLessThan((2 * n - 1) * M * G * 0.9);
        assertThat(d.stressPass().unionStress.graph(0)).isNull();
    }

    /**
     * In a world: the union of the two beams lies across two static blocks under its outer end blocks.
     * Resting, it is solved from the contact loads (the members' bonds are stressed: before, members of
     * unions were not), and by symmetry each end carries n m g, so the weld (the middle bond) carries
     * no shear and, about the weld's centroid x_c, the moment n m g x_c − Σ_{i<n} m g (x_c − i L) =
     * m g L (n² − n)/2 (the gap cancels), to the contact solver's precision.
     */
    @Test
    void aRestingUnionIsStressedAcrossItsWeldFromItsContacts() {
        int n = 4;
        World w = twoBeams(n, false, true);
        double y = 5 - L / 2 - 0.5;
        double far = (2 * n - 1) * L + GAP;
        w.createBody(BodyDef.of(new Box(L / 4, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(0, y, 0));
        w.createBody(BodyDef.of(new Box(L / 4, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(far, y, 0));
        Scenes.steps(w, 30); // settled and still awake (asleep, a union has no contact loads: not solved, as a holder)
        DestructionRuntime d = w.destruction();
        assertThat(d.unions().members(0)).hasSize(2);
        UnionStress.Graph gr = d.stressPass().unionStress.graph(0);
        assertThat(gr.solved).isTrue();
        StressGraph g = gr.g;
        int weld = g.bondCount - 1;
        double wMoment = M * G * L * (n * n - n) / 2.0;
        // to 5 %: the reactions are the contact solver's impulses over the step (four points per end, friction,
        // the bias that keeps the union at rest), not exact statics; the exact case is the test above
        assertThat(Math.abs(g.bondMoment[3 * weld + 2])).isCloseTo(wMoment, Offset.offset(0.05 * wMoment));
        assertThat(Math.abs(g.bondForce[3 * weld + 1])).isLessThan(0.05 * n * M * G);
        // A's last bond (next to the weld) is stressed, read through the public read-out
        int e = BondCutTest.bond(d.asset(0), n - 1, n);
        assertThat(d.stress().bondStress(0, e)).isGreaterThan(0);
    }

    /**
     * Breaking: the resting union of {@link #aRestingUnionIsStressedAcrossItsWeldFromItsContacts} with
     * beam A's tension limits far below its bending (1 kPa): A's bonds fail under the load that crosses
     * the weld — cut like a CutBond, A's holder split, and A (its body retired) leaves the union —
     * while B (strong) keeps every bond. Without stress models the same scene breaks nothing.
     */
    @Test
    void aMembersBondFailingUnderTheUnionsLoadSplitsThatMemberAndItLeaves() {
        int n = 4;
        StageConfig weak = StageConfig.of(Map.of("tensionElastic", 1e3, "tensionFatal", 1e3, "compressionElastic", 1e9,
                "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9));
        for (boolean stress : new boolean[] {true, false}) {
            World w = twoBeams(n, false, true, stress ? weak : null);
            if (!stress) {
                w.destruction().setStressModel(1, (dev.rubble.spi.stress.StressModel) null);
            }
            double y = 5 - L / 2 - 0.5;
            w.createBody(BodyDef.of(new Box(L / 4, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(0, y, 0));
            w.createBody(BodyDef.of(new Box(L / 4, 0.5, 1)).withMotion(MotionType.STATIC)
                    .withPosition((2 * n - 1) * L + GAP, y, 0));
            DestructionRuntime d = w.destruction();
            long bodyA = d.holderBody(0, 1); // joins the union in the first step's COMMANDS slot
            Scenes.steps(w, 6);
            int dead = 0;
            for (int e = 0; e < d.asset(0).edgeCount(); e++) {
                dead += d.bondAlive(0, e) ? 0 : 1;
            }
            for (int e = 0; e < d.asset(1).edgeCount(); e++) {
                assertThat(d.bondAlive(1, e)).as("stress %s: B bond %d", stress, e).isTrue();
            }
            if (stress) {
                assertThat(dead).as("A's bonds cut by the union's graph").isGreaterThan(0);
                assertThat(d.unions().unionOfMember(bodyA)).as("A's old body left the union").isEqualTo(-1);
            } else {
                assertThat(dead).isZero();
                assertThat(d.unions().unionOfMember(bodyA)).as("A still welded").isEqualTo(0);
            }
        }
    }

    /**
     * Determinism: the breaking scene of {@link #aMembersBondFailingUnderTheUnionsLoadSplitsThatMemberAndItLeaves}
     * with A's limits between its bending stress's elastic and fatal levels run twice gives the same hash every
     * step; saved at step 3 (union graph solved, damage accumulating) and restored, it continues bit for bit
     * (the union graph keeps no snapshot state: rebuilt and solved cold).
     */
    @Test
    void unionGraphsAreDeterministicAndContinueFromASnapshotBitForBit() throws Exception {
        int n = 4;
        java.util.function.Supplier<World> make = () -> {
            World w = twoBeams(n, false, true, StageConfig.of(Map.of("tensionElastic", 1e4, "tensionFatal", 1e6,
                    "compressionElastic", 1e9, "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9,
                    "damageTime", 0.05)));
            double y = 5 - L / 2 - 0.5;
            w.createBody(BodyDef.of(new Box(L / 4, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(0, y, 0));
            w.createBody(BodyDef.of(new Box(L / 4, 0.5, 1)).withMotion(MotionType.STATIC)
                    .withPosition((2 * n - 1) * L + GAP, y, 0));
            return w;
        };
        World a = make.get(), b = make.get();
        Scenes.steps(a, 3);
        Scenes.steps(b, 3);
        int last = BondCutTest.bond(a.destruction().asset(0), n - 1, n);
        assertThat(a.destruction().stress().bondDamage(0, last)).as("damage accumulating").isGreaterThan(0);
        World c = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(a));
        boolean broke = false;
        for (int s = 0; s < 40; s++) {
            a.step();
            b.step();
            c.step();
            assertThat(b.stateHash()).as("step %d, second run", s).isEqualTo(a.stateHash());
            assertThat(c.stateHash()).as("step %d after the snapshot", s).isEqualTo(a.stateHash());
            for (int e = 0; e < a.destruction().asset(0).edgeCount(); e++) {
                broke |= !a.destruction().bondAlive(0, e);
            }
        }
        assertThat(broke).as("a bond of A failed by damage").isTrue();
    }

    /**
     * A member that breaks in a step leaves its union at the end of that step's destruction pass, after the
     * stress pass: the union's graph must not be rebuilt from the member's retired body, whose slot still
     * holds what the body had (found by the determinism fuzz, seed 9349: a retired anchored holder's
     * infinite mass made the graph's centre of mass NaN and the inertia relief's 3 × 3 solve recursed until
     * the stack overflowed). Here beam A, anchored at its first block (so its holder and the union are
     * kinematic), loses its last block to an infinite strain while welded to beam B: the break kills a bond,
     * so the union's graph is rebuilt in that step's stress pass, and the retired kinematic holder's slot
     * still reads an infinite mass; a box resting on B gives the graph contact loads, so it is solved. The
     * step completes and every body stays finite.
     */
    @Test
    void aMemberBrokenInTheStepIsNotReadFromItsRetiredBodysSlot() {
        World w = twoBeams(4, true, true);
        // a box resting on B: contact loads, so the union's graph is solved (a free-flying one is skipped)
        w.createBody(BodyDef.of(new Box(0.2, 0.2, 0.2)).withPosition(4 * L + GAP + L, 5 + L / 2 + 0.2 + 1e-3, 0));
        for (int s = 0; s < 6; s++) {
            w.step();
        }
        DestructionRuntime d = w.destruction();
        assertThat(d.unions().members(0)).hasSize(2);
        w.queue(new Command.ExternalStrain(0, 4, Double.POSITIVE_INFINITY));
        w.step();
        UnionStress.Graph gr = d.stressPass().unionStress.graph(0);
        for (int i = 0; gr != null && i < gr.g.nodeCount; i++) { // not built from the retired holder's slot
            assertThat(Double.isFinite(gr.g.mass[i] + gr.g.pos[3 * i] + gr.g.pos[3 * i + 1] + gr.g.pos[3 * i + 2]))
                    .as("union graph node %d: mass %s", i, gr.g.mass[i]).isTrue();
        }
        double[] out = new double[6];
        for (int e = 0; e < d.asset(1).edgeCount(); e++) { // B's bonds: not loaded from a graph with a NaN in it
            d.stress().bondLoad(1, e, out);
            for (double v : out) {
                assertThat(Double.isFinite(v)).as("B's bond %d load %s", e, java.util.Arrays.toString(out)).isTrue();
            }
        }
        w.step();
        var b = w.bodies();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s)) {
                assertThat(Double.isFinite(b.px[s] + b.py[s] + b.pz[s] + b.vx[s] + b.vy[s] + b.vz[s]))
                        .as("body in slot %d is finite", s).isTrue();
            }
        }
        assertThat(w.profile().nonFiniteBodies()).isZero();
    }

    /**
     * A member's bond faces (docs/destruction.md, "Bond faces") are moved into the union's frame with its
     * nodes: B turned 90° about y, its blocks' shared faces still lie halfway between its blocks' graph
     * nodes, their normals along them (a row of cubes: the face between two neighbours is centred between
     * their centres and faces from one to the other) — and along z, where B's own frame says x.
     */
    @Test
    void aTurnedMembersBondFacesAreMovedIntoTheUnionFrame() {
        int n = 4;
        World w = Scenes.world(G);
        int a = w.placeCollection(StressInWorldTest.beam(n), CollectionPlacement.at(0, 5, 0).withOptions(Scenes.thresholds(1e12)));
        double h = Math.sqrt(0.5);
        int b = w.placeCollection(StressInWorldTest.beam(n), CollectionPlacement.at(n * L + GAP, 5, 0)
                .withOrientation(0, h, 0, h).withOptions(Scenes.thresholds(1e12)));
        w.setStressModel(a, "support-graph", strong());
        w.setStressModel(b, "support-graph", strong());
        w.queue(new Command.UnionAddCollection(0, a, false, false));
        w.queue(new Command.UnionAddCollection(0, b, false, false));
        w.step();
        DestructionRuntime d = w.destruction();
        UnionStress.Graph gr = d.stressPass().unionStress.graph(0);
        assertThat(gr).isNotNull();
        StressGraph g = gr.g;
        int turned = 0;
        for (int k = 0; k < g.bondCount; k++) {
            if (gr.coll[k] < 0) {
                continue; // a weld: centre to centre by definition
            }
            int p = g.bondA[k], q = g.bondB[k];
            double len = 0;
            for (int j = 0; j < 3; j++) {
                double dj = g.pos[3 * q + j] - g.pos[3 * p + j];
                len += dj * dj;
            }
            len = Math.sqrt(len);
            for (int j = 0; j < 3; j++) {
                double mid = 0.5 * (g.pos[3 * p + j] + g.pos[3 * q + j]);
                assertThat(g.centroid[3 * k + j]).as("bond %d centroid %d", k, j).isCloseTo(mid, Offset.offset(1e-12));
                assertThat(g.normal[3 * k + j]).as("bond %d normal %d", k, j)
                        .isCloseTo((g.pos[3 * q + j] - g.pos[3 * p + j]) / len, Offset.offset(1e-12));
            }
            if (gr.coll[k] == b) {
                assertThat(Math.abs(g.normal[3 * k + 2])).as("B's bonds run along z").isCloseTo(1, Offset.offset(1e-12));
                turned++;
            }
        }
        assertThat(turned).isEqualTo(n - 1);
    }
}
