package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import dev.rubble.spi.strain.StrainView;
import org.junit.jupiter.api.Test;

/**
 * Collision strain from real contacts: a 2 kg sphere at 10 m/s hits the end box of a floating
 * two-box bar (no gravity). A spy modifier records the loads the stage gathered.
 */
final class CollisionStrainTest {

    /** Every child gets the same threshold. */
    record Fixed(double t) implements DamageModel {
        @Override
        public void thresholds(CollectionAsset asset, BondState bonds, double[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i] = asset.level()[i] == 0 ? Double.POSITIVE_INFINITY : t;
            }
        }
    }

    /** Records the largest collision load seen per node and the step it came. */
    static final class Spy implements StrainModifier {
        final double[] collision = new double[8];
        long hitStep = -1;

        @Override
        public void modify(StrainView v) {
            for (int i = 0; i < v.count(); i++) {
                if (v.collisionLoad()[i] > 0) {
                    collision[v.node()[i]] = Math.max(collision[v.node()[i]], v.collisionLoad()[i]);
                    if (hitStep < 0) {
                        hitStep = v.step();
                    }
                }
            }
        }
    }

    private static final class Run {
        final World w = Scenes.world(0);
        final Spy spy = new Spy();
        final long sphere;

        Run(double threshold, double restore) {
            w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0)
                    .withOptions(DestructionOptions.defaults().withRestoreMomentum(restore)),
                    new Fixed(threshold), new StrainModifier[] {spy});
            sphere = w.createBody(BodyDef.of(new Sphere(0.2)).withMass(2).withPosition(-1.5, 0, 0)
                    .withLinearVelocity(10, 0, 0));
        }

        double vx() {
            return w.bodies().vx[w.bodies().slot(sphere)];
        }
    }

    /** The step in which the sphere first loads the bar, and the load. */
    private static Run probe() {
        Run r = new Run(Double.POSITIVE_INFINITY, 0.5);
        for (int i = 0; i < 60 && r.spy.hitStep < 0; i++) {
            r.w.step();
        }
        assertThat(r.spy.hitStep).isPositive();
        assertThat(r.spy.collision[1]).isPositive(); // the end box it hit
        assertThat(r.spy.collision[2]).isZero();     // nearest child only (propagation on)
        return r;
    }

    @Test
    void theCollisionLoadAloneBreaksAtTheThreshold() {
        Run p = probe();
        double j = p.spy.collision[1];
        Run r = new Run(j, 0.5);
        for (long i = 0; i <= p.spy.hitStep; i++) {
            r.w.step();
        }
        assertThat(r.w.destruction().events().count()).isPositive();
        assertThat(r.w.destruction().events().load[0]).isEqualTo(j);
    }

    @Test
    void collisionAndExternalLoadsCombineByMaxNotSum() {
        Run p = probe();
        double j = p.spy.collision[1];
        Run r = new Run(1.5 * j, 0.5);
        for (long i = 0; i <= p.spy.hitStep; i++) {
            if (i == p.spy.hitStep) {
                r.w.queue(new Command.ExternalStrain(0, 1, 0.6 * j)); // j + 0.6 j would reach 1.5 j
            }
            r.w.step();
        }
        assertThat(r.spy.collision[1]).isEqualTo(j); // same hit as the probe (deterministic)
        assertThat(r.w.destruction().events().count()).isZero();
        assertThat(r.w.bodies().size()).isEqualTo(2);
    }

    @Test
    void restoringBreakingMomentumGivesTheProjectileBackHalfOfWhatTheWallTook() {
        Run p = probe();
        long hit = p.spy.hitStep;
        Run a = new Run(1e-6, 0);
        Run b = new Run(1e-6, 0.5);
        double v0 = 0;
        for (long i = 0; i <= hit; i++) {
            v0 = a.vx();
            a.w.step();
            b.w.step();
        }
        assertThat(a.w.destruction().events().count()).isPositive();
        double lost = v0 - a.vx(); // what the contact took from the sphere without restoring
        assertThat(lost).isPositive();
        assertThat(b.vx()).isCloseTo(a.vx() + 0.5 * lost, offset(1e-9 * v0));
        assertThat(b.vx()).isGreaterThan(a.vx());
    }

    @Test
    void restingContactsCreateNoStrain() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        Spy spy = new Spy();
        // the bar rests on the ground (bottom face at y = 0); a tiny threshold would break at any load
        w.destruction().place(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 0.25, 0),
                new Fixed(1e-9), new StrainModifier[] {spy});
        Scenes.steps(w, 120);
        assertThat(spy.hitStep).isEqualTo(-1);
        assertThat(w.bodies().size()).isEqualTo(2);
    }

    @Test
    void aReleasedPieceThrownAtAnotherBarLoadsTheChildItHitsByTheMomentumItLoses() {
        World w = Scenes.world(0);
        Spy spyA = new Spy();
        Spy spyB = new Spy();
        // bar A breaks into two loose pieces at once; bar B never breaks
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(-4, 0, 0),
                new Fixed(1e-9), new StrainModifier[] {spyA});
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0),
                new Fixed(Double.POSITIVE_INFINITY), new StrainModifier[] {spyB});
        w.queue(new Command.ExternalStrain(0, 1, 1));
        w.step();
        long piece = w.destruction().holderBody(0, 2); // A's right box (x = -3), now a body of its own
        assertThat(piece).isNotEqualTo(w.destruction().holderBody(0, 1));
        BodyStore b = w.bodies();
        double mass = 1 / b.invMass[b.slot(piece)];
        assertThat(mass).isCloseTo(250, offset(1e-9)); // 1000 kg/m³ x 1 x 0.5 x 0.5 m
        w.queue(new Command.SetVelocity(piece, 10, 0, 0, 0, 0, 0));
        java.util.Arrays.fill(spyA.collision, 0);
        double largest = 0; // the most momentum the piece lost in one step
        for (int i = 0; i < 60; i++) {
            w.step();
            if (i > 0) { // the step that set the velocity changed it by command, not by contact
                largest = Math.max(largest, mass * (lastVx - b.vx[b.slot(piece)]));
            }
            lastVx = b.vx[b.slot(piece)];
        }
        assertThat(spyB.hitStep).isPositive();
        // head on: the load on the child hit is the normal impulse the piece took, its momentum change
        assertThat(spyB.collision[1]).isCloseTo(largest, offset(1e-9 * largest)).isGreaterThan(100);
        assertThat(spyB.collision[2]).isZero();
        assertThat(spyA.collision).containsOnly(0.0); // a released leaf has no children to load
    }

    private double lastVx;

    @Test
    void identicalRunsHashIdenticallyAndClusterStateReachesTheHash() {
        Run a = new Run(5, 0.5);
        Run b = new Run(5, 0.5);
        for (int i = 0; i < 40; i++) {
            a.w.step();
            b.w.step();
            assertThat(a.w.profile().stateHash()).isEqualTo(b.w.profile().stateHash());
            assertThat(a.w.stateHash()).isEqualTo(a.w.profile().stateHash());
        }
        assertThat(a.w.bodies().size()).isGreaterThan(2); // it broke on the way
        long before = a.w.stateHash();
        a.w.queue(new Command.InternalStrain(0, 2, 1)); // a threshold only: no body changes
        a.w.step();
        b.w.step();
        assertThat(a.w.stateHash()).isNotEqualTo(b.w.stateHash());
        assertThat(before).isNotZero();
        BodyStore bs = a.w.bodies();
        assertThat(bs.size()).isEqualTo(b.w.bodies().size());
    }
}
