package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.soft.SoftBodyState;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Soft bodies as field samples (issue 24; docs/fields.md, "Soft bodies"): every point with mass is
 * a sample; linear-velocity adds to its velocity, linear-impulse adds J/m, linear-force the step's
 * impulse F·Δt; the object filter picks soft, rigid or both.
 */
final class SoftFieldsTest {
    private static final Stages STAGES = Stages.load();
    private static final double DT = 1 / 60.0;

    /** No gravity, no solver damping: a 1 × 0.5 × 1 m soft block at the origin and a 2 kg rigid ball beside it. */
    private static World scene() {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0).withStageOptions("soft-solver",
                StageConfig.of(Map.of("subSteps", 8, "iterations", 4, "damping", 0.0)));
        World w = World.create(s, STAGES);
        Cage c = CageBuilder.build(SoftWorldTest.box(0.5, 0.25, 0.5), new int[0], 500, 0.125, 1);
        w.softBodies().store().add(c, SoftMaterial.rubber(), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "block");
        w.createBody(BodyDef.of(new Sphere(0.2)).withMass(2).withPosition(5, 0, 0).withLabel("ball"));
        return w;
    }

    private static Command.ApplyField field(FieldTarget t, double x, double y, double z, FieldMeta.ObjectFilter o) {
        FieldSpec f = FieldSpec.of("uniform-vector", "magnitude", 1.0, "direction", new FieldSpec.Vec(x, y, z));
        return new Command.ApplyField("", t, f, FieldMeta.DEFAULT.withObject(o), false);
    }

    /** Mass-weighted mean velocity of the block's points (its momentum over its mass). */
    private static double[] meanVelocity(World w) {
        SoftBodyState s = w.softBodies().store().state;
        double m = 0, px = 0, py = 0, pz = 0;
        for (int p = 0; p < s.points; p++) {
            double mi = 1 / s.invMass[p];
            m += mi;
            px += mi * s.v[3 * p];
            py += mi * s.v[3 * p + 1];
            pz += mi * s.v[3 * p + 2];
        }
        return new double[] {px / m, py / m, pz / m, m};
    }

    @Test
    void aVelocityFieldMovesEveryPointAndTheBlockTravelsWithIt() {
        World w = scene();
        SoftBodyState s = w.softBodies().store().state;
        double x0 = s.x[0];
        w.queue(field(FieldTarget.LINEAR_VELOCITY, 2, 0, 0, FieldMeta.ObjectFilter.ALL));
        w.step();
        for (int p = 0; p < s.points; p++) { // uniform motion: nothing deforms, nothing damps it
            assertThat(s.v[3 * p]).isCloseTo(2, within(1e-9));
            assertThat(s.v[3 * p + 1]).isCloseTo(0, within(1e-9));
        }
        assertThat(s.x[0] - x0).isCloseTo(2 * DT, within(1e-9));
        BodyStore b = w.bodies();
        assertThat(b.vx[b.slot(w.findByLabel("ball"))]).as("object all: the ball too").isCloseTo(2, within(1e-12));
    }

    /**
     * An infinite value (every parameter finite: 1e308 × 1e308) saturates at the world's speed limit on soft
     * points as on rigid bodies (docs/fields.md, "NaN values"): the block moves at the limit along the push;
     * before, the points' velocities became infinite and the soft body was frozen as non-finite.
     */
    @Test
    void anInfiniteValueSaturatesAtTheSpeedLimitOnSoftPointsAsOnBodies() {
        for (FieldTarget t : new FieldTarget[] {FieldTarget.LINEAR_VELOCITY, FieldTarget.LINEAR_IMPULSE, FieldTarget.LINEAR_FORCE}) {
            World w = scene();
            double max = w.settings().dynamics().maxLinearSpeed();
            SoftBodyState s = w.softBodies().store().state;
            double x0 = s.x[0];
            FieldSpec inf = FieldSpec.of("operator", "left", FieldSpec.of("uniform-vector", "magnitude", 1e308,
                    "direction", new FieldSpec.Vec(1, 0, 0)), "right", FieldSpec.of("uniform-scalar", "magnitude", 1e308));
            w.queue(new Command.ApplyField("", t, inf, FieldMeta.DEFAULT, false));
            w.step();
            BodyStore b = w.bodies();
            assertThat(b.vx[b.slot(w.findByLabel("ball"))]).as("%s: the ball", t.label()).isCloseTo(max, within(1e-9 * max));
            for (int p = 0; p < s.points; p++) {
                assertThat(s.v[3 * p]).as("%s: point %d", t.label(), p).isCloseTo(max, within(1e-6 * max));
            }
            assertThat(s.x[0] - x0).as("%s: the block moved at the limit", t.label()).isCloseTo(max * DT, within(1e-6 * max * DT));
        }
    }

    @Test
    void anImpulseAndAForceGiveTheBlockTheMomentumTheyCarry() {
        World w = scene();
        int points = w.softBodies().store().state.points;
        double mass = meanVelocity(w)[3];
        // J = 0.1 N·s on every point: the block's momentum grows by points · J
        w.queue(field(FieldTarget.LINEAR_IMPULSE, 0, 0.1, 0, FieldMeta.ObjectFilter.SOFT));
        w.step();
        assertThat(meanVelocity(w)[1] * mass).isCloseTo(points * 0.1, within(1e-9));
        // F = 3 N on every point for one step: momentum grows by points · F · Δt
        World f = scene();
        f.queue(field(FieldTarget.LINEAR_FORCE, 0, 0, 3, FieldMeta.ObjectFilter.SOFT));
        f.step();
        assertThat(meanVelocity(f)[2] * mass).isCloseTo(points * 3 * DT, within(1e-9));
        BodyStore b = f.bodies();
        assertThat(b.vz[b.slot(f.findByLabel("ball"))]).as("object soft: the ball is not sampled").isZero();
    }

    @Test
    void theObjectFilterKeepsSoftAndRigidApartAndOtherTargetsAreRefusedForSoft() {
        World w = scene();
        w.queue(field(FieldTarget.LINEAR_VELOCITY, 0, 5, 0, FieldMeta.ObjectFilter.RIGID));
        w.step();
        assertThat(meanVelocity(w)[1]).as("object rigid: soft points untouched").isCloseTo(0, within(1e-12));
        assertThat(w.bodies().vy[w.bodies().slot(w.findByLabel("ball"))]).isCloseTo(5, within(1e-12));
        // a region: only points inside a sphere of 0.3 m around (0.5, 0.25, 0.5) (one corner) move
        World r = scene();
        FieldSpec corner = FieldSpec.of("culling", "operation", "outside",
                "culling", FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(0.5, 0.25, 0.5), "radius", 0.3),
                "input", FieldSpec.of("uniform-vector", "magnitude", 1.0, "direction", new FieldSpec.Vec(0, 1, 0)));
        SoftBodyState st = r.softBodies().store().state;
        int inside = 0;
        double gained = 0;
        for (int p = 0; p < st.points; p++) { // brute force: the points within 0.3 m of the corner, and their mass
            double dx = st.x[3 * p] - 0.5, dy = st.x[3 * p + 1] - 0.25, dz = st.x[3 * p + 2] - 0.5;
            if (Math.sqrt(dx * dx + dy * dy + dz * dz) < 0.3) {
                inside++;
                gained += 1 / st.invMass[p];
            }
        }
        r.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, corner, FieldMeta.DEFAULT, false));
        r.step();
        assertThat(r.context().fields.lastSamples()).isEqualTo(inside).isPositive().isLessThan(st.points / 4);
        // the soft solve spreads it through the block (no gravity, no contact): the momentum is what those points got
        double[] mv = meanVelocity(r);
        assertThat(mv[1] * mv[3]).isCloseTo(gained, within(1e-9));
        Command.ApplyField kill = new Command.ApplyField("", FieldTarget.KILL, FieldSpec.of("uniform-scalar"),
                FieldMeta.DEFAULT.withObject(FieldMeta.ObjectFilter.SOFT), false);
        assertThatThrownBy(() -> scene().queue(kill))
                .hasMessageContaining("soft bodies take linear-velocity, linear-impulse and linear-force only");
    }
}
