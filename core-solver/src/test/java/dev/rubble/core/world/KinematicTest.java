package dev.rubble.core.world;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.step.WorldSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

final class KinematicTest {

    @Test
    void kinematicBodyReachesItsTargetExactlyAndIgnoresGravity() {
        World w = World.create(WorldSettings.defaults().withStep(1.0 / 60, 3), Stages.load());
        long h = w.createBody(BodyDef.of(new Box(1, 0.1, 1)).withMotion(MotionType.KINEMATIC).withPosition(0, 3, 0));
        double a = 0.3; // rotate by 0.3 rad about z
        w.queue(new Command.SetKinematicTarget(h, 1, 3.5, 0, 0, 0, Math.sin(a / 2), Math.cos(a / 2)));
        w.step();
        var b = w.bodies();
        int s = b.slot(h);
        assertThat(b.originX(s)).isEqualTo(1.0);
        assertThat(b.originY(s)).isEqualTo(3.5);
        assertThat(2 * Math.atan2(b.qz[s], b.qw[s])).isCloseTo(a, within(1e-12));
        w.step(); // no new target: it stays
        assertThat(b.originY(s)).isEqualTo(3.5);
    }

    @Test
    void impulseAtAnOffsetPointSpinsTheBody() {
        World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0), Stages.load());
        Box box = new Box(0.5, 0.5, 0.5);
        long h = w.createBody(BodyDef.of(box).withMass(6));
        // J = (0, 1, 0) at (0.5, 0, 0): torque r x J = (0, 0, 0.5); I = m (1 + 1) / 12 = 1 -> w_z = 0.5
        w.queue(new Command.ApplyImpulse(h, 0, 1, 0, 0.5, 0, 0));
        w.step();
        var b = w.bodies();
        assertThat(b.vy[0]).isCloseTo(1.0 / 6, within(1e-15));
        assertThat(b.wz[0]).isCloseTo(0.5, within(1e-15));
    }
}
