package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * A push on a body welded into a cluster union moves the union (issue 29): the member's own body is
 * disabled and takes the union's pose and velocity every step, so an impulse, a velocity or a force
 * (or a pose) written to it was lost. Two boxes of 1 and 3 kg, 2 m apart along x, welded, no gravity.
 */
final class UnionPushTest {
    private static final double DT = 1.0 / 60;

    private record Scene(World w, long a, long b) {
        long union() {
            return w.destruction().unions().body(0);
        }

        int slot(long h) {
            return w.bodies().slot(h);
        }
    }

    private static Scene welded() {
        World w = Scenes.world(0);
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(3).withPosition(2, 5, 0));
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        assertThat(w.destruction().unions().members(0)).containsExactly(a, b);
        return new Scene(w, a, b);
    }

    @Test
    void anImpulseOnAMemberPushesTheUnionAtThatPoint() {
        Scene s = welded();
        BodyStore bs = s.w().bodies();
        int u = s.slot(s.union()), ma = s.slot(s.a());
        double ax = bs.px[ma], ay = bs.py[ma], az = bs.pz[ma];
        double ux = bs.px[u], uy = bs.py[u], uz = bs.pz[u];
        // 4 N·s along z at box a's centre: the union (4 kg, centre 1.5 m from a) moves at 1 m/s along z and
        // turns about y: L = r x J = (-1.5, 0, 0) x (0, 0, 4) = (0, 6, 0)
        s.w().queue(new Command.ApplyImpulse(s.a(), 0, 0, 4, ax, ay, az));
        s.w().step();
        assertThat(bs.vz[u] * 4).as("union momentum along z").isCloseTo(4, within(1e-9));
        assertThat(ax - ux).isCloseTo(-1.5, within(1e-12));
        // I about y through the centre: two 0.5 m cubes (m/6 · 0.25 each) plus parallel axis 1·1.5² + 3·0.5²
        double iyy = (1 + 3) / 6.0 * 0.25 + 1 * 1.5 * 1.5 + 3 * 0.5 * 0.5;
        assertThat(bs.wy[u] * iyy).as("union angular momentum about y").isCloseTo(6, within(1e-9));
        assertThat(uy).isEqualTo(ay);
        assertThat(uz).isEqualTo(az);
    }

    @Test
    void aVelocitySetOnAMemberIsTheMembersVelocityAfterTheStep() {
        Scene s = welded();
        BodyStore bs = s.w().bodies();
        s.w().queue(new Command.SetVelocity(s.b(), 1, 2, 3, 0, 0.5, 0));
        s.w().step();
        int mb = s.slot(s.b());
        // set at the step's start: box b (0.5 m from the union's centre along x) moves at v and the union turns at
        // w = 0.5 rad/s about y, so v_u = v - w x r0 = (1, 2, 3.25); one step later r has turned by 0.5 dt and
        // the member's velocity is v_u + w x r1 = (1 - 0.25 sin θ, 2, 3.25 - 0.25 cos θ)
        double th = 0.5 * DT;
        assertThat(bs.vx[mb]).isCloseTo(1 - 0.25 * Math.sin(th), within(1e-6));
        assertThat(bs.vy[mb]).isCloseTo(2, within(1e-9));
        assertThat(bs.vz[mb]).isCloseTo(3.25 - 0.25 * Math.cos(th), within(1e-6));
        assertThat(bs.wy[mb]).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void aPoseSetOnAMemberCarriesTheUnionAlong() {
        Scene s = welded();
        BodyStore bs = s.w().bodies();
        // box a to (10, 5, -3), turned 90° about y: box b, 2 m along a's x, lands 2 m along world -z from it
        double h = Math.sqrt(0.5);
        s.w().queue(new Command.SetPose(s.a(), 10, 5, -3, 0, h, 0, h));
        s.w().step();
        int ma = s.slot(s.a()), mb = s.slot(s.b());
        assertThat(bs.originX(ma)).isCloseTo(10, within(1e-9));
        assertThat(bs.originY(ma)).isCloseTo(5, within(1e-9));
        assertThat(bs.originZ(ma)).isCloseTo(-3, within(1e-9));
        assertThat(Math.abs(bs.qy[ma] * h + bs.qw[ma] * h)).as("|q . q_target|").isCloseTo(1, within(1e-9));
        assertThat(bs.originX(mb)).isCloseTo(10, within(1e-9));
        assertThat(bs.originZ(mb)).isCloseTo(-5, within(1e-9));
    }

    @Test
    void aForceOnAMemberAcceleratesTheUnion() {
        Scene s = welded();
        BodyStore bs = s.w().bodies();
        int u = s.slot(s.union());
        s.w().queue(new Command.ApplyForce(s.b(), 8, 0, 0));
        s.w().step();
        // along the line through both centres: no turn; 8 N on 4 kg for one step
        assertThat(bs.vx[u]).isCloseTo(8.0 / 4 * DT, within(1e-12));
        assertThat(bs.wz[u]).isCloseTo(0, within(1e-12));
    }
}
