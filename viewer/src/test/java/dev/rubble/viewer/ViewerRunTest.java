package dev.rubble.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the viewer sends reproduces the run: every frame rebuilt from its keyframe equals the body
 * poses of an independent run of the same scenario, applying the deltas in order gives the same
 * frames bit for bit, and a delta holds only the pieces that changed.
 */
final class ViewerRunTest {
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"drop\",\"bodies\":["
            + "{\"id\":\"ground\",\"state\":\"static\",\"shape\":{\"type\":\"plane\",\"normal\":[0,1,0],\"offset\":-2}},"
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[10,0.5,10]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"a\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.2,0.4]},\"position\":[0,2,0],\"angularVelocity\":[1,2,0.5]},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[3,0.5,0]}]}";
    static final int FRAMES = 70;
    static final Stages STAGES = Stages.load(List.of());

    static ViewerRun run() {
        Scenario sc = ScenarioLoader.parse(SCENE);
        try (ViewSource src = new ScenarioViewSource(sc, "drop", STAGES, FRAMES - 1)) {
            return ViewerRun.of(src);
        }
    }

    /** Frame blocks of a wire buffer: per block frame, then node → F floats. */
    static float[] applyBlock(ByteBuffer b, float[] state) {
        b.getInt();
        int n = b.getInt();
        for (int e = 0; e < n; e++) {
            int node = b.getInt();
            for (int a = 0; a < ViewerRun.F; a++) {
                state[node * ViewerRun.F + a] = b.getFloat();
            }
        }
        return state;
    }

    @Test
    void everyFrameEqualsAnIndependentRunAndTheDeltasRebuildItBitForBit() {
        ViewerRun run = run();
        assertThat(run.frameCount()).isEqualTo(FRAMES);
        assertThat(run.nodeCount()).as("floor, box, sphere; the plane has no finite surface").isEqualTo(3);

        ScenarioWorld ref = ScenarioWorld.create(ScenarioLoader.parse(SCENE), STAGES, Map.of());
        BodyStore bodies = ref.world().bodies();
        ByteBuffer deltas = ByteBuffer.wrap(run.frames(0, FRAMES)).order(ByteOrder.LITTLE_ENDIAN);
        float[] replayed = new float[run.nodeCount() * ViewerRun.F];
        for (int k = 0; k < FRAMES; k++) {
            while (ref.world().stepIndex() < k) {
                ref.step();
            }
            float[] pose = applyBlock(ByteBuffer.wrap(run.pose(k)).order(ByteOrder.LITTLE_ENDIAN),
                    new float[run.nodeCount() * ViewerRun.F]);
            applyBlock(deltas, replayed);
            assertThat(replayed).as("deltas 0..%d against pose(%d)", k, k).containsExactly(pose);
            for (int n = 0; n < run.nodeCount(); n++) {
                int s = run.nodeSlot(n), o = n * ViewerRun.F;
                assertThat(pose[o]).isEqualTo((float) bodies.originX(s));
                assertThat(pose[o + 1]).isEqualTo((float) bodies.originY(s));
                assertThat(pose[o + 2]).isEqualTo((float) bodies.originZ(s));
                assertThat(pose[o + 3]).isEqualTo((float) bodies.qx[s]);
                assertThat(pose[o + 6]).isEqualTo((float) bodies.qw[s]);
                assertThat(pose[o + 7]).as("scale of a present body").isEqualTo(1f);
            }
        }
        assertThat(deltas.remaining()).isZero();
    }

    @Test
    void aDeltaHoldsOnlyThePiecesThatChanged() {
        ViewerRun run = run();
        ByteBuffer d = ByteBuffer.wrap(run.frames(0, FRAMES)).order(ByteOrder.LITTLE_ENDIAN);
        int[] entries = new int[FRAMES];
        for (int k = 0; k < FRAMES; k++) {
            assertThat(d.getInt()).isEqualTo(k);
            entries[k] = d.getInt();
            d.position(d.position() + entries[k] * 4 * (ViewerRun.F + 1));
        }
        assertThat(entries[0]).as("frame 0 places every piece").isEqualTo(3);
        // afterwards the static floor never changes; the falling box does, the resting sphere at most settles
        for (int k = 1; k < 20; k++) {
            assertThat(entries[k]).as("changes into frame %d", k).isBetween(1, 2);
        }
        long total = 0;
        for (int e : entries) {
            total += e;
        }
        assertThat(run.movedEntries()).isEqualTo(total).isLessThan(3L * FRAMES);
    }

    @Test
    void theRunDescribesItselfAndItsGeometryIsAGlbWithOneNodePerPiece() {
        ViewerRun run = run();
        String json = new String(run.json(), StandardCharsets.UTF_8);
        assertThat(json).contains("\"frames\":" + FRAMES, "\"nodes\":3", "\"stages\":[\"commands\"", "\"stepMs\":[");
        byte[] glb = run.glb();
        assertThat(new String(glb, 0, 4, StandardCharsets.US_ASCII)).isEqualTo("glTF");
        String head = new String(glb, 20, Math.min(glb.length - 20, 4000), StandardCharsets.US_ASCII);
        assertThat(head).contains("\"name\":\"n0\"", "\"name\":\"n1\"", "\"name\":\"n2\"").doesNotContain("\"name\":\"n3\"");
    }
}
