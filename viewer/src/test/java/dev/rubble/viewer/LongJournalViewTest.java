package dev.rubble.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble view} of a journal held every frame in memory (each frame's delta, 44 bytes per changed piece, and a
 * keyframe every 32 frames), so a long journal exhausted the heap. The frames now go to temporary files as they are
 * read and the run holds at most {@link ViewerRun#MAX_HELD_FRAMES} deltas and {@link ViewerRun#MAX_HELD_KEYS}
 * keyframes, whatever the journal's length; what the page is sent is unchanged: every pose equals the live run's body
 * poses recorded while the journal was written (an oracle outside the viewer), and the deltas, applied in order,
 * rebuild every pose bit for bit.
 */
final class LongJournalViewTest {
    static final Stages STAGES = Stages.load(List.of());
    /** Three bodies thrown into empty space: each moves in every frame, so every frame's delta holds all three. */
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"thrown\",\"bodies\":["
            + "{\"id\":\"a\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.2,0.4]},\"position\":[0,2,0],"
            + "\"linearVelocity\":[1,5,0],\"angularVelocity\":[1,2,0.5]},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[3,0.5,0],\"linearVelocity\":[0,3,1]},"
            + "{\"id\":\"c\",\"shape\":{\"type\":\"capsule\",\"radius\":0.2,\"halfHeight\":0.4},\"position\":[-3,1,0],"
            + "\"angularVelocity\":[0,3,0]}]}";
    static final int STEPS = 2000;

    @Test
    void aLongJournalIsServedFromFilesWithFewFramesHeld(@TempDir Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), STAGES);
        BodyStore bodies = sw.world().bodies();
        List<float[]> live = new ArrayList<>(); // per frame: x, y, z, qx, qw of slots 0..2
        live.add(poses(bodies));
        try (JournalWriter jw = JournalWriter.create(dir.resolve("j"), sw, "thrown", SCENE)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < STEPS; i++) {
                sw.step();
                live.add(poses(bodies));
            }
        }
        ViewerRun run;
        try (JournalViewSource src = new JournalViewSource(dir.resolve("j"), STAGES)) {
            run = ViewerRun.of(src);
        }
        List<Path> files = run.frameFiles();
        try {
            assertThat(run.frameCount()).isEqualTo(STEPS + 1);
            assertThat(run.nodeCount()).isEqualTo(3);
            assertThat(run.movedEntries()).as("every body moves in every frame after the first").isEqualTo(3L * (STEPS + 1));
            assertThat(run.framesHeld()).as("frames held once read").isZero();
            // the page's way: chunks of 48 deltas, applied in order, and a pose now and then
            float[] replayed = new float[3 * ViewerRun.F];
            int poses = 0;
            for (int from = 0; from <= STEPS; from += 48) {
                ByteBuffer chunk = ByteBuffer.wrap(run.frames(from, 48)).order(ByteOrder.LITTLE_ENDIAN);
                for (int k = from; k < Math.min(from + 48, STEPS + 1); k++) {
                    assertThat(chunk.getInt()).isEqualTo(k);
                    int n = chunk.getInt();
                    for (int e = 0; e < n; e++) {
                        int node = chunk.getInt();
                        for (int a = 0; a < ViewerRun.F; a++) {
                            replayed[node * ViewerRun.F + a] = chunk.getFloat();
                        }
                    }
                    if (k % 7 == 3 || k == STEPS) {
                        float[] pose = ViewerRunTest.applyBlock(ByteBuffer.wrap(run.pose(k)).order(ByteOrder.LITTLE_ENDIAN),
                                new float[3 * ViewerRun.F]);
                        assertThat(replayed).as("deltas 0..%d against pose(%d)", k, k).containsExactly(pose);
                        for (int node = 0; node < 3; node++) {
                            int s = run.nodeSlot(node), o = node * ViewerRun.F;
                            float[] want = live.get(k);
                            assertThat(new float[] {pose[o], pose[o + 1], pose[o + 2], pose[o + 3], pose[o + 6]})
                                    .as("frame %d node %d", k, node).containsExactly(want[5 * s], want[5 * s + 1],
                                            want[5 * s + 2], want[5 * s + 3], want[5 * s + 4]);
                        }
                        poses++;
                        assertThat(run.framesHeld()).as("after pose(%d)", k)
                                .isLessThanOrEqualTo(ViewerRun.MAX_HELD_FRAMES + ViewerRun.MAX_HELD_KEYS);
                    }
                }
                assertThat(chunk.remaining()).isZero();
            }
            assertThat(poses).isGreaterThan(250);
            // the poses read more deltas than the run holds: it kept the most recent ones only
            assertThat(run.framesHeld()).isEqualTo(ViewerRun.MAX_HELD_FRAMES + ViewerRun.MAX_HELD_KEYS);
            assertThat(files).allMatch(Files::exists);
        } finally {
            run.close();
        }
        assertThat(files).noneMatch(Files::exists);
    }

    private static float[] poses(BodyStore b) {
        float[] p = new float[15];
        for (int s = 0; s < 3; s++) {
            p[5 * s] = (float) b.originX(s);
            p[5 * s + 1] = (float) b.originY(s);
            p[5 * s + 2] = (float) b.originZ(s);
            p[5 * s + 3] = (float) b.qx[s];
            p[5 * s + 4] = (float) b.qw[s];
        }
        return p;
    }
}
