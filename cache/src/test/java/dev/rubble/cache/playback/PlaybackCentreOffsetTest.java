package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay of bodies whose centre of mass is off their origin (found by the determinism fuzz: a
 * convex hull whose points start at its origin). The journal records centres of mass; the driven
 * proxies were made kinematic without a centre-of-mass offset and driven with the recorded centre as
 * their origin, so their shapes played back displaced by the offset (22 cm for the tetrahedron
 * below): `replay --out` gave other positions than `run --out`, and a body colliding with the
 * replay met the hull where it had not been. Now every driven body's origin and bounds are the
 * run's at every step (and with it the shape: the orientations agree), whether it was a scenario body, a spawn or a body created between steps.
 */
final class PlaybackCentreOffsetTest {
    private static final Stages STAGES = Stages.load();
    private static final String HULL = "{\"type\":\"convexHull\",\"points\":[[0,0,0],[0.6,0,0],[0,0.6,0],[0,0,0.6],[0.4,0.4,0.4]]}";

    @Test
    void drivenHullsSitWhereTheRunHadThem(@TempDir Path dir) {
        String json = "{\"format\":\"rubble-scenario/1\",\"name\":\"offset\",\"steps\":60,\"bodies\":["
                + "{\"id\":\"g\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[10,0.5,10]},\"position\":[0,-0.5,0]},"
                + "{\"id\":\"h\",\"shape\":" + HULL + ",\"position\":[0,1,0],\"linearVelocity\":[1,2,0],\"angularVelocity\":[3,1,2]}],"
                + "\"commands\":[{\"type\":\"spawn\",\"step\":5,\"body\":{\"id\":\"s\",\"shape\":" + HULL
                + ",\"position\":[2,2,0],\"angularVelocity\":[0,4,1]}}]}";
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        BodyStore rb = sw.world().bodies();
        List<double[][]> origins = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "t", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < 60; i++) {
                if (i == 10) { // a body created between steps (the between-steps document)
                    sw.world().createBody(BodyDef.of(QuickHull.of(new double[] {0, 0, 0, 0.6, 0, 0, 0, 0.6, 0, 0, 0, 0.6, 0.4, 0.4, 0.4}))
                            .withLabel("between").withPosition(-2, 2, 0).withAngularVelocity(2, 0, 3));
                }
                sw.step();
                origins.add(origins(rb));
            }
        }
        // the scene is what it is for: hulls whose centre of mass is well off their origin
        long h = sw.world().findByLabel("h");
        int hs = rb.slot(h);
        assertThat(Math.sqrt(rb.lcx[hs] * rb.lcx[hs] + rb.lcy[hs] * rb.lcy[hs] + rb.lcz[hs] * rb.lcz[hs])).isGreaterThan(0.2);
        int checked = 0;
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            for (int k = 0; k < 60; k++) {
                pb.step();
                double[][] want = origins.get(k);
                for (int s = 0; s < want.length; s++) {
                    if (want[s] == null || !pb.isDriven(s)) {
                        continue;
                    }
                    // orientations agree up to the renormalisation of kinematic targets (1e-16), so origins to 1e-12 m
                    // (the recorded centre is hit exactly; the origin is the centre less the rotated offset)
                    assertThat(new double[] {b.originX(s), b.originY(s), b.originZ(s)}).as("origin of slot %d after step %d", s, k)
                            .containsExactly(new double[] {want[s][0], want[s][1], want[s][2]}, within(1e-12));
                    assertThat(new double[] {b.qx[s], b.qy[s], b.qz[s], b.qw[s]}).as("orientation of slot %d after step %d", s, k)
                            .containsExactly(new double[] {want[s][3], want[s][4], want[s][5], want[s][6]}, within(1e-15));
                    checked++;
                }
            }
        }
        assertThat(checked).as("driven hull poses compared (3 hulls, 60, 55 and 50 steps)").isEqualTo(60 + 55 + 50);
    }

    private static double[][] origins(BodyStore b) {
        double[][] p = new double[b.slotLimit()][];
        for (int s = 0; s < p.length; s++) {
            if (b.isLive(s) && b.motion(s) == dev.rubble.core.body.MotionType.DYNAMIC) {
                p[s] = new double[] {b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s]};
            }
        }
        return p;
    }
}
