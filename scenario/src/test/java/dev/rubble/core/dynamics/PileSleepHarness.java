package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioWorld;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Measurement harness for issue 4 (docs/dynamics.md "The 4 000-box pile with sleeping on"): runs
 * the bench pile with sleeping on and prints, once per simulated second, the awake count, the
 * island count, the largest angular speed and the largest sleep speed among awake boxes, then the
 * first step at which all 4 000 sleep. Not part of the normal suite; run with
 * {@code mvn -q test -pl core-solver -am -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtest=PileSleepHarness -Drubble.harness=true} (optional: {@code -Drubble.harness.seconds=40},
 * {@code .linear/.angular/.time} sleep settings, {@code .broadphase=sap}, {@code .contacts=true},
 * {@code .nudge=1e-6}: shifts the boxes by up to 5 nudges along x before the first step).
 */
@EnabledIfSystemProperty(named = "rubble.harness", matches = "true")
final class PileSleepHarness {

    /** The manifolds of body {@code q}: partner, point count, edge-edge or face, deepest separation. */
    private static void printContacts(World w, int q) {
        dev.rubble.core.collision.ContactStore c = w.contacts();
        StringBuilder sb = new StringBuilder("   contacts of " + q + ":");
        for (int m = 0; m < c.size(); m++) {
            if (c.bodyA[m] != q && c.bodyB[m] != q) {
                continue;
            }
            int other = c.bodyA[m] == q ? c.bodyB[m] : c.bodyA[m];
            int p0 = m * dev.rubble.core.collision.ContactStore.MAX_POINTS;
            double minSep = 0;
            for (int k = 0; k < c.pointCount[m]; k++) {
                minSep = Math.min(minSep, c.separation[p0 + k]);
            }
            boolean edge = c.pointCount[m] > 0 && (c.feature[p0] & (1L << 59)) != 0;
            sb.append(String.format(" [%d n=%d %s sep %.3f ny %.2f]", other, c.pointCount[m], edge ? "EE" : "F",
                    minSep, c.ny[m]));
        }
        System.out.println(sb);
    }

    /** Runs the harness outside Maven (test class path), with the same system properties. */
    public static void main(String[] args) {
        new PileSleepHarness().pileWithSleepingOn();
    }

    @Test
    void pileWithSleepingOn() {
        Scenario sc = BenchScenes.build(Scene.PILE);
        var s = sc.settings();
        var d = s.dynamics().withSleep(true,
                Double.parseDouble(System.getProperty("rubble.harness.linear", "" + s.dynamics().sleepLinearThreshold())),
                Double.parseDouble(System.getProperty("rubble.harness.angular", "" + s.dynamics().sleepAngularThreshold())),
                Double.parseDouble(System.getProperty("rubble.harness.time", "" + s.dynamics().timeToSleep())));
        s = s.withDynamics(d);
        String broadphase = System.getProperty("rubble.harness.broadphase");
        if (broadphase != null) { // another pair order: another sample of the chaotic settling
            s = s.withStage("broadphase", broadphase);
        }
        Scenario withSleep = new Scenario(sc.name(), s, sc.bodies(), sc.commands(), sc.steps());
        World w = ScenarioWorld.create(withSleep, dev.rubble.core.plugin.Stages.load(), Map.of()).world();
        int seconds = Integer.getInteger("rubble.harness.seconds", 40);
        BodyStore b = w.bodies();
        double nudge = Double.parseDouble(System.getProperty("rubble.harness.nudge", "0"));
        for (int q = 1; q <= 4000 && nudge != 0; q++) { // micrometre shifts: another sample of the chaos
            b.px[q] += nudge * ((q * 7919) % 11 - 5);
        }
        int asleepAt = -1;
        long t0 = System.nanoTime();
        for (int i = 0; i < seconds * 60 && asleepAt < 0; i++) {
            w.step();
            if (w.profile().sleepingBodies() == 4000) {
                asleepAt = i;
            }
            if ((i + 1) % 60 == 0 || asleepAt >= 0) {
                double maxW = 0, maxV = 0, maxSleepSpeed = 0;
                int slowest = -1;
                for (int k = 0, n = b.awakeCount(); k < n; k++) {
                    int q = b.order[k];
                    double wl = Math.sqrt(b.wx[q] * b.wx[q] + b.wy[q] * b.wy[q] + b.wz[q] * b.wz[q]);
                    double vl = Math.sqrt(b.vx[q] * b.vx[q] + b.vy[q] * b.vy[q] + b.vz[q] * b.vz[q]);
                    double ss = Math.max(vl, wl * 0.25 * Math.sqrt(3));
                    maxW = Math.max(maxW, wl);
                    maxV = Math.max(maxV, vl);
                    if (ss > maxSleepSpeed) {
                        maxSleepSpeed = ss;
                        slowest = q;
                    }
                }
                System.out.printf("t=%5.2fs step %4d awake %4d islands %4d manifolds %5d points %5d"
                                + " max|v| %.3f max|w| %.3f maxSleepSpeed %.3f (slot %d)%n",
                        (i + 1) / 60.0, i, w.profile().awakeBodies(), w.profile().islands(),
                        w.profile().manifolds(), w.profile().contactPoints(), maxV, maxW, maxSleepSpeed, slowest);
                if (Boolean.getBoolean("rubble.harness.contacts") && slowest >= 0) {
                    printContacts(w, slowest);
                }
            }
        }
        double sumY = 0;
        int lost = 0;
        for (int q = 1; q <= 4000; q++) {
            sumY += b.py[q];
            if (!(b.py[q] > -0.5)) {
                lost++;
            }
        }
        System.out.printf("all asleep at step %d (%.2f s); mean height %.3f; lost %d; wall %.1f s%n",
                asleepAt, (asleepAt + 1) / 60.0, sumY / 4000, lost, (System.nanoTime() - t0) / 1e9);
        assertThat(lost).isZero();
    }
}
