package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 item 3, blend to simulation: bodies handed from the cache to live simulation keep their
 * recorded linear and angular velocities — no body's velocity differs by more than 1 % from the
 * live run's at the step after the hand-over (the live run is the reference: it never stopped
 * simulating), by body and by region.
 */
final class BlendHandOverTest {
    private static final Stages STAGES = Stages.load();
    /** Four tumbling boxes thrown upwards and sideways, far apart (no contacts: free flight with gyroscopic spin). */
    private static final String THROWN = "{\"format\":\"rubble-scenario/1\",\"name\":\"thrown\",\"bodies\":["
            + "{\"id\":\"a\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.1,0.5]},\"position\":[-6,20,0],"
            + "\"linearVelocity\":[2,6,0.5],\"angularVelocity\":[3,-1,2]},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.2,0.4,0.1]},\"position\":[-2,20,0],"
            + "\"linearVelocity\":[-1,4,2],\"angularVelocity\":[0.5,4,-1]},"
            + "{\"id\":\"c\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.2]},\"position\":[2,20,0],"
            + "\"linearVelocity\":[0,8,-1],\"angularVelocity\":[-2,1,5]},"
            + "{\"id\":\"d\",\"shape\":{\"type\":\"sphere\",\"radius\":0.4},\"position\":[6,20,0],"
            + "\"linearVelocity\":[1,3,1],\"angularVelocity\":[1,1,1]}]}";

    /** Per frame (0 = initial) and slot: vx vy vz wx wy wz. */
    private static List<double[][]> record(Path dir, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(THROWN), STAGES);
        List<double[][]> v = new ArrayList<>();
        v.add(velocities(sw.world().bodies()));
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "t", THROWN)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                sw.step();
                v.add(velocities(sw.world().bodies()));
            }
        }
        return v;
    }

    private static double[][] velocities(BodyStore b) {
        double[][] p = new double[b.slotLimit()][];
        for (int s = 0; s < p.length; s++) {
            if (b.isLive(s)) {
                p[s] = new double[] {b.vx[s], b.vy[s], b.vz[s], b.wx[s], b.wy[s], b.wz[s]};
            }
        }
        return p;
    }

    private static double relative(double[] want, BodyStore b, int s, int from) {
        double[] got = {b.vx[s], b.vy[s], b.vz[s], b.wx[s], b.wy[s], b.wz[s]};
        double d = 0, n = 0;
        for (int a = from; a < from + 3; a++) {
            d += (got[a] - want[a]) * (got[a] - want[a]);
            n += want[a] * want[a];
        }
        return Math.sqrt(d / n);
    }

    @Test
    void bodiesHandedOverByBodyAndByRegionKeepTheirRecordedVelocitiesWithinOnePercent(@TempDir Path dir) {
        int at = 25, steps = 40;
        List<double[][]> live = record(dir, steps);
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            int[] slots = {b.slot(pb.world().findByLabel("a")), b.slot(pb.world().findByLabel("b")),
                b.slot(pb.world().findByLabel("c")), b.slot(pb.world().findByLabel("d"))};
            for (int k = 0; k < at; k++) {
                pb.step();
            }
            // a and b by body; c and d by a region around them (x > 0)
            assertThat(pb.release(b.handle(slots[0]))).isTrue();
            assertThat(pb.release(b.handle(slots[1]))).isTrue();
            assertThat(pb.releaseRegion(0, -100, -100, 100, 100, 100)).isEqualTo(2);
            for (int s : slots) {
                assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
                assertThat(pb.isDriven(s)).isFalse();
            }
            double worst = 0;
            for (int k = at; k < steps; k++) {
                pb.step();
                for (int s : slots) {
                    double[] want = live.get(k + 1)[s];
                    double lin = relative(want, b, s, 0), ang = relative(want, b, s, 3);
                    if (k == at) {
                        // the step after the hand-over: no jump
                        assertThat(lin).as("linear velocity of slot %d after the hand-over", s).isLessThan(0.01);
                        assertThat(ang).as("angular velocity of slot %d after the hand-over", s).isLessThan(0.01);
                    }
                    worst = Math.max(worst, Math.max(lin, ang));
                }
            }
            // and the released bodies go on as the live run did (free flight: same integrator)
            assertThat(worst).as("worst relative velocity difference over the remaining steps").isLessThan(0.01);
        }
    }

    /** Chaos's hand-over field: dynamic state 4 inside a sphere (its bounds: the sphere's box). */
    static Command.ApplyField makeDynamic(double x, double y, double z, double radius) {
        FieldSpec sphere = FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(x, y, z), "radius", radius,
                "magnitude", 1.0, "falloff", "none");
        return new Command.ApplyField("", FieldTarget.DYNAMIC_STATE, FieldSpec.of("culling", "operation", "outside",
                "culling", sphere, "input", FieldSpec.of("uniform-integer", "magnitude", 4)), FieldMeta.DEFAULT, false);
    }

    /**
     * Blend by field: with {@link Playback#releaseOnFields} on, a field applied to the playback world
     * in world step 24 hands over exactly the bodies inside its bounds (c and d, x > -1), with no
     * velocity jump above 1 % against the live run at the next step; a and b, outside, keep
     * following the recording bit for bit; a field applied while the switch is off releases nothing.
     */
    @Test
    void aFieldHandsOverTheBodiesInsideItsBoundsWithoutAVelocityJump(@TempDir Path dir) {
        int at = 25, steps = 40;
        List<double[][]> live = record(dir, steps);
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            int[] slots = {b.slot(pb.world().findByLabel("a")), b.slot(pb.world().findByLabel("b")),
                b.slot(pb.world().findByLabel("c")), b.slot(pb.world().findByLabel("d"))};
            for (int k = 0; k < at; k++) {
                if (k == 10) {
                    pb.world().queue(makeDynamic(4, 20, 0, 8)); // switch off: nothing handed over
                }
                if (k == at - 1) {
                    pb.releaseOnFields(true);
                    // c near (2, 22.5, 0) and d near (6.4, 20.4, 0) at this step; a and b at x < -2
                    pb.world().queue(makeDynamic(4, 21.5, 0, 5));
                }
                pb.step();
                if (k < at - 1) {
                    assertThat(pb.releasedCount()).as("world step %d", k).isZero();
                }
            }
            assertThat(pb.releasedCount()).isEqualTo(2);
            assertThat(pb.isDriven(slots[0])).isTrue();
            assertThat(pb.isDriven(slots[1])).isTrue();
            for (int s : new int[] {slots[2], slots[3]}) {
                assertThat(pb.isDriven(s)).isFalse();
                assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
            }
            pb.releaseOnFields(false);
            for (int k = at; k < steps; k++) {
                pb.step();
                for (int s : new int[] {slots[2], slots[3]}) {
                    double[] want = live.get(k + 1)[s];
                    assertThat(relative(want, b, s, 0)).as("linear velocity of slot %d, step %d", s, k).isLessThan(0.01);
                    assertThat(relative(want, b, s, 3)).as("angular velocity of slot %d, step %d", s, k).isLessThan(0.01);
                }
            }
            assertThat(pb.isDriven(slots[0]) && pb.isDriven(slots[1])).as("a and b still follow the recording").isTrue();
        }
    }
}
