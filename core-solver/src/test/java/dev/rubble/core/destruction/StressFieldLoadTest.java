package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Field loads on the support graph (issue 30; docs/fields.md): without gravity, a LinearForce field
 * of P = 5 kN down on the tip block of an n-block cantilever (and nothing else) loads its root bond
 * with the statics worked by hand — what block 1 exerts on block 2 is F = +P up and M = P (n − 1.5) L
 * about z (the tip's centre is (n − 1) L from block 1's, the bond centroid L/2) — in the step the
 * field is applied; the next step, with no field, the bond carries nothing. An AngularTorque field
 * of T on the tip gives the root bond −T back about the same axis.
 */
final class StressFieldLoadTest {
    static final int N = 6;
    static final double P = 5000, L = StressInWorldTest.SIDE;

    static World cantilever() {
        World w = Scenes.world(0);
        int c = w.placeCollection(StressInWorldTest.beam(N), CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null)
                .withOptions(Scenes.thresholds(1e12)));
        w.setStressModel(c, "support-graph", StageConfig.of(Map.of("compressionFatal", 1e12, "compressionElastic", 1e12,
                "tensionElastic", 1e12, "tensionFatal", 1e12, "shearElastic", 1e12, "shearFatal", 1e12)));
        return w;
    }

    /** The vector field only around the tip block's centre. */
    static Command.ApplyField onTip(FieldTarget t, double magnitude, FieldSpec.Vec dir) {
        FieldSpec tip = FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec((N - 1) * L, 5, 0), "radius", 0.2,
                "magnitude", 1.0, "falloff", "none");
        FieldSpec f = FieldSpec.of("culling", "operation", "outside", "culling", tip, "input",
                FieldSpec.of("uniform-vector", "magnitude", magnitude, "direction", dir));
        return new Command.ApplyField("", t, f, FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED), false);
    }

    @Test
    void aForceFieldOnTheTipLoadsTheRootBondByTheLeverRule() {
        World w = cantilever();
        w.step();
        DestructionRuntime d = w.destruction();
        int root = BondCutTest.bond(d.asset(0), 1, 2);
        double[] load = new double[6];
        d.stress().bondLoad(0, root, load);
        for (double v : load) {
            assertThat(v).isCloseTo(0, within(1e-9)); // no gravity, no field: nothing
        }
        w.queue(onTip(FieldTarget.LINEAR_FORCE, P, new FieldSpec.Vec(0, -1, 0)));
        w.step();
        d.stress().bondLoad(0, root, load);
        assertThat(load[0]).isCloseTo(0, within(1e-9 * P));
        assertThat(load[1]).isCloseTo(P, within(1e-9 * P));
        assertThat(load[2]).isCloseTo(0, within(1e-9 * P));
        double arm = (N - 1.5) * L;
        assertThat(load[3]).isCloseTo(0, within(1e-9 * P * arm));
        assertThat(load[4]).isCloseTo(0, within(1e-9 * P * arm));
        assertThat(load[5]).isCloseTo(P * arm, within(1e-9 * P * arm));
        w.step(); // the field was for one step
        d.stress().bondLoad(0, root, load);
        assertThat(Math.abs(load[1]) + Math.abs(load[5])).isLessThan(1e-6);
        double torque = 800;
        w.queue(onTip(FieldTarget.ANGULAR_TORQUE, torque, new FieldSpec.Vec(1, 0, 0))); // twist about the beam's axis
        w.step();
        d.stress().bondLoad(0, root, load);
        assertThat(load[3]).isCloseTo(-torque, within(1e-9 * torque));
        assertThat(Math.abs(load[1]) + Math.abs(load[5])).isLessThan(1e-6);
    }
}
