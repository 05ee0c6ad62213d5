package dev.rubble.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 item 5: a journal's pieces shrink in the viewer while they are being removed, exactly as
 * in the live run (the removal scale is journalled); before, journal pieces were drawn full size.
 */
final class JournalShrinkViewTest {
    private static final Stages STAGES = Stages.load(List.of());
    private static final String DEBRIS = "\"debris\":{\"removeOnBreak\":{\"delay\":[0.1,0.3],\"removal\":[0.2,0.4]}},";

    /** Two voronoi slabs that break on landing; every released piece shrinks 0.1-0.3 s later over 0.2-0.4 s. */
    private static final String SLABS = "{\"format\":\"rubble-scenario/1\",\"name\":\"slabs\","
            + "\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
            + "\"position\":[0,-0.5,0]}],\"collections\":["
            + "{\"id\":\"slab0\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],"
            + "\"seed\":3},\"position\":[0,2,0],\"angular\":[0.2,0,0.1]," + DEBRIS + "\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}},"
            + "{\"id\":\"slab1\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],"
            + "\"seed\":4},\"position\":[0.3,4,0],\"angular\":[0.2,0,0.1]," + DEBRIS + "\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}}]}";

    @Test
    void piecesBeingRemovedAreDrawnAtTheLiveRunsScale(@TempDir Path dir) {
        int steps = 90;
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SLABS), STAGES);
        List<double[]> live = new ArrayList<>(); // per frame (0 = initial), per slot: scale, -1 if not live
        live.add(scales(sw.world().bodies()));
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", SLABS)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                sw.step();
                live.add(scales(sw.world().bodies()));
            }
        }
        ViewerRun run;
        try (JournalViewSource src = new JournalViewSource(dir, STAGES)) {
            assertThat(src.closedCleanly()).isTrue();
            run = ViewerRun.of(src);
        }
        assertThat(run.frameCount()).isEqualTo(steps + 1);
        int shrunk = 0;
        for (int k = 0; k <= steps; k++) {
            for (Entry en : entries(run, k)) {
                int node = en.node();
                float[] v = en.v();
                int slot = run.nodeSlot(node);
                double[] want = live.get(k);
                if (v[7] == 0 || slot >= want.length || want[slot] < 0) {
                    continue; // not drawn in this frame
                }
                // the viewer sends float32 and draws at least 1e-6 (ViewerRun)
                assertThat(v[7]).as("scale of node %d (slot %d) in frame %d", node, slot, k)
                        .isEqualTo((float) Math.max(want[slot], 1e-6));
                shrunk += v[7] < 1 ? 1 : 0;
            }
        }
        assertThat(shrunk).as("node-frames drawn shrunk").isGreaterThan(10);
    }

    /**
     * Issue 29: a cluster union is drawn member by member in the viewer's journal frames too, so wall A's pieces
     * welded under the beam of examples/union-bridge.json shrink for removal (remove-on-break after 0.1 s, over
     * 1 s) at the live run's scale; before, the union's compound drew them full size until they vanished.
     */
    @Test
    void weldedPiecesBeingRemovedAreDrawnAtTheLiveRunsScale(@TempDir Path dir) throws Exception {
        String text = java.nio.file.Files.readString(Path.of("..", "examples", "union-bridge.json")).replace(
                "\"impactMode\": \"resolve\" } },\n    { \"id\": \"wallB\"",
                "\"impactMode\": \"resolve\" },\n      \"debris\": { \"removeOnBreak\": { \"delay\": [0.1, 0.1], \"removal\": [1, 1] } } },"
                        + "\n    { \"id\": \"wallB\"");
        assertThat(text).contains("removeOnBreak");
        int steps = 60;
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(text), STAGES);
        List<double[]> live = new ArrayList<>();
        List<java.util.Set<Integer>> welded = new ArrayList<>(); // per frame: the slots of welded members
        live.add(scales(sw.world().bodies()));
        welded.add(java.util.Set.of());
        try (JournalWriter jw = JournalWriter.create(dir, sw, "bridge", text)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                sw.step();
                live.add(scales(sw.world().bodies()));
                java.util.Set<Integer> m = new java.util.TreeSet<>();
                var un = sw.world().destruction().unions();
                for (int id : un.ids()) {
                    for (long h : un.members(id)) {
                        m.add((int) h);
                    }
                }
                welded.add(m);
            }
        }
        ViewerRun run;
        try (JournalViewSource src = new JournalViewSource(dir, STAGES)) {
            run = ViewerRun.of(src);
        }
        int shrunk = 0;
        for (int k = 0; k <= steps; k++) {
            for (Entry en : entries(run, k)) {
                int node = en.node();
                float[] v = en.v();
                int slot = run.nodeSlot(node);
                if (v[7] == 0 || !welded.get(k).contains(slot) || live.get(k)[slot] >= 1) {
                    continue;
                }
                assertThat(v[7]).as("scale of welded node %d (slot %d) in frame %d", node, slot, k)
                        .isEqualTo((float) Math.max(live.get(k)[slot], 1e-6));
                shrunk++;
            }
        }
        assertThat(shrunk).as("welded node-frames drawn shrunk").isGreaterThan(5);
    }

    /** One drawn node of a viewer frame: its node and its {@link ViewerRun#F} floats (v[7] the scale). */
    private record Entry(int node, float[] v) {
    }

    /** The entries of frame {@code k} of the viewer's pose stream (a header int, a count, then node + floats each). */
    private static List<Entry> entries(ViewerRun run, int k) {
        ByteBuffer b = ByteBuffer.wrap(run.pose(k)).order(ByteOrder.LITTLE_ENDIAN);
        b.getInt();
        int n = b.getInt();
        List<Entry> out = new ArrayList<>(n);
        for (int e = 0; e < n; e++) {
            int node = b.getInt();
            float[] v = new float[ViewerRun.F];
            for (int a = 0; a < ViewerRun.F; a++) {
                v[a] = b.getFloat();
            }
            out.add(new Entry(node, v));
        }
        return out;
    }

    private static double[] scales(BodyStore b) {
        double[] s = new double[b.slotLimit()];
        for (int i = 0; i < s.length; i++) {
            s[i] = b.isLive(i) ? b.scale[i] : -1;
        }
        return s;
    }
}
