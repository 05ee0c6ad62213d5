package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalDigest;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventText;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, in the style of Box2D's and Rapier's cross-thread tests: one scene of stacked boxes
 * (a grid of columns large enough that its contact levels are coloured and split between threads),
 * spheres, capsules, convex hulls, a slab broken by a command and a Voronoi wall broken by a ball
 * (resolve mode), run on 1, 2, 3, 4 and 8 threads: the same state hash after every step, the same
 * events (breaks, hits, contact begins and ends) in the same order, and byte-identical reproducible
 * journals. An ordinary journal records its thread count and verifies on another.
 */
@Timeout(value = 900, unit = TimeUnit.SECONDS) // threads: a broken barrier fails instead of hanging the build
final class ThreadCountJournalTest {
    private static final Stages STAGES = Stages.load();
    static final int STEPS = 75;

    static String scene() {
        StringBuilder b = new StringBuilder("{\"format\":\"rubble-scenario/1\",\"name\":\"threads\",\"steps\":" + STEPS + ",");
        b.append("\"world\":{\"sleep\":{\"enabled\":false}},");
        b.append("\"events\":{\"hit\":{\"on\":true,\"minSpeed\":1},\"break\":true,\"begin\":true,\"end\":true},");
        b.append("\"bodies\":[{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[40,0.5,40]},"
                + "\"position\":[0,-0.5,0]}");
        // 10 x 8 columns of two boxes: 80 ground and 80 box-on-box manifolds (levels of 64 or more are coloured)
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 8; j++) {
                for (int k = 0; k < 2; k++) {
                    b.append(",{\"shape\":{\"type\":\"box\",\"halfExtents\":[0.4,0.4,0.4]},\"position\":[")
                            .append(-12 + 1.2 * i).append(',').append(0.4 + 0.8 * k).append(',').append(8 + 1.2 * j).append("]}");
                }
            }
        }
        for (int i = 0; i < 18; i++) {
            String shape = switch (i % 3) {
                case 0 -> "{\"type\":\"sphere\",\"radius\":0.4}";
                case 1 -> "{\"type\":\"capsule\",\"radius\":0.25,\"halfHeight\":0.4}";
                default -> "{\"type\":\"convexHull\",\"points\":[[0,0,0],[0.8,0,0],[0,0.8,0],[0,0,0.8],[0.5,0.5,0.5]]}";
            };
            b.append(",{\"shape\":").append(shape).append(",\"position\":[").append(-11.5 + 1.2 * (i % 9)).append(',')
                    .append(2.5 + 0.9 * (i / 9)).append(',').append(8.3 + 0.7 * (i % 4)).append("],\"linearVelocity\":[0.3,0,-0.2]}");
        }
        b.append(",{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.4},\"mass\":200,\"position\":[6,1.2,-6],"
                + "\"linearVelocity\":[0,0,30]}");
        b.append("],\"collections\":[{\"id\":\"slab\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\","
                + "\"options\":{\"count\":12}}],\"seed\":3},\"position\":[-4,2,-3],\"angular\":[0.2,0,0.1],"
                + "\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}},");
        b.append("{\"id\":\"wall\",\"recipe\":{\"box\":[2,1.2,0.2],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":40}}],"
                + "\"seed\":5},\"position\":[6,1.2,-2],\"anchors\":{\"boxes\":[{\"min\":[-3,-1.3,-1],\"max\":[3,-1.0,1]}]},"
                + "\"destruction\":{\"damageOptions\":{\"thresholds\":[300]},\"impactMode\":\"resolve\"}}],");
        b.append("\"commands\":[{\"step\":5,\"type\":\"externalStrain\",\"collection\":\"slab\",\"node\":3,\"strain\":1.0E9}]}");
        return b.toString();
    }

    /** Per-step hashes and every event line of a run on {@code threads} threads, with a reproducible journal in {@code dir}. */
    record Run(long[] hashes, List<String> events) {
    }

    static Run run(String json, int threads, Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES, Map.of(), threads);
        World w = sw.world();
        long[] hashes = new long[STEPS];
        List<String> events = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.createReproducible(dir, sw, "threads", json)) {
            w.addObserver(jw);
            w.addObserver((world, p) -> {
                hashes[(int) p.step()] = p.stateHash();
                for (int k = 0; k < EventKinds.COUNT; k++) {
                    EventBuffer eb = world.context().events.buffer(k);
                    for (int i = 0; i < eb.count(); i++) {
                        events.add(EventText.json(p.step(), k, eb, i));
                    }
                }
            });
            sw.run(STEPS);
            assertThat(w.profile().threads()).isEqualTo(threads);
        }
        return new Run(hashes, events);
    }

    static byte[] cycleBytes(Path dir) throws Exception {
        List<Path> files = JournalReader.cycleFiles(dir);
        assertThat(files).hasSize(1);
        return Files.readAllBytes(files.get(0));
    }

    @Test
    void everyThreadCountGivesTheSameHashesEventsAndJournalBytes(@TempDir Path tmp) throws Exception {
        String json = scene();
        Run one = run(json, 1, tmp.resolve("t1"));
        // the scene does what it is for: both collections break, things hit, contacts begin and end
        assertThat(one.events()).anyMatch(l -> l.contains("\"kind\":\"break\""));
        assertThat(one.events()).anyMatch(l -> l.contains("\"kind\":\"hit\""));
        assertThat(one.events()).anyMatch(l -> l.contains("\"kind\":\"end\""));
        String digest = JournalDigest.of(tmp.resolve("t1")).sha256();
        byte[] bytes = cycleBytes(tmp.resolve("t1"));
        for (int threads : new int[] {2, 3, 4, 8}) {
            for (int round = 0; round < (threads == 2 ? 3 : 1); round++) {
                Path dir = tmp.resolve("t" + threads + "r" + round);
                Run r = run(json, threads, dir);
                for (int s = 0; s < STEPS; s++) {
                    assertThat(r.hashes()[s]).as("state hash after step %d on %d threads, round %d", s, threads, round)
                            .isEqualTo(one.hashes()[s]);
                }
                assertThat(r.events()).as("events on %d threads", threads).containsExactlyElementsOf(one.events());
                assertThat(JournalDigest.of(dir).sha256()).as("journal digest on %d threads", threads).isEqualTo(digest);
                assertThat(cycleBytes(dir)).as("journal bytes on %d threads", threads).isEqualTo(bytes);
            }
        }
    }

    @Test
    void anOrdinaryJournalRecordsItsThreadCountAndVerifiesOnAnother(@TempDir Path tmp) {
        String json = scene();
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES, Map.of(), 3);
        Path dir = tmp.resolve("j");
        try (JournalWriter jw = JournalWriter.create(dir, sw, "threads", json)) {
            sw.world().addObserver(jw);
            sw.run(40);
        }
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.recordedThreads()).isEqualTo(3);
            assertThat(r.settings().threads()).isEqualTo(3);
        }
        // as recorded (3), and on 1 and 2
        for (int threads : new int[] {0, 1, 2}) {
            VerifyResult v = Verifier.verify(dir, STAGES, threads);
            assertThat(v.ok()).as("verify on %d threads: %s", threads, v).isTrue();
            assertThat(v.stepsChecked()).isEqualTo(40);
        }
        // a reproducible journal records no thread count (nothing of the machine reaches it)
        Path rep = tmp.resolve("r");
        ScenarioWorld sw2 = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES, Map.of(), 3);
        try (JournalWriter jw = JournalWriter.createReproducible(rep, sw2, "threads", json)) {
            sw2.world().addObserver(jw);
            sw2.run(2);
        }
        try (JournalReader r = JournalReader.open(rep)) {
            assertThat(r.recordedThreads()).isZero();
            assertThat(r.settings().threads()).isEqualTo(1);
        }
    }
}
