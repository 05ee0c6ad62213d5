package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Static members of cluster unions. Chaos's {@code UpdateKinematicProperties} (reference
 * chaos-clusters-strain-runtime §3.4) makes a cluster with a static child static, as one with an anchored or
 * kinematic child kinematic; Rubble refused static bodies in unions. The scene: a static post (0.5 × 2 × 0.5 m)
 * standing on nothing, and a 50 kg beam (2 × 0.2 × 0.5 m) flush against its side, its end face on the post's
 * face, 1.5 m up: welded to the post it must hang there; let go, it falls freely (nothing holds it: the faces
 * only touch).
 */
final class UnionStaticMemberTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    static final class Scene extends WorldProbe {
        final long post, beam;

        Scene() {
            super(Scenes.world(G));
            post = w.createBody(BodyDef.of(new Box(0.25, 1, 0.25)).withMotion(MotionType.STATIC).withPosition(0, 1, 0));
            beam = w.createBody(BodyDef.of(new Box(1, 0.1, 0.25)).withMass(50).withPosition(1.25, 1.5, 0));
        }

        void weld() {
            w.queue(new Command.UnionAdd(3, post, false));
            w.queue(new Command.UnionAdd(3, beam, false));
            w.step();
        }

        /** A 5 kg cube of 0.2 m at (x, y, z). */
        long cube(double x, double y, double z) {
            return w.createBody(BodyDef.of(new Box(0.1, 0.1, 0.1)).withMass(5).withPosition(x, y, z));
        }

        /** {@link #cube} set down on the beam's top face (1.6 m) near its far end. */
        long cubeOnBeam() {
            return cube(2.0, 1.7, 0);
        }
    }

    @Test
    void aStaticMemberHoldsWhatIsWeldedToIt() {
        Scene s = new Scene();
        double beamY = s.y(s.beam), beamX = s.x(s.beam);
        s.weld();
        Unions u = s.w.destruction().unions();
        assertThat(u.members(3)).containsExactly(s.post, s.beam);
        long ub = u.body(3);
        assertThat(s.motion(ub)).isEqualTo(MotionType.STATIC);
        assertThat(s.state(ub)).isEqualTo(BodyState.STATIC);
        Scenes.steps(s.w, 120);
        // a static body never moves: the beam hangs where it was welded, to the bit
        assertThat(s.y(s.beam)).isEqualTo(beamY);
        assertThat(s.x(s.beam)).isEqualTo(beamX);
        assertThat(u.ids()).containsExactly(3);
        assertThat(u.body(3)).isEqualTo(ub);
        BodyStore b = s.bodies();
        int us = b.slot(ub);
        assertThat(new double[] {b.vx[us], b.vy[us], b.vz[us], b.wx[us], b.wy[us], b.wz[us]}).containsOnly(0.0);
        // the union's own body is still no member (it is made again whenever its members change)
        assertThatThrownBy(() -> s.w.queue(new Command.UnionAdd(4, ub, false)))
                .hasMessageContaining("is a union's body; allowed: plain bodies and collection pieces");
    }

    @Test
    void whenThePostLeavesTheBeamFallsAndThePostStaysStatic() {
        Scene s = new Scene();
        s.weld();
        Scenes.steps(s.w, 10);
        double beamY = s.y(s.beam);
        s.w.queue(new Command.UnionRemove(3, s.post));
        Scenes.steps(s.w, 31);
        // one member left: the union dissolves; each member goes back with its own motion
        assertThat(s.w.destruction().unions().ids()).isEmpty();
        assertThat(s.motion(s.beam)).isEqualTo(MotionType.DYNAMIC);
        assertThat(s.motion(s.post)).isEqualTo(MotionType.STATIC);
        assertThat(s.state(s.post)).isEqualTo(BodyState.STATIC);
        assertThat(s.y(s.post)).isEqualTo(1.0);
        // the beam falls from rest from the removal step on: semi-implicit Euler over 31 steps gives
        // g dt² (31 · 32 / 2); its end face only slides along the post's (no load on it, so no friction)
        double fall = G * DT * DT * 31 * 32 / 2;
        assertThat(beamY - s.y(s.beam)).isCloseTo(fall, offset(fall * 1e-3));
    }

    @Test
    void theStaticUnionIsSolidAndThePostIsSolidAfterItLeaves() {
        Scene s = new Scene();
        s.weld();
        // a 0.2 m cube dropped onto the beam's far end: it lands on the static union and stays there
        long cube = s.cube(2.0, 2.2, 0);
        Scenes.steps(s.w, 120);
        assertThat(s.y(cube)).isCloseTo(1.6 + 0.1, offset(0.01)); // the beam's top face at 1.6 m
        assertThat(s.y(s.beam)).isEqualTo(1.5);
        // the post left alone is a static body in the broadphase again: a cube dropped on its top rests there
        s.w.queue(new Command.UnionRemove(3, s.post));
        long onPost = s.cube(0, 2.5, 0);
        Scenes.steps(s.w, 120);
        assertThat(s.y(onPost)).isCloseTo(2.0 + 0.1, offset(0.01));
        assertThat(s.y(s.post)).isEqualTo(1.0);
    }

    @Test
    void staticWinsOverKinematic() {
        World w = Scenes.world(G);
        long post = w.createBody(BodyDef.of(new Box(0.25, 1, 0.25)).withMotion(MotionType.STATIC).withPosition(0, 1, 0));
        // a kinematic platform moving at 1 m/s, flush against the post's other side
        long platform = w.createBody(BodyDef.of(new Box(0.5, 0.1, 0.5)).withMotion(MotionType.KINEMATIC)
                .withPosition(-0.75, 1, 0).withLinearVelocity(1, 0, 0));
        w.queue(new Command.UnionAdd(1, post, false));
        w.queue(new Command.UnionAdd(1, platform, false));
        w.step();
        BodyStore b = w.bodies();
        Unions u = w.destruction().unions();
        assertThat(b.motion(b.slot(u.body(1)))).isEqualTo(MotionType.STATIC);
        double x0 = b.px[b.slot(platform)];
        Scenes.steps(w, 30);
        // welded to a static body, the platform does not move (a static body must not: what rests on it
        // would be dragged by a velocity it never shows)
        assertThat(b.px[b.slot(platform)]).isEqualTo(x0);
        assertThat(b.px[b.slot(post)]).isEqualTo(0.0);
        // let go, it is kinematic again; the post static
        w.queue(new Command.UnionRemove(1, platform));
        w.step();
        assertThat(u.ids()).isEmpty();
        assertThat(b.motion(b.slot(platform))).isEqualTo(MotionType.KINEMATIC);
        assertThat(b.motion(b.slot(post))).isEqualTo(MotionType.STATIC);
        assertThat(b.state(b.slot(post))).isEqualTo(BodyState.STATIC);
    }

    @Test
    void whenThePostLeavesTheRestSplitsByConnectivityAndFalls() {
        Scene s = new Scene();
        // two boxes stacked flush, 5 m away from the post and the beam, queued into the same union: a union is
        // what its members are told to be, so they hang from the post too, welded into one static body
        long lower = s.w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(10).withPosition(6, 3, 0));
        long upper = s.w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(10).withPosition(6, 3.5, 0));
        s.w.queue(new Command.UnionAdd(3, lower, false));
        s.w.queue(new Command.UnionAdd(3, upper, false));
        s.weld();
        Unions u = s.w.destruction().unions();
        assertThat(u.members(3)).containsExactlyInAnyOrder(s.post, s.beam, lower, upper);
        assertThat(s.motion(u.body(3))).isEqualTo(MotionType.STATIC);
        Scenes.steps(s.w, 10);
        double y0 = s.y(lower), beamY = s.y(s.beam);
        assertThat(y0).isEqualTo(3.0);
        // the post leaves: connectivity splits the rest into the beam (alone: a free body) and the pair (a union)
        s.w.queue(new Command.UnionRemove(3, s.post));
        Scenes.steps(s.w, 30);
        assertThat(u.ids()).hasSize(1);
        int pair = u.ids()[0];
        assertThat(u.members(pair)).containsExactlyInAnyOrder(lower, upper);
        assertThat(s.motion(u.body(pair))).isEqualTo(MotionType.DYNAMIC);
        assertThat(u.unionOfMember(s.beam)).isEqualTo(-1);
        // both fall freely from rest from the removal step: g dt² (30 · 31 / 2); the pair as one body
        double fall = G * DT * DT * 30 * 31 / 2;
        assertThat(y0 - s.y(lower)).isCloseTo(fall, offset(fall * 1e-3));
        assertThat(beamY - s.y(s.beam)).isCloseTo(fall, offset(fall * 1e-3));
        assertThat(s.y(upper) - s.y(lower)).isCloseTo(0.5, offset(1e-9));
        assertThat(s.y(s.post)).isEqualTo(1.0);
    }

    @Test
    void aStaticMeshOrPlaneIsRefusedWhenQueued() {
        // a union's body is a compound of its members' convex shapes: a static triangle mesh or plane cannot be one
        // (before static members were allowed it never came up; allowed, it threw from inside the step)
        World w = Scenes.world(G);
        long plane = w.createBody(BodyDef.of(new dev.rubble.spi.shape.Plane(0, 1, 0, 0)).withMotion(MotionType.STATIC));
        long mesh = w.createBody(BodyDef.of(new dev.rubble.spi.shape.TriangleMesh(
                new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 1, 2})).withMotion(MotionType.STATIC));
        assertThatThrownBy(() -> w.queue(new Command.UnionAdd(0, plane, false)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shape PLANE; allowed: convex shapes (sphere, box, capsule, convex hull) and compounds");
        assertThatThrownBy(() -> w.queue(new Command.UnionAdd(0, mesh, false)))
                .hasMessageContaining("shape TRIANGLE_MESH; allowed: convex shapes");
        w.step(); // nothing was queued: the step runs
        assertThat(w.destruction().unions().ids()).isEmpty();
    }

    @Test
    void aVelocitySetOnAMemberOfAStaticUnionIsIgnored() {
        // a static body never moves (Box2D's b2Body_SetLinearVelocity and Jolt's BodyInterface::SetLinearVelocity
        // ignore a static body; so does Rubble's SetVelocity on a plain static body): set on the welded beam of a
        // static union it must not reach the union's body. Before (fuzz10), the static union's body took 3 m/s and
        // dragged a cube resting on the beam 0.31 m in 20 steps
        Scene s = new Scene();
        s.weld();
        long cube = s.cubeOnBeam();
        Scenes.steps(s.w, 30);
        double cubeX = s.x(cube);
        s.w.queue(new Command.SetVelocity(s.beam, 3, 0, 0, 0, 0, 0));
        s.w.queue(new Command.ApplyImpulse(cube, 0, 1e-3, 0, 2.0, 1.7, 0)); // the cube awake on it
        Scenes.steps(s.w, 21);
        BodyStore b = s.bodies();
        int us = b.slot(s.w.destruction().unions().body(3));
        assertThat(new double[] {b.vx[us], b.vy[us], b.vz[us], b.wx[us], b.wy[us], b.wz[us]}).containsOnly(0.0);
        assertThat(s.x(s.beam)).isEqualTo(1.25);
        assertThat(s.x(cube)).isCloseTo(cubeX, offset(1e-6));
    }

    @Test
    void aStaticUnionMovedByItsMembersPoseWakesWhatSleptOnIt() {
        // a pose set on a plain static body wakes what rested on it at the old place (CommandStage.setPose); a pose
        // set on a welded member moves its union's body, which for a static union must do the same. Before (fuzz10)
        // a cube asleep on the beam stayed asleep 1.7 m up in the air when the union was moved 6.5 m down under it
        Scene s = new Scene();
        s.weld();
        long cube = s.cubeOnBeam();
        Scenes.steps(s.w, 300);
        assertThat(s.state(cube)).isEqualTo(BodyState.SLEEPING);
        double y0 = s.y(cube);
        s.w.queue(new Command.SetPose(s.beam, 1.25, -5, 0, 0, 0, 0, 1));
        int n = 30;
        Scenes.steps(s.w, n);
        assertThat(s.y(s.beam)).isEqualTo(-5.0);
        // nothing under it now: it falls from rest from the teleport's step on, g dt^2 n (n + 1) / 2
        double fall = G * DT * DT * n * (n + 1) / 2;
        assertThat(y0 - s.y(cube)).isCloseTo(fall, offset(fall * 1e-3));
    }

    /** One step; before step 20 the post leaves its union (the beam falls). */
    private static void advance(World w, long post) {
        if (w.stepIndex() == 20) {
            w.queue(new Command.UnionRemove(3, post));
        }
        w.step();
    }

    @Test
    void aSnapshotOfAStaticUnionContinuesBitForBit() throws IOException {
        Scene original = new Scene();
        original.weld();
        // a cube resting on the beam: it rests on the static union, then falls with the beam
        original.cube(1.5, 1.75, 0);
        SnapshotOfCollectionsTest.assertRestoresContinue(original.w, 50, w -> advance(w, original.post), 5, 20, 21);
        assertThat(original.motion(original.beam)).isEqualTo(MotionType.DYNAMIC);
    }
}
