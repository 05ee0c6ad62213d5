package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Step events through the public API (docs/events.md): switches, every filter against scenes whose
 * masses and speeds are set by the test, caps with each sort against the sorted unfiltered list of
 * a twin world stepped in lockstep, hits once per impact, begin/end pairs, the pre-solve hook.
 */
final class EventsTest {
    private static final int N = 12;
    /** Masses 1..12 kg and speeds that are a permutation of them (so mass and speed rank differently); one speed exactly 2. */
    private static final double[] MASS = new double[N], SPEED = new double[N];

    static {
        for (int i = 0; i < N; i++) {
            MASS[i] = 1 + i;
            SPEED[i] = 0.5 * ((i * 7) % N) + 0.25;
        }
        SPEED[3] = 2.0;
    }

    /** N spheres in zero gravity, far apart, each moving along +y at its speed: MOVED events with known masses and speeds. */
    private static PhysicsWorld drifting() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        for (int i = 0; i < N; i++) {
            w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(MASS[i]).withPosition(new Vector3d(10 * i, 0, 0))
                    .withLinearVelocity(new Vector3d(0, SPEED[i], 0)));
        }
        return w;
    }

    private record Ev(long a, long b, double mass, double massB, double speed, double impulse, double x) {
    }

    private static List<Ev> read(PhysicsWorld w, EventKind kind) {
        EventView v = w.events().of(kind);
        List<Ev> out = new ArrayList<>();
        Vector3d p = new Vector3d();
        for (int i = 0; i < v.count(); i++) {
            out.add(new Ev(v.handleA(i), v.handleB(i), v.massA(i), v.massB(i), v.speed(i), v.impulse(i), v.point(i, p).x));
        }
        return out;
    }

    @Test
    void nothingIsGatheredUntilSwitchedOn() {
        PhysicsWorld w = drifting();
        w.step(3);
        assertThat(w.events().total()).isZero();
        w.setEvents(EventKind.MOVED, true);
        assertThat(w.events().count(EventKind.MOVED)).as("a switch is a command: applied by the next step").isZero();
        w.step();
        List<Ev> moved = read(w, EventKind.MOVED);
        assertThat(moved).hasSize(N);
        for (int i = 0; i < N; i++) {
            assertThat(moved.get(i).mass()).isEqualTo(MASS[i]);
            assertThat(moved.get(i).speed()).isEqualTo(SPEED[i]);
        }
        w.setEvents(EventKind.MOVED, false);
        w.step();
        assertThat(w.events().total()).isZero();
    }

    @Test
    void perBodySwitchesSelectTheirBodiesOnly() {
        PhysicsWorld w = drifting();
        BodyId b3 = new BodyId(w.kernel().bodies().handle(3)), b7 = new BodyId(w.kernel().bodies().handle(7));
        w.setBodyEvents(b3, EventKind.MOVED);
        w.setBodyEvents(b7, EventKind.MOVED, EventKind.SLEEP);
        w.step();
        assertThat(read(w, EventKind.MOVED)).extracting(Ev::a).containsExactly(b3.handle(), b7.handle());
        w.setBodyEvents(b3);
        w.step();
        assertThat(read(w, EventKind.MOVED)).extracting(Ev::a).containsExactly(b7.handle());
    }

    @Test
    void eachFilterDropsExactlyTheEventsUnderItsThreshold() {
        // minMass: the bodies of at least 6.5 kg
        PhysicsWorld w = drifting();
        w.setEvents(EventKind.MOVED, true);
        w.setEventFilter(EventKind.MOVED, EventFilter.defaults(EventKind.MOVED).minMass(6.5));
        w.step();
        assertThat(read(w, EventKind.MOVED)).extracting(Ev::mass).containsExactly(7.0, 8.0, 9.0, 10.0, 11.0, 12.0);

        // minSpeed 2: the threshold itself passes (strictly under is dropped)
        w.setEventFilter(EventKind.MOVED, EventFilter.defaults(EventKind.MOVED).minSpeed(2.0));
        w.step();
        List<Double> expected = new ArrayList<>();
        for (double s : SPEED) {
            if (s >= 2.0) {
                expected.add(s);
            }
        }
        assertThat(read(w, EventKind.MOVED)).extracting(Ev::speed).containsExactlyElementsOf(expected);
        assertThat(expected).contains(2.0);

        // maxDistance: within 25 m of x = 30 (bodies at x = 10 i): i = 1..5 (x 10, 20, 30, 40, 50)
        w.setEventFilter(EventKind.MOVED, EventFilter.defaults(EventKind.MOVED).maxDistance(new Vector3d(30, 0, 0), 25));
        w.step();
        assertThat(read(w, EventKind.MOVED)).extracting(e -> Math.round(e.x())).containsExactly(10L, 20L, 30L, 40L, 50L);
    }

    @Test
    void capWithEachSortKeepsTheTopNOfTheUnfilteredList() {
        for (EventSort sort : EventSort.values()) {
            PhysicsWorld all = drifting(), capped = drifting();
            Vector3d centre = new Vector3d(64, 0, 0);
            all.setEvents(EventKind.MOVED, true);
            capped.setEvents(EventKind.MOVED, true);
            capped.setEventFilter(EventKind.MOVED, EventFilter.defaults(EventKind.MOVED).maxDistance(centre,
                    Double.POSITIVE_INFINITY).maxResults(5).sort(sort));
            all.step();
            capped.step();
            List<Ev> list = new ArrayList<>(read(all, EventKind.MOVED));
            Comparator<Ev> order = switch (sort) {
                case MASS -> Comparator.comparingDouble((Ev e) -> -e.mass());
                case SPEED -> Comparator.comparingDouble((Ev e) -> -e.speed());
                case NEAREST -> Comparator.comparingDouble((Ev e) -> Math.abs(e.x() - centre.x));
                default -> (a, b) -> 0; // moved events carry no impulse: canonical order
            };
            list.sort(order); // List.sort is stable: ties keep canonical order
            assertThat(read(capped, EventKind.MOVED)).as(sort.name()).containsExactlyElementsOf(list.subList(0, 5));
        }
    }

    /**
     * Pairs of spheres in zero gravity approaching head on along x at relative speed u_i, with
     * masses (mA_i, mB_i): one hit per pair with u_i at or above 1 m/s, its approach speed u_i.
     */
    private static final double[][] PAIRS = {
            {1, 1, 0.5}, {1, 8, 3}, {8, 1, 5}, {8, 8, 2}, {2, 3, 7}, {4, 1, 1.5}, {1, 2, 6}, {6, 6, 0.9}};

    private static PhysicsWorld collisions() {
        return collisions(-1);
    }

    /** The pairs, at their own relative speeds or (speed > 0) all at {@code speed}: then all hit in the same step. */
    private static PhysicsWorld collisions(double speed) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        for (int i = 0; i < PAIRS.length; i++) {
            double u = speed > 0 ? speed : PAIRS[i][2];
            w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(PAIRS[i][0]).withPosition(new Vector3d(-1.0, 0, 10 * i))
                    .withLinearVelocity(new Vector3d(u / 2, 0, 0)));
            w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(PAIRS[i][1]).withPosition(new Vector3d(1.0, 0, 10 * i))
                    .withLinearVelocity(new Vector3d(-u / 2, 0, 0)));
        }
        return w;
    }

    /** Every hit of 90 steps, in order. */
    private static List<Ev> hits(PhysicsWorld w) {
        List<Ev> out = new ArrayList<>();
        for (int s = 0; s < 90; s++) {
            w.step();
            out.addAll(read(w, EventKind.HIT));
        }
        return out;
    }

    @Test
    void hitsCarryTheApproachSpeedAndTheCollisionMassRuleDropsOnlyWhenBothAreLight() {
        PhysicsWorld w = collisions();
        w.setEvents(EventKind.HIT, true);
        List<Ev> hits = hits(w);
        int fast = 0;
        for (double[] p : PAIRS) {
            fast += p[2] >= 1 ? 1 : 0;
        }
        assertThat(hits).hasSize(fast);
        for (Ev e : hits) {
            int pair = (int) e.a() / 2; // bodies were added pair by pair into slots 0, 1, 2, ...
            assertThat((int) e.b()).isEqualTo(2 * pair + 1);
            assertThat(e.speed()).as("approach speed of pair " + pair).isCloseTo(PAIRS[pair][2],
                    org.assertj.core.data.Offset.offset(1e-9));
            assertThat(e.mass()).isEqualTo(PAIRS[pair][0]);
            assertThat(e.massB()).isEqualTo(PAIRS[pair][1]);
            assertThat(e.impulse()).isPositive();
        }

        PhysicsWorld f = collisions();
        f.setEvents(EventKind.HIT, true);
        f.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.HIT).minMass(5));
        List<Ev> kept = hits(f);
        List<Ev> expected = new ArrayList<>();
        for (Ev e : hits) {
            if (!(e.mass() < 5 && e.massB() < 5)) {
                expected.add(e);
            }
        }
        assertThat(kept).containsExactlyElementsOf(expected);
        assertThat(kept).extracting(e -> Math.round(e.speed() * 10) / 10.0).containsExactlyInAnyOrder(3.0, 5.0, 2.0);

        // minImpulse: exactly the unfiltered hits with at least the threshold (the median)
        double threshold = hits.stream().mapToDouble(Ev::impulse).sorted().toArray()[hits.size() / 2];
        PhysicsWorld g = collisions();
        g.setEvents(EventKind.HIT, true);
        g.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.HIT).minImpulse(threshold));
        assertThat(hits(g)).containsExactlyElementsOf(hits.stream().filter(e -> e.impulse() >= threshold).toList());

        // the hit speed is the speed filter: 4 m/s keeps the faster pairs only
        PhysicsWorld h = collisions();
        h.setEvents(EventKind.HIT, true);
        h.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.HIT).minSpeed(4));
        assertThat(hits(h)).extracting(e -> Math.round(e.speed() * 10) / 10.0).containsExactlyInAnyOrder(5.0, 7.0, 6.0);
    }

    @Test
    void aCapSortedByImpulseKeepsTheLargestImpulses() {
        PhysicsWorld all = collisions(3), capped = collisions(3);
        all.setEvents(EventKind.HIT, true);
        all.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.HIT).minSpeed(0.1));
        capped.setEvents(EventKind.HIT, true);
        capped.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.HIT).minSpeed(0.1).maxResults(2)
                .sort(EventSort.IMPULSE));
        int stepsWithMore = 0;
        for (int s = 0; s < 90; s++) {
            all.step();
            capped.step();
            List<Ev> list = new ArrayList<>(read(all, EventKind.HIT));
            list.sort(Comparator.comparingDouble((Ev e) -> -e.impulse()));
            if (list.size() > 2) {
                stepsWithMore++;
            }
            assertThat(read(capped, EventKind.HIT)).containsExactlyElementsOf(list.subList(0, Math.min(2, list.size())));
        }
        assertThat(stepsWithMore).as("the cap must have had something to cut").isPositive();
    }

    @Test
    void aRestingBoxHitsOnceAndABouncingBallOncePerBounce() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(-5, 2, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMaterial(0.5, 0.7)
                .withPosition(new Vector3d(5, 3, 0)));
        w.setEvents(EventKind.HIT, true);
        w.setEvents(EventKind.CONTACT_BEGIN, true);
        w.setEvents(EventKind.CONTACT_END, true);
        int boxHits = 0, ballHits = 0, bounces = 0, begins = 0, ends = 0;
        Vector3d v = new Vector3d();
        double vyBefore = 0;
        for (int s = 0; s < 240; s++) {
            w.step();
            EventView h = w.events().of(EventKind.HIT);
            for (int i = 0; i < h.count(); i++) {
                if (h.bodyB(i).equals(box) || h.bodyA(i).equals(box)) {
                    boxHits++;
                } else if (h.bodyB(i).equals(ball) || h.bodyA(i).equals(ball)) {
                    ballHits++;
                }
            }
            begins += count(w.events().of(EventKind.CONTACT_BEGIN), ball);
            ends += count(w.events().of(EventKind.CONTACT_END), ball);
            double vy = w.linearVelocity(ball, v).y;
            // the solver reads the approach speed before the step's gravity: the last step's velocity
            if (vyBefore <= -1.0 && vy > 0) {
                bounces++; // an impact at or above the 1 m/s hit speed
            }
            assertThat(Math.abs(vyBefore + 1.0) < 1e-3 && vy > 0).as("no bounce at the hit speed itself").isFalse();
            vyBefore = vy;
        }
        assertThat(boxHits).as("a box landing and resting for 4 s: one hit").isEqualTo(1);
        assertThat(bounces).isGreaterThanOrEqualTo(3);
        assertThat(ballHits).as("one hit per bounce").isEqualTo(bounces);
        assertThat(begins).as("every begin of the ball's contact has its end, but the last (it rests)")
                .isEqualTo(ends + 1);
        assertThat(begins).isGreaterThanOrEqualTo(bounces);
    }

    private static int count(EventView v, BodyId body) {
        int n = 0;
        for (int i = 0; i < v.count(); i++) {
            if (body.equals(v.bodyA(i)) || body.equals(v.bodyB(i))) {
                n++;
            }
        }
        return n;
    }

    @Test
    void thePreSolveHookRejectsOrChangesANewPair() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId ground = w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId ghost = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(-3, 1, 0)));
        BodyId bouncy = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(3, 1, 0)));
        int[] calls = new int[1];
        w.setPreSolveHook(c -> {
            calls[0]++;
            if (c.bodyA().equals(ghost) || c.bodyB().equals(ghost)) {
                return false;
            }
            assertThat(c.restitution()).isZero();
            c.setRestitution(0.9);
            return true;
        });
        Vector3d p = new Vector3d();
        double peakAfterBounce = 0;
        boolean bounced = false;
        for (int s = 0; s < 120; s++) {
            w.step();
            double vy = w.linearVelocity(bouncy, p).y;
            bounced |= vy > 0;
            if (bounced) {
                peakAfterBounce = Math.max(peakAfterBounce, w.position(bouncy, p).y);
            }
        }
        assertThat(w.position(ghost, p).y).as("the rejected pair never pushed it up").isLessThan(-5);
        // e = 0.9 from 0.75 m of fall: back up to about 0.81 x 0.75 above the ground (0.25 radius)
        assertThat(peakAfterBounce).isGreaterThan(0.25 + 0.5 * 0.75);
        assertThat(calls[0]).as("once per new pair, not per step").isLessThan(10);
        assertThat(ground).isNotNull();
    }

    @Test
    void badSettingsFailNamingTheField() {
        EventFilter f = EventFilter.defaults(EventKind.HIT);
        assertThatThrownBy(() -> f.minMass(-1)).hasMessageContaining("minMass = -1.0");
        assertThatThrownBy(() -> f.minSpeed(Double.NaN)).hasMessageContaining("minSpeed = NaN");
        assertThatThrownBy(() -> f.maxResults(-3)).hasMessageContaining("maxResults = -3");
        assertThatThrownBy(() -> f.maxDistance(new Vector3d(), -1)).hasMessageContaining("maxDistance = -1.0");
        assertThatThrownBy(() -> EventKind.byLabel("bang", "events.kind")).hasMessageContaining("events.kind = \"bang\"")
                .hasMessageContaining("allowed: begin, end, hit");
        PhysicsWorld w = drifting();
        assertThatThrownBy(() -> w.setCollectionEvents(0, EventKind.BREAK)).hasMessageContaining("collection = 0");
    }

    @Test
    void stepsAllocateNothingWithEventsOffOrWithAListenerReadingEveryContactEvent() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (boolean on : new boolean[] {false, true}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)));
            for (int i = 0; i < 300; i++) {
                w.addBody(BodySpec.dynamic(i % 2 == 0 ? new Sphere(0.3) : new Box(0.2, 0.3, 0.4))
                        .withPosition(new Vector3d(i % 10, 1 + i / 10, (i % 3) * 0.1))
                        .withMaterial(0.5, i % 4 == 0 ? 0.6 : 0));
            }
            double[] sink = new double[1];
            Vector3d tmp = new Vector3d();
            if (on) {
                for (EventKind k : EventKind.values()) {
                    w.setEvents(k, true);
                }
                w.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.HIT).maxResults(10).sort(EventSort.SPEED));
                EventKind[] contactKinds = {EventKind.CONTACT_BEGIN, EventKind.CONTACT_END, EventKind.HIT};
                w.addEventListener(ev -> {
                    for (EventKind k : contactKinds) {
                        EventView v = ev.of(k);
                        for (int i = 0; i < v.count(); i++) {
                            sink[0] += v.speed(i) + v.impulse(i) + v.point(i, tmp).y + v.handleA(i);
                        }
                    }
                    sink[0] += ev.count(EventKind.MOVED);
                });
            }
            for (int i = 0; i < 600; i++) { // warm up: JIT, array growth while the pile settles
                w.step();
            }
            long quietest = Long.MAX_VALUE;
            for (int round = 0; round < 5; round++) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 60; i++) {
                    w.step();
                }
                quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
            }
            assertThat(quietest).as("bytes of 60 steps, events " + (on ? "on with a listener" : "off")).isZero();
            if (!on) {
                assertThat(w.events().total()).isZero();
            } else {
                assertThat(sink[0]).isNotZero();
            }
        }
    }
}
