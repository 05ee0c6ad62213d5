package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kill field that takes held pieces out of a wall in the step in which an external strain breaks others off
 * the same holder (docs/fields.md, {@code kill}; docs/events.md): each killed piece is a {@code KILLED} event of
 * the step, named after the holder it came from, between that holder's breaks; the journal records them, verifies
 * at one and two threads, and plays back onto the recorded slots and poses (a playback that took a killed piece's
 * event for the holder's last piece retired the holder too early, or never).
 */
final class KillEventsJournalTest {
    private static final Stages STAGES = Stages.load();

    /**
     * Two 16-piece walls standing on a floor, unbreakable by contact; at step 10 a strain breaks the first's left
     * third and a kill takes the part of it at {@code killX}, and a strain breaks the second's left third in the
     * same step, after the first (its pieces take the slots the first's holder freed).
     */
    static String scene(double killX, double killWidth) {
        return "{\"format\":\"rubble-scenario/1\",\"name\":\"kill and break\",\"bodies\":["
                + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]}],\"collections\":["
                + "{\"id\":\"wall\",\"recipe\":{\"box\":[1.5,1,0.15],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":16}}],"
                + "\"seed\":5},\"position\":[0,1.0,0],\"destruction\":{\"damageOptions\":{\"thresholds\":[1e6]}}},"
                + "{\"id\":\"wall2\",\"recipe\":{\"box\":[1.5,1,0.15],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":16}}],"
                + "\"seed\":6},\"position\":[5,1.0,0],\"destruction\":{\"damageOptions\":{\"thresholds\":[1e6]}}}],"
                + "\"fields\":["
                + "{\"target\":\"external-cluster-strain\",\"step\":10,\"field\":{\"node\":\"box-falloff\",\"position\":[-1.1,1,0],"
                + "\"scale\":[1.6,4,2],\"magnitude\":1e12}},"
                + "{\"target\":\"external-cluster-strain\",\"step\":10,\"field\":{\"node\":\"box-falloff\",\"position\":[3.9,1,0],"
                + "\"scale\":[1.6,4,2],\"magnitude\":1e12}},"
                + "{\"target\":\"kill\",\"step\":10,\"field\":{\"node\":\"box-falloff\",\"position\":[" + killX + ",1,0],"
                + "\"scale\":[" + killWidth + ",4,2],\"magnitude\":1}}]}";
    }

    /** The wall's leaves (asset nodes 1..16, one level) whose world centre of mass is inside a field's box at x = cx (value > 0). */
    private static java.util.Set<Integer> leavesInBox(ScenarioWorld sw, double cx, double width) {
        var d = sw.world().destruction();
        var st = d.store();
        BodyStore b = sw.world().bodies();
        java.util.Set<Integer> in = new java.util.TreeSet<>();
        for (int k = 1; k <= 16; k++) {
            int g = d.globalNode(0, k);
            int h = st.top(g);
            int s = b.slot(st.body[h]);
            var r = new org.joml.Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s]).transform(new org.joml.Vector3d(
                    st.com[3 * g] - st.com[3 * h], st.com[3 * g + 1] - st.com[3 * h + 1], st.com[3 * g + 2] - st.com[3 * h + 2]));
            double x = b.px[s] + r.x, y = b.py[s] + r.y, z = b.pz[s] + r.z;
            if (Math.abs(x - cx) < width / 2 && Math.abs(y - 1) < 2 && Math.abs(z) < 1) {
                in.add(k);
            }
        }
        return in;
    }

    private static double[][] state(BodyStore b) {
        double[][] p = new double[b.slotLimit()][];
        for (int s = 0; s < p.length; s++) {
            if (b.isLive(s)) {
                p[s] = new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s], b.generation[s]};
            }
        }
        return p;
    }

    /** The kill takes the wall's right third; what neither field takes stays together as a new cluster (the holder's last event). */
    @Test
    void killedPiecesAreEventsThatTheJournalRecordsVerifiesAndPlaysBack(@TempDir Path dir) {
        run(dir, 1.1, 1.6, true);
    }

    /**
     * The kill takes everything the strain does not: the holder's last event is a kill, and playback must still
     * retire the holder after its last piece with a body (before, a killed piece following the holder's last
     * break kept playback from ever retiring it).
     */
    @Test
    void aHolderWhoseLastEventIsAKillIsRetiredInPlayback(@TempDir Path dir) {
        run(dir, 0.8, 2.2, false);
    }

    private static void run(Path dir, double killX, double killWidth, boolean clusterLeft) {
        int steps = 40;
        String json = scene(killX, killWidth);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        BodyStore b = sw.world().bodies();
        List<double[][]> frames = new ArrayList<>();
        frames.add(state(b));
        int killed = 0, broke = 0;
        long killedFrom = -2, brokeFrom = -3;
        int clustersAtKill = 0;
        double killedMass = 0;
        java.util.Set<Integer> killedNodes = new java.util.TreeSet<>(), brokeNodes = new java.util.TreeSet<>(), inBox = null, inStrainBox = null;
        try (JournalWriter jw = JournalWriter.create(dir, sw, "kill", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                if (i == 10) {
                    inBox = leavesInBox(sw, killX, killWidth);
                    inStrainBox = leavesInBox(sw, -1.1, 1.6);
                }
                sw.step();
                frames.add(state(b));
                BreakEvents ev = sw.world().destruction().events();
                for (int e = 0; e < ev.count(); e++) {
                    if (ev.collection[e] != 0) {
                        continue; // the second wall, broken in the same step after the first
                    }
                    if (ev.kind[e] == BreakEvents.KILLED) {
                        assertThat(i).as("kills happen in the field's step").isEqualTo(10);
                        assertThat(ev.body[e]).as("a killed piece has no body").isEqualTo(-1L);
                        // where the wall (standing still on the floor) holds it: its authored centre of mass, above the floor
                        assertThat(Math.abs(ev.motion[13 * e] - killX)).as("killed piece x in the box").isLessThan(killWidth / 2);
                        assertThat(ev.motion[13 * e + 1]).as("killed piece y").isBetween(0.0, 2.0);
                        assertThat(ev.motion[13 * e + 7]).as("killed piece vx").isCloseTo(0, within(0.05));
                        killedFrom = ev.from[e];
                        killedMass += ev.mass[e];
                        killed++;
                    } else if (ev.kind[e] == BreakEvents.BREAK && i == 10) {
                        brokeFrom = ev.from[e];
                        brokeNodes.add(ev.node[e]);
                        broke++;
                    }
                    if (ev.kind[e] == BreakEvents.KILLED) {
                        killedNodes.add(ev.node[e]);
                    }
                    if (i == 10 && ev.kind[e] == BreakEvents.CLUSTER) {
                        clustersAtKill++;
                    }
                }
            }
        }
        assertThat(killedNodes).as("the kill took exactly the leaves whose centre of mass lies in its box").isEqualTo(inBox);
        assertThat(killed).as("one event per killed piece").isEqualTo(inBox.size()).isGreaterThan(1);
        assertThat(brokeNodes).as("the strain broke exactly the leaves in its box").isEqualTo(inStrainBox).isNotEmpty();
        assertThat(killedFrom).as("the kills and the breaks came from the same holder").isEqualTo(brokeFrom);
        assertThat(killedMass).isPositive();
        assertThat(clustersAtKill > 0).as("a cluster of what neither field took").isEqualTo(clusterLeft);

        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            int recorded = 0;
            while (r.next(rec)) {
                for (int e = 0; e < rec.eventCount; e++) {
                    recorded += rec.eventKind[e] == BreakEvents.KILLED ? 1 : 0;
                }
            }
            assertThat(recorded).as("killed events in the journal").isEqualTo(killed);
        }
        assertThat(Verifier.verify(dir, STAGES).ok()).isTrue();
        assertThat(Verifier.verify(dir, STAGES, 2).ok()).isTrue();
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore pbb = pb.world().bodies();
            for (int k = 1; k <= steps; k++) {
                pb.step();
                double[][] want = frames.get(k);
                for (int s = 0; s < pbb.slotLimit(); s++) {
                    assertThat(!pbb.isLive(s) || s < want.length && want[s] != null)
                            .as("step %d: slot %d live in playback is live in the recording", k, s).isTrue();
                }
                for (int s = 0; s < want.length; s++) {
                    if (want[s] == null) {
                        continue;
                    }
                    assertThat(pbb.isLive(s)).as("step %d: slot %d live in playback", k, s).isTrue();
                    assertThat((double) pbb.generation[s]).as("step %d: slot %d generation", k, s).isEqualTo(want[s][7]);
                    assertThat(pbb.py[s]).as("step %d: slot %d y", k, s).isCloseTo(want[s][1], within(1e-6));
                }
            }
        }
    }
}
