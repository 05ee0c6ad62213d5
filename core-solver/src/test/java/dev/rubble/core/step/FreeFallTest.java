package dev.rubble.core.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

final class FreeFallTest {
    private static final Stages STAGES = Stages.load();

    private static World fall(double dt, int subSteps, double y0) {
        World w = World.create(WorldSettings.defaults().withStep(dt, subSteps), STAGES);
        w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(1, y0, -2).withMass(3));
        return w;
    }

    @Test
    void matchesSymplecticEulerClosedFormAfterTwoSeconds() {
        double h = 1.0 / 60.0, g = 9.81, y0 = 100;
        World w = fall(h, 1, y0);
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        double t = 120 * h;
        // symplectic Euler: v_n = -g n h, y_n = y0 - g h^2 n(n+1)/2 = y0 - g t^2/2 - g h t/2
        double expected = y0 - g * t * t / 2 - g * h * t / 2;
        var b = w.bodies();
        assertThat(b.originY(0)).isCloseTo(expected, within(1e-9));
        assertThat(b.vy[0]).isCloseTo(-g * t, within(1e-9));
        assertThat(b.originX(0)).isEqualTo(1.0);
        assertThat(b.originZ(0)).isEqualTo(-2.0);
        assertThat(w.time()).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void subStepsWithTheSameEffectiveStepAreBitIdentical() {
        World a = fall(1.0 / 60.0, 1, 50);
        World b = fall(1.0 / 30.0, 2, 50);
        World c = fall(1.0 / 15.0, 4, 50);
        for (int i = 0; i < 120; i++) {
            a.step();
            if (i % 2 == 1) {
                b.step();
            }
            if (i % 4 == 3) {
                c.step();
            }
        }
        assertThat(Double.doubleToRawLongBits(b.bodies().py[0])).isEqualTo(Double.doubleToRawLongBits(a.bodies().py[0]));
        assertThat(Double.doubleToRawLongBits(c.bodies().py[0])).isEqualTo(Double.doubleToRawLongBits(a.bodies().py[0]));
        assertThat(c.bodies().vy[0]).isEqualTo(a.bodies().vy[0]);
        assertThat(c.stateHash()).isEqualTo(a.stateHash());
        double t = 2.0, h = 1.0 / 60.0;
        assertThat(c.bodies().originY(0)).isCloseTo(50 - 9.81 * t * t / 2 - 9.81 * h * t / 2, within(1e-9));
    }

    @Test
    void spinningBodyKeepsAUnitQuaternionAndRotatesAtItsRate() {
        World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0), STAGES);
        double omega = 2.0;
        w.createBody(BodyDef.of(new Sphere(1)).withAngularVelocity(0, omega, 0));
        int n = 600;
        for (int i = 0; i < n; i++) {
            w.step();
        }
        var b = w.bodies();
        double norm = Math.sqrt(b.qx[0] * b.qx[0] + b.qy[0] * b.qy[0] + b.qz[0] * b.qz[0] + b.qw[0] * b.qw[0]);
        assertThat(norm).isCloseTo(1.0, within(1e-12));
        // about a fixed axis the first-order update is tan-like: each step turns by 2*atan(w h / 2)
        double perStep = 2 * Math.atan(omega / 60.0 / 2);
        double angle = 2 * Math.atan2(b.qy[0], b.qw[0]);
        assertThat(Math.IEEEremainder(angle - n * perStep, 2 * Math.PI)).isCloseTo(0, within(1e-9));
        assertThat(b.qx[0]).isEqualTo(0.0);
        assertThat(b.qz[0]).isEqualTo(0.0);
    }
}
