package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyState;
import dev.rubble.spi.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A kill field over part of a cluster union of plain rigid bodies (docs/fields.md, "Collections"): each
 * welded member is sampled at its own point, so only the members whose point lies in the field are killed;
 * the rest stay welded (or, cut apart, go free) and simulated; the union's body is disabled only when every
 * member is killed. Before, the union's body alone was sampled, at its origin: a field over one member but
 * not the origin killed nothing, one over the origin killed every member.
 *
 * <p>The scene: three unit cubes in a row along x, 1 m apart (A at -1, B at 0, C at +1 at the start: A–B and
 * B–C touch, A and C do not), no gravity, all moving at 1 m/s along x, welded into union 0 (its origin, the
 * centre of mass, is B's centre). Free or welded, every live body keeps moving at 1 m/s, so where each one
 * is after n steps of 1/60 s is known exactly.
 */
final class FieldKillUnionMembersTest {
    private static final double DT = 1.0 / 60;

    private record Scene(PhysicsWorld w, BodyId a, BodyId b, BodyId c) {
    }

    private static Scene weldedRow() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId[] ids = new BodyId[3];
        for (int i = 0; i < 3; i++) {
            ids[i] = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withMass(1).withPosition(new Vector3d(i - 1, 5, 0))
                    .withLinearVelocity(new Vector3d(1, 0, 0)).withGravityScale(0));
            w.unions().add(0, ids[i]);
        }
        w.step();
        assertThat(w.unions().members(0)).containsExactly(ids[0], ids[1], ids[2]);
        return new Scene(w, ids[0], ids[1], ids[2]);
    }

    /** The x the row's body at start position {@code x0} has reached after {@code steps} steps at 1 m/s. */
    private static double at(double x0, int steps) {
        return x0 + steps * DT;
    }

    private static BodyState state(PhysicsWorld w, BodyId body) {
        return w.kernel().bodies().state(w.kernel().bodies().slot(body.handle()));
    }

    /** A 0.6 m kill box around where the body that started at {@code x0} is now (after {@code steps} steps). */
    private static void killAround(PhysicsWorld w, double x0, int steps, FieldOptions options) {
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(new Vector3d(at(x0, steps), 5, 0), new Vector3d(0.6, 0.6, 0.6)),
                options);
    }

    @Test
    void aKillOverOneMemberAwayFromTheOriginKillsThatMemberOnly() {
        Scene s = weldedRow();
        PhysicsWorld w = s.w();
        killAround(w, 1, 1, FieldOptions.once()); // C only; the union's origin (B's centre) is 1 m away
        w.step();
        assertThat(state(w, s.c())).as("C, in the field").isEqualTo(BodyState.DISABLED);
        assertThat(w.unions().unionOf(s.c())).as("C left the union").isEqualTo(-1);
        assertThat(w.unions().members(0)).as("A and B stay welded").containsExactly(s.a(), s.b());
        BodyId u = w.unions().body(0);
        assertThat(state(w, u)).as("the union's body").isNotEqualTo(BodyState.DISABLED);
        for (int k = 0; k < 5; k++) {
            w.step();
        }
        // A and B (centre of mass half-way between them, at -0.5 at the start) go on at 1 m/s
        assertThat(w.position(u, new Vector3d()).x).isCloseTo(at(-0.5, 7), offset(1e-9));
        assertThat(state(w, s.c())).as("C stays killed").isEqualTo(BodyState.DISABLED);
    }

    @Test
    void aKillOverTheMiddleMemberKillsItAndTheOthersGoFree() {
        Scene s = weldedRow();
        PhysicsWorld w = s.w();
        killAround(w, 0, 1, FieldOptions.once()); // B only: the union's origin, but not A or C
        w.step();
        assertThat(state(w, s.b())).as("B, in the field").isEqualTo(BodyState.DISABLED);
        // A and C touched only through B: cut apart, each goes free, alive, as after any member leaves
        assertThat(w.unions().ids()).as("the union dissolved").isEmpty();
        for (int k = 0; k < 5; k++) {
            w.step();
        }
        for (BodyId free : new BodyId[] {s.a(), s.c()}) {
            assertThat(state(w, free)).isNotEqualTo(BodyState.DISABLED);
            assertThat(w.linearVelocity(free, new Vector3d()).x).isCloseTo(1, offset(1e-9));
        }
        assertThat(w.position(s.a(), new Vector3d()).x).isCloseTo(at(-1, 7), offset(1e-9));
        assertThat(w.position(s.c(), new Vector3d()).x).isCloseTo(at(1, 7), offset(1e-9));
        assertThat(state(w, s.b())).as("B stays killed").isEqualTo(BodyState.DISABLED);
    }

    @Test
    void aKillOverEveryMemberKillsTheUnionsBodyWithThemAll() {
        Scene s = weldedRow();
        PhysicsWorld w = s.w();
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(new Vector3d(at(0, 1), 5, 0), new Vector3d(3, 1.2, 1.2)),
                FieldOptions.once());
        w.step();
        BodyId u = w.unions().body(0);
        assertThat(state(w, u)).isEqualTo(BodyState.DISABLED);
        assertThat(w.unions().members(0)).as("they stay welded into the killed union").containsExactly(s.a(), s.b(), s.c());
        for (BodyId m : new BodyId[] {s.a(), s.b(), s.c()}) {
            assertThat(state(w, m)).isEqualTo(BodyState.DISABLED);
        }
    }

    @Test
    void aKillThatSamplesNoWeldedMembersSeesOnlyTheUnionsBody() {
        // state "dynamic" samples awake dynamic bodies only (held pieces and welded members count as disabled),
        // as for an intact wall: the union's body is killed whole when its origin lies in the field ...
        Scene s = weldedRow();
        PhysicsWorld w = s.w();
        killAround(w, 0, 1, FieldOptions.once().state("dynamic"));
        w.step();
        assertThat(state(w, w.unions().body(0))).isEqualTo(BodyState.DISABLED);
        // ... and not at all when it does not
        Scene t = weldedRow();
        killAround(t.w(), 1, 1, FieldOptions.once().state("dynamic"));
        t.w().step();
        assertThat(state(t.w(), t.w().unions().body(0))).isNotEqualTo(BodyState.DISABLED);
        assertThat(t.w().unions().members(0)).containsExactly(t.a(), t.b(), t.c());
    }
}
