package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The embedding facade, against analytic expectations (free fall, impulse-momentum, rest on a plane). */
final class PhysicsWorldTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    private static PhysicsWorld world() {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)));
    }

    /** A fixed box whose top face is y = 0. */
    private static BodyId ground(PhysicsWorld w) {
        return w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
    }

    @Test
    void freeFallReadThroughJomlIsSymplecticEuler() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(1.5, -G, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(2, 10, -3)));
        Vector3d p = new Vector3d(), v = new Vector3d();
        for (int n = 1; n <= 45; n++) {
            w.step();
            double t = n * DT;
            w.position(ball, p);
            w.linearVelocity(ball, v);
            // y = y0 - g t^2/2 - g h t/2 (symplectic Euler, n steps of h); x the same with +1.5 m/s²
            assertThat(p.y).isCloseTo(10 - G * t * t / 2 - G * DT * t / 2, within(1e-9));
            assertThat(p.x).isCloseTo(2 + 1.5 * t * t / 2 + 1.5 * DT * t / 2, within(1e-9));
            assertThat(p.z).isEqualTo(-3);
            assertThat(v.y).isCloseTo(-G * t, within(1e-9));
            assertThat(v.x).isCloseTo(1.5 * t, within(1e-9));
        }
        assertThat(w.stepIndex()).isEqualTo(45);
        assertThat(w.time()).isCloseTo(45 * DT, within(1e-12));
    }

    @Test
    void impulseChangesVelocityByImpulseOverMassAndSpinByInverseInertiaTimesTorque() {
        PhysicsWorld w = world();
        // gravity off for these bodies: only the impulse changes them
        BodyId a = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(2).withGravityScale(0)
                .withPosition(new Vector3d(0, 5, 0)));
        BodyId b = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(2).withGravityScale(0)
                .withPosition(new Vector3d(10, 5, 0)));
        assertThat(w.mass(a)).isCloseTo(2, within(1e-12));
        w.applyImpulse(a, new Vector3d(3, -1, 4));
        // at the rim: r = (0.5, 0, 0), J = (0, 0, 1): r x J = (0, -0.5, 0); I = 2/5 m r^2 = 0.2
        w.applyImpulse(b, new Vector3d(0, 0, 1), new Vector3d(10.5, 5, 0));
        Vector3d v = new Vector3d(), om = new Vector3d();
        w.linearVelocity(a, v);
        assertThat(v.length()).as("commands apply at the next step").isZero();
        w.step();
        w.linearVelocity(a, v);
        w.angularVelocity(a, om);
        assertThat(v.x).isCloseTo(1.5, within(1e-12));
        assertThat(v.y).isCloseTo(-0.5, within(1e-12));
        assertThat(v.z).isCloseTo(2, within(1e-12));
        assertThat(om.length()).isZero();
        w.linearVelocity(b, v);
        w.angularVelocity(b, om);
        assertThat(v.z).isCloseTo(0.5, within(1e-12));
        assertThat(om.x).isCloseTo(0, within(1e-12));
        assertThat(om.y).isCloseTo(-2.5, within(1e-12));
        assertThat(om.z).isCloseTo(0, within(1e-12));

        w.setVelocity(a, new Vector3d(0, 0, -1), new Vector3d(0, 3, 0));
        w.step();
        assertThat(w.linearVelocity(a, v)).isEqualTo(new Vector3d(0, 0, -1));
        assertThat(w.angularVelocity(a, om)).isEqualTo(new Vector3d(0, 3, 0));
    }

    @Test
    void orientationAndTransformMatchTheBodyArraysAndPlaceTheOriginNotTheCentreOfMass() {
        PhysicsWorld w = world();
        // a compound whose only child sits 1 m along local x: the centre of mass is off the origin
        Compound offset = new Compound(List.of(new Compound.Child(new Sphere(0.5), 1, 0, 0, 0, 0, 0, 1)));
        double half = Math.PI / 4; // 90° about z
        Quaterniond q = new Quaterniond(0, 0, Math.sin(half), Math.cos(half));
        BodyId body = w.addBody(BodySpec.dynamic(offset).withGravityScale(0).withOrientation(q)
                .withPosition(new Vector3d(2, 3, 4)));
        Vector3d p = new Vector3d(), c = new Vector3d();
        assertThat(w.position(body, p).distance(2, 3, 4)).isLessThan(1e-12);
        // R_z(90°) (1, 0, 0) = (0, 1, 0)
        assertThat(w.centerOfMass(body, c).distance(2, 4, 4)).isLessThan(1e-12);

        w.setVelocity(body, new Vector3d(0.3, 0, 0), new Vector3d(0.4, -1.1, 0.7));
        w.step(20);
        BodyStore b = w.kernel().bodies();
        int s = (int) body.handle();
        Quaterniond r = w.orientation(body, new Quaterniond());
        assertThat(new double[] {r.x, r.y, r.z, r.w}).containsExactly(b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
        Matrix4d m = w.transform(body, new Matrix4d());
        // rotation part: the standard quaternion-to-matrix formula, written out here
        double x = b.qx[s], y = b.qy[s], z = b.qz[s], qw = b.qw[s];
        double[][] rot = {
            {1 - 2 * (y * y + z * z), 2 * (x * y - z * qw), 2 * (x * z + y * qw)},
            {2 * (x * y + z * qw), 1 - 2 * (x * x + z * z), 2 * (y * z - x * qw)},
            {2 * (x * z - y * qw), 2 * (y * z + x * qw), 1 - 2 * (x * x + y * y)}};
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                assertThat(m.get(col, row)).as("R[%d][%d]", row, col).isCloseTo(rot[row][col], within(1e-12));
            }
        }
        w.position(body, p);
        assertThat(new Vector3d(m.m30(), m.m31(), m.m32()).distance(p)).isLessThan(1e-12);
        assertThat(m.m33()).isEqualTo(1);
        // the local child centre (1, 0, 0) through the matrix is the centre of mass
        Vector3d local = m.transformPosition(new Vector3d(1, 0, 0));
        assertThat(local.distance(w.centerOfMass(body, c))).isLessThan(1e-12);
    }

    @Test
    void setPoseTeleportsAndIsAppliedAtTheNextStep() {
        PhysicsWorld w = world();
        ground(w);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withGravityScale(0)
                .withPosition(new Vector3d(0, 3, 0)).withLinearVelocity(new Vector3d(0, 0, 0.6)));
        Quaterniond q = new Quaterniond().rotationAxis(0.7, 0, 1, 0);
        w.setPose(ball, new Vector3d(5, 0.5, -2), q);
        w.step();
        Vector3d p = w.position(ball, new Vector3d());
        // applied at the start of the step, then one step of the kept velocity
        assertThat(p.x).isCloseTo(5, within(1e-12));
        assertThat(p.y).isCloseTo(0.5, within(1e-6));
        assertThat(p.z).isCloseTo(-2 + 0.6 * DT, within(1e-12));
        Quaterniond r = w.orientation(ball, new Quaterniond());
        assertThat(Math.abs(r.dot(q))).isCloseTo(1, within(1e-12));
        // the broadphase saw it at the new place: a ray straight down from above it hits it
        QueryHit hit = new QueryHit();
        assertThat(w.rayCast(new Vector3d(5, 10, p.z), new Vector3d(0, -1, 0), 20, hit)).isTrue();
        assertThat(hit.body()).isEqualTo(ball);
        assertThat(hit.distance()).isCloseTo(10 - 1.0, within(1e-9));
    }

    @Test
    void teleportingAStaticPlatformWakesWhatSleptOnItAndMovesItInTheBroadphase() {
        PhysicsWorld w = world();
        BodyId platform = w.addBody(BodySpec.fixed(new Box(1, 0.25, 1)).withPosition(new Vector3d(0, 2, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 2.75, 0)));
        int steps = 0;
        while (!w.isAsleep(ball) && steps < 600) {
            w.step();
            steps++;
        }
        assertThat(w.isAsleep(ball)).as("asleep on the platform after %d steps", steps).isTrue();
        double y0 = w.position(ball, new Vector3d()).y;
        assertThat(y0).isCloseTo(2.75, within(0.005));

        w.setPose(platform, new Vector3d(100, 2, 0), new Quaterniond());
        int n = 30;
        w.step(n);
        assertThat(w.isAsleep(ball)).isFalse();
        // nothing under it any more: free fall from rest, y0 - g h^2 n(n+1)/2
        assertThat(w.position(ball, new Vector3d()).y).isCloseTo(y0 - G * DT * DT * n * (n + 1) / 2, within(1e-9));
        QueryHit hit = new QueryHit();
        assertThat(w.rayCast(new Vector3d(100, 5, 0), new Vector3d(0, -1, 0), 10, hit)).isTrue();
        assertThat(hit.body()).isEqualTo(platform);
        assertThat(hit.distance()).isCloseTo(5 - 2.25, within(1e-9));
        assertThat(w.rayCast(new Vector3d(0.5, 5, 0.5), new Vector3d(0, -1, 0), 10, hit)).as("gone from the old place").isFalse();
    }

    @Test
    void rayShapeOverlapAndClosestPointQueriesAgreeWithGeometry() {
        PhysicsWorld w = world();
        BodyId ground = ground(w);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(5, 0.4, 5)));
        QueryHit hit = new QueryHit();
        Vector3d v = new Vector3d();

        // straight down from 4 m above the top face; direction need not be unit
        assertThat(w.rayCast(new Vector3d(1, 4, 2), new Vector3d(0, -2, 0), 10, hit)).isTrue();
        assertThat(hit.body()).isEqualTo(ground);
        assertThat(hit.distance()).isCloseTo(4, within(1e-9));
        assertThat(hit.fraction()).isCloseTo(0.4, within(1e-9));
        assertThat(hit.point(v).distance(1, 0, 2)).isLessThan(1e-9);
        assertThat(hit.normal(v).distance(0, 1, 0)).isLessThan(1e-9);
        // oblique (3, -4, 0)/5 from y = 4: reaches y = 0 after 5 m, at x + 3
        assertThat(w.rayCast(new Vector3d(1, 4, 2), new Vector3d(3, -4, 0), 10, hit)).isTrue();
        assertThat(hit.distance()).isCloseTo(5, within(1e-9));
        assertThat(hit.point(v).distance(4, 0, 2)).isLessThan(1e-9);
        // too short, and pointing away
        assertThat(w.rayCast(new Vector3d(1, 4, 2), new Vector3d(0, -1, 0), 3.9, hit)).isFalse();
        assertThat(hit.hit()).isFalse();
        assertThat(w.rayCast(new Vector3d(1, 4, 2), new Vector3d(0, 1, 0), 100, hit)).isFalse();

        // a sphere of 0.5 swept down from y = 3 first touches the top face with its centre at 0.5
        assertThat(w.shapeCast(new Sphere(0.5), new Vector3d(-3, 3, 0), new Quaterniond(), new Vector3d(0, -10, 0), hit))
                .isTrue();
        assertThat(hit.body()).isEqualTo(ground);
        assertThat(hit.distance()).isCloseTo(2.5, within(1e-6));
        assertThat(hit.fraction()).isCloseTo(0.25, within(1e-7));
        assertThat(hit.point(v).distance(-3, 0, 0)).isLessThan(1e-6);

        // a 1.2 m sphere at (5, 1, 5): 0.6 m from the ball's centre (< 1.7) and 0.2 m into the ground
        List<BodyId> found = new ArrayList<>();
        assertThat(w.overlap(new Sphere(1.2), new Vector3d(5, 1, 5), new Quaterniond(), found)).isEqualTo(2);
        assertThat(found).containsExactly(ground, ball);
        // 0.9 m sphere at the same place: clear of the ground (bottom at 0.1), still in the ball
        assertThat(w.overlap(new Sphere(0.9), new Vector3d(5, 1, 5), new Quaterniond(), found)).isEqualTo(1);
        assertThat(found).containsExactly(ball);
        assertThat(w.overlap(new Sphere(0.9), new Vector3d(-5, 5, -5), new Quaterniond(), found)).isZero();
        assertThat(found).isEmpty();

        // closest point to (5, 3, 5): the ball's top at (5, 0.9, 5), 2.1 m away
        assertThat(w.closestPoint(new Vector3d(5, 3, 5), 5, hit)).isTrue();
        assertThat(hit.body()).isEqualTo(ball);
        assertThat(hit.distance()).isCloseTo(2.1, within(1e-6));
        assertThat(hit.point(v).distance(5, 0.9, 5)).isLessThan(1e-6);
    }

    @Test
    void listenersHearEveryStepAndTheRestingSphereCarriesItsWeight() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)).withSleeping(false));
        BodyId ground = ground(w);
        double r = 0.5, mass = 3;
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(r)).withMass(mass).withPosition(new Vector3d(0, r, 0)));
        List<long[]> steps = new ArrayList<>();
        List<Double> times = new ArrayList<>();
        w.addStepListener((step, time, profile) -> {
            steps.add(new long[] {step, profile.step()});
            times.add(time);
        });
        double[] impulse = new double[1];
        int[] calls = new int[1];
        Vector3d n = new Vector3d();
        BodyId[] pair = new BodyId[2];
        w.addContactListener(c -> {
            calls[0]++;
            impulse[0] = c.normalImpulse();
            pair[0] = c.bodyA();
            pair[1] = c.bodyB();
            c.normal(n);
        });
        int settle = 60, measured = 120;
        w.step(settle);
        for (int i = 0; i < measured; i++) {
            calls[0] = 0;
            w.step();
            assertThat(calls[0]).as("one manifold: sphere on ground").isEqualTo(1);
            // at rest the contact cancels gravity's m g dt every step
            assertThat(impulse[0]).isCloseTo(mass * G * DT, within(0.01 * mass * G * DT));
            assertThat(pair).containsExactly(ground, ball);
            assertThat(n.distance(0, 1, 0)).isLessThan(1e-9);
        }
        assertThat(steps).hasSize(settle + measured);
        for (int i = 0; i < steps.size(); i++) {
            assertThat(steps.get(i)).containsExactly(i, i);
            assertThat(times.get(i)).isCloseTo((i + 1) * DT, within(1e-12));
        }
        assertThat(w.position(ball, new Vector3d()).y).isCloseTo(r, within(0.005));
    }

    @Test
    void readsQueriesAndContactListenersAllocateNothingInSteadyState() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        ground(w);
        List<BodyId> balls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            balls.add(w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(i % 10, 0.3 + i / 10 * 0.6, 0))));
        }
        double[] sum = new double[1];
        Vector3d n = new Vector3d();
        w.addContactListener(c -> {
            sum[0] += c.normalImpulse() + c.normal(n).y + c.bodyA().handle() + c.bodyB().handle();
        });
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        Matrix4d m = new Matrix4d();
        QueryHit hit = new QueryHit();
        Vector3d origin = new Vector3d(3, 10, 0), down = new Vector3d(0, -1, 0);
        Runnable work = () -> {
            w.step();
            for (int i = 0; i < balls.size(); i++) {
                BodyId b = balls.get(i);
                sum[0] += w.position(b, p).y + w.orientation(b, q).w + w.transform(b, m).m31() + w.linearVelocity(b, p).y;
            }
            w.rayCast(origin, down, 20, hit);
            sum[0] += hit.distance();
        };
        for (int i = 0; i < 600; i++) { // warm up: JIT, array growth
            work.run();
        }
        // a per-step allocation would show in every round; the JIT's occasional deoptimisation
        // (which re-materialises a few objects once) in one at most, so the quietest round must be 0
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 200; i++) {
                work.run();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(quietest).as("bytes allocated by 200 steps with reads, quietest of 5 rounds").isZero();
        assertThat(sum[0]).isNotZero();
    }

    @Test
    void pluginsListTheirImplementationsAndWorldsFromTheSameCallsAreBitIdentical() {
        Plugins loaded = Rubble.loadPlugins();
        assertThat(loaded).isNotSameAs(Rubble.defaultPlugins());
        assertThat(Rubble.defaultPlugins()).isSameAs(Rubble.defaultPlugins());
        assertThat(loaded.implementations("broadphase")).contains("grid", "sap", "bruteforce");
        assertThat(loaded.implementations("narrowphase")).contains("default");
        assertThatThrownBy(() -> loaded.implementations("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("broadphase");
        PhysicsWorld a = Rubble.newWorld(WorldConfig.defaults());
        PhysicsWorld b = loaded.newWorld(WorldConfig.defaults().withStage("broadphase", "sap"));
        for (PhysicsWorld w : List.of(a, b)) {
            ground(w);
            for (int i = 0; i < 20; i++) {
                w.addBody(BodySpec.dynamic(i % 2 == 0 ? new Sphere(0.3) : new Box(0.3, 0.2, 0.25))
                        .withPosition(new Vector3d(0.1 * (i % 4), 0.5 + 0.7 * i, 0.05 * i)));
            }
        }
        for (int i = 0; i < 240; i++) {
            a.step();
            b.step();
            assertThat(b.stateHash()).as("step %d", i).isEqualTo(a.stateHash());
        }
    }

    @Test
    void badInputNamesTheProblemAndChangesNothing() {
        PhysicsWorld w = world();
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)));
        w.removeBody(ball);
        assertThat(w.contains(ball)).as("removal is a command for the next step").isTrue();
        w.step();
        assertThat(w.contains(ball)).isFalse();
        assertThatThrownBy(() -> w.position(ball, new Vector3d()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a live body");
        BodyId other = w.addBody(BodySpec.dynamic(new Sphere(0.5)));
        assertThat(other).as("the slot is reused under a new generation").isNotEqualTo(ball);
        assertThatThrownBy(() -> w.applyImpulse(other, new Vector3d(Double.NaN, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("impulse = (NaN");
        assertThatThrownBy(() -> w.rayCast(new Vector3d(), new Vector3d(), 1, new QueryHit()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ray direction");
        assertThatThrownBy(() -> WorldConfig.defaults().withTimeStep(0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dt = 0.0");
        assertThatThrownBy(() -> Rubble.newWorld(WorldConfig.defaults().withStage("broadphase", "nope")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope").hasMessageContaining("grid");
        assertThatThrownBy(() -> w.step(-1)).isInstanceOf(IllegalArgumentException.class);
        w.addStepListener((s, t, p) -> w.step());
        assertThatThrownBy(w::step).isInstanceOf(IllegalStateException.class).hasMessageContaining("listener");
    }
}
