package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble replay} of a run whose scenario's {@code anchor} commands pin an intact slab in mid-air and free
 * it again (docs/destruction.md "Anchors at run time"). Before, replay stopped at the first break after the pin
 * with "playback put the piece of event 0 in body 2:1, but the recording had it in 3:0" (exit 1) while verify
 * passed: the anchor gave the slab a new body no break event named.
 */
final class AnchorReplayCliTest {
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"anchored\",\"steps\":100,\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},\"position\":[0,-0.5,0]}],"
            + "\"collections\":["
            + "{\"id\":\"slab0\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],"
            + "\"seed\":3},\"position\":[0,2.5,0],\"angular\":[0.2,0,0.1],\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}},"
            + "{\"id\":\"slab1\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],"
            + "\"seed\":4},\"position\":[3,1.0,0],\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}}],"
            + "\"commands\":[{\"step\":5,\"type\":\"anchor\",\"collection\":\"slab0\",\"node\":1},"
            + "{\"step\":30,\"type\":\"anchor\",\"collection\":\"slab0\",\"node\":1,\"anchored\":false}]}";

    @Test
    void aRunWhoseAnchorCommandsPinAndFreeAnIntactSlabReplaysToItsEnd(@TempDir Path tmp) throws Exception {
        Path s = tmp.resolve("anchored.json"), j = tmp.resolve("j");
        Files.writeString(s, SCENE);
        var run = rubble("run", s.toString(), "--journal", j.toString(), "--out", tmp.resolve("o.json").toString());
        assertThat(run.code()).as(run.err()).isZero();
        var info = rubble("journal", "info", j.toString());
        assertThat(info.out()).as("both slabs broke: break events after the pin").doesNotContain("events      0 ");
        var verify = rubble("verify", j.toString());
        assertThat(verify.code()).as(verify.err()).isZero();
        var replay = rubble("replay", j.toString(), "--headless", "--out", tmp.resolve("r.json").toString());
        assertThat(replay.code()).as(replay.err()).isZero();
        assertThat(replay.err()).contains("to recorded step 99:");
    }
}
