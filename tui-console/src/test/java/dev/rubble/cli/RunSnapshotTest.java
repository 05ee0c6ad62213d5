package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cli.RunDefenceTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble run --snapshot-at N --snapshot FILE} and {@code rubble run SCENARIO --restore FILE}:
 * the restored run ends in exactly the state the uninterrupted run ends in, and every bad or foreign
 * snapshot file is bad input (exit 2) named in one line.
 */
final class RunSnapshotTest {
    @TempDir
    Path tmp;
    Path scenario, snap;

    /** A 4 x 4 x 2 box pile, a scheduled impulse after the snapshot and a spawn before it. */
    static String pile(String name) {
        StringBuilder b = new StringBuilder("{\"format\":\"rubble-scenario/1\",\"name\":\"" + name + "\",\"steps\":240,"
                + "\"bodies\":[" + RunDefenceTest.G);
        for (int layer = 0; layer < 2; layer++) {
            for (int i = 0; i < 4; i++) {
                for (int k = 0; k < 4; k++) {
                    b.append(",{\"id\":\"b").append(layer).append(i).append(k)
                            .append("\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.25,0.25,0.25]},\"position\":[")
                            .append(0.55 * i + 0.01 * k).append(',').append(0.3 + 0.6 * layer + 0.05 * i).append(',')
                            .append(0.55 * k).append("],\"orientation\":[0.05,0,0,0.9987]}");
                }
            }
        }
        return b.append("],\"commands\":["
                + "{\"step\":40,\"type\":\"spawn\",\"body\":{\"id\":\"late\",\"shape\":{\"type\":\"sphere\",\"radius\":0.2},"
                + "\"position\":[0.8,3,0.8]}},"
                + "{\"step\":150,\"type\":\"impulse\",\"body\":\"b111\",\"impulse\":[3,2,0]}]}").toString();
    }

    @BeforeEach
    void scenario() throws IOException {
        scenario = tmp.resolve("pile.json");
        Files.writeString(scenario, pile("pile"));
        snap = tmp.resolve("pile.rsnap");
    }

    static Result rubble(String... args) {
        return RunDefenceTest.rubble(args);
    }

    @Test
    void aRestoredRunEndsExactlyWhereTheUninterruptedOneDoes() throws IOException {
        Path a = tmp.resolve("a.json"), b = tmp.resolve("b.json");
        Result full = rubble("run", scenario.toString(), "--out", a.toString(), "--snapshot-at", "100",
                "--snapshot", snap.toString());
        assertThat(full.code()).as(full.err()).isZero();
        assertThat(full.err()).contains("rubble: snapshot after step 100 written to " + snap);
        Result resumed = rubble("run", scenario.toString(), "--restore", snap.toString(), "--out", b.toString());
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.err()).contains("ran 140 steps");
        assertThat(Files.readString(b)).isEqualTo(Files.readString(a)); // every body's pose and the state hash
        assertThat(Files.readString(a)).contains("\"steps\" : 240");
        // and the same through another broadphase, chosen the same way both times
        Path c = tmp.resolve("c.json"), d = tmp.resolve("d.json"), snap2 = tmp.resolve("sap.rsnap");
        assertThat(rubble("run", scenario.toString(), "--set", "broadphase=sap", "--out", c.toString(),
                "--snapshot-at", "37", "--snapshot", snap2.toString()).code()).isZero();
        assertThat(rubble("run", scenario.toString(), "--set", "broadphase=sap", "--restore", snap2.toString(),
                "--out", d.toString()).code()).isZero();
        assertThat(Files.readString(d)).isEqualTo(Files.readString(c));
    }

    /**
     * A snapshot saved by a run on several threads resumes, as saved or on any other count: a world
     * steps to the same bits on every count (docs/parallel.md). Before, the thread count was compared
     * as a setting, and the restore took the scenario's (1) whatever --threads said, so a snapshot
     * saved with --threads 2 could never be restored ("saved with other settings than this run:
     * threads: saved 2, here 1"), and one saved on 1 thread never on another.
     */
    @Test
    void aSnapshotSavedOnSeveralThreadsResumesOnAnyCount() throws IOException {
        Path a = tmp.resolve("a.json");
        assertThat(rubble("run", scenario.toString(), "--out", a.toString()).code()).isZero();
        Result saving = rubble("run", scenario.toString(), "--threads", "2", "--out", tmp.resolve("s.json").toString(),
                "--snapshot-at", "100", "--snapshot", snap.toString());
        assertThat(saving.code()).as(saving.err()).isZero();
        for (String[] threads : new String[][] {{}, {"--threads", "1"}, {"--threads", "3"}}) {
            Path b = tmp.resolve("b" + threads.length + ".json");
            List<String> args = new java.util.ArrayList<>(List.of("run", scenario.toString(), "--restore", snap.toString(),
                    "--out", b.toString()));
            args.addAll(List.of(threads));
            Result resumed = rubble(args.toArray(String[]::new));
            assertThat(resumed.code()).as("%s: %s", List.of(threads), resumed.err()).isZero();
            assertThat(Files.readString(b)).as("restored with %s", List.of(threads)).isEqualTo(Files.readString(a));
        }
    }

    private void saved() {
        Result r = rubble("run", scenario.toString(), "--steps", "20", "--out", tmp.resolve("s.json").toString(), "--snapshot-at", "10",
                "--snapshot", snap.toString());
        assertThat(r.code()).as(r.err()).isZero();
    }

    /** Exit 2, one line naming the problem, no stack trace. */
    private static void badInput(Result r, String... expected) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(expected).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
    }

    @Test
    void badAndForeignSnapshotFilesExitTwoNamingTheProblem() throws IOException {
        saved();
        byte[] good = Files.readAllBytes(snap);
        Path bad = tmp.resolve("bad.rsnap");

        Files.writeString(bad, "{\"format\":\"rubble-state/1\"}");
        badInput(rubble("run", scenario.toString(), "--restore", bad.toString()),
                bad + " is not a Rubble snapshot: it does not start with the magic 'RUBBLESN'");

        Files.write(bad, Arrays.copyOf(good, good.length - 100));
        badInput(rubble("run", scenario.toString(), "--restore", bad.toString()), bad + " is truncated at byte ");

        byte[] flipped = good.clone();
        flipped[good.length / 2] ^= 0x01;
        Files.write(bad, flipped);
        badInput(rubble("run", scenario.toString(), "--restore", bad.toString()), bad + " is damaged: CRC-32C mismatch");

        byte[] future = good.clone();
        future[9] = 99;
        Files.write(bad, future);
        badInput(rubble("run", scenario.toString(), "--restore", bad.toString()),
                bad + " has snapshot format version 99, newer than this build reads; allowed: 1..");

        badInput(rubble("run", scenario.toString(), "--restore", tmp.resolve("none.rsnap").toString()), "does not exist; allowed: a snapshot file");
    }

    @Test
    void aSnapshotOfAnotherScenarioOrWithOtherSettingsIsRefused() throws IOException {
        saved();
        Path other = tmp.resolve("other.json");
        Files.writeString(other, pile("tower"));
        badInput(rubble("run", other.toString(), "--restore", snap.toString()),
                "--restore " + snap + " is a snapshot of scenario 'pile', not of 'tower'");
        badInput(rubble("run", scenario.toString(), "--set", "broadphase=sap", "--restore", snap.toString()),
                "--restore " + snap + " was saved with other settings than this run: stages: saved {}, here {broadphase=sap}");
    }

    @Test
    void inconsistentSnapshotOptionsAreBadInput() {
        badInput(rubble("run", scenario.toString(), "--snapshot-at", "10"), "--snapshot-at 10 needs --snapshot FILE");
        badInput(rubble("run", scenario.toString(), "--snapshot", snap.toString()),
                "needs --snapshot-at N");
        badInput(rubble("run", scenario.toString(), "--steps", "20", "--snapshot-at", "30", "--snapshot", snap.toString()),
                "--snapshot-at 30 is outside this run, which covers steps 0..20");
        saved();
        badInput(rubble("run", scenario.toString(), "--restore", snap.toString(), "--journal", tmp.resolve("j").toString()),
                "--journal cannot record a run restored with --restore");
    }

    /**
     * A destruction scenario: a two-level Voronoi slab anchored along its base, a break budget of 1,
     * removal on break with short seeded delays, hit by a ball; collections are saved since format 2.
     */
    static String wall(String name) {
        return "{\"format\":\"rubble-scenario/1\",\"name\":\"" + name + "\",\"steps\":200,"
                + "\"world\":{\"budgets\":{\"breaksPerStep\":1}},"
                + "\"bodies\":[" + RunDefenceTest.G + ",{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.3},"
                + "\"mass\":80,\"position\":[0.2,0.9,-2.5],\"linearVelocity\":[0,0,25]}],"
                + "\"collections\":[{\"id\":\"wall\",\"recipe\":{\"box\":[1,0.75,0.15],\"levels\":["
                + "{\"method\":\"voronoi\",\"options\":{\"count\":6}},{\"method\":\"voronoi\",\"options\":{\"count\":4}}],"
                + "\"seed\":3},\"position\":[0,0.75,0],"
                + "\"anchors\":{\"boxes\":[{\"min\":[-2,-2,-2],\"max\":[2,-0.5,2]}]},"
                + "\"destruction\":{\"damageModel\":\"user-defined\",\"damageOptions\":{\"thresholds\":[200,60]}},"
                + "\"debris\":{\"removeOnBreak\":{\"delay\":[0,0.05],\"removal\":[0.3,0.6]}}}]}";
    }

    @Test
    void aRestoredDestructionRunEndsExactlyWhereTheUninterruptedOneDoes() throws IOException {
        Path wallFile = tmp.resolve("wall.json");
        Files.writeString(wallFile, wall("wall"));
        Path a = tmp.resolve("wa.json");
        Path[] snaps = {tmp.resolve("w0.rsnap"), tmp.resolve("w9.rsnap"), tmp.resolve("w40.rsnap")};
        long[] at = {0, 9, 40};
        Result full = rubble("run", wallFile.toString(), "--out", a.toString(), "--snapshot-at", "9",
                "--snapshot", snaps[1].toString());
        assertThat(full.code()).as(full.err()).isZero();
        String mid = "";
        for (int i : new int[] {0, 2}) {
            Result r = rubble("run", wallFile.toString(), "--steps", String.valueOf(at[i]), "--out",
                    tmp.resolve("x.json").toString(), "--snapshot-at", String.valueOf(at[i]), "--snapshot", snaps[i].toString());
            assertThat(r.code()).as(r.err()).isZero();
            mid = r.err();
        }
        // the wall really broke by step 40: ground, ball and more than one piece of wall
        assertThat(mid).containsPattern("ran 40 steps .*; ([5-9]|[1-9][0-9]+) bodies;");
        String expected = Files.readString(a);
        for (int i = 0; i < at.length; i++) {
            Path b = tmp.resolve("wb" + i + ".json");
            Result resumed = rubble("run", wallFile.toString(), "--restore", snaps[i].toString(), "--out", b.toString());
            assertThat(resumed.code()).as(resumed.err()).isZero();
            assertThat(resumed.err()).contains("ran " + (200 - at[i]) + " steps");
            assertThat(Files.readString(b)).as("restored after step %d", at[i]).isEqualTo(expected);
        }
    }

    /**
     * Issue 25: a breaking wall with hits, breaks, trailing and removals switched on (with a cap and
     * a sort), snapshotted mid-run: the restored run's event lines are the uninterrupted run's after
     * the snapshot step, line for line.
     */
    @Test
    void aRestoredRunWritesTheSameEventsAsTheUninterruptedOne() throws IOException {
        Path wall = tmp.resolve("wall.json");
        Files.writeString(wall, """
            {"format": "rubble-scenario/1", "name": "wall", "steps": 120,
             "events": {"hit": {"on": true, "minSpeed": 0.5, "maxResults": 5, "sort": "impulse"}, "break": true,
                        "trailing": {"on": true, "maxResults": 8, "sort": "speed"}, "removal": true, "sleep": true},
             "bodies": [
               {"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
               {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "mass": 60, "position": [0, 1.2, -3], "linearVelocity": [0, 0, 12]}],
             "collections": [
               {"id": "wall", "recipe": {"box": [1.5, 1, 0.1], "levels": [{"method": "voronoi", "options": {"count": 30}}], "seed": 7},
                "position": [0, 1, 0], "anchors": {"boxes": [{"min": [-2, -1.1, -1], "max": [2, -0.9, 1]}]},
                "destruction": {"damageOptions": {"thresholds": [50]}}}]}""");
        Path a = tmp.resolve("a.jsonl"), b = tmp.resolve("b.jsonl"), ws = tmp.resolve("wall.rsnap");
        int at = 22; // the ball has hit, pieces are flying
        Result full = rubble("run", wall.toString(), "--events", a.toString(), "--snapshot-at", String.valueOf(at),
                "--snapshot", ws.toString());
        assertThat(full.code()).as(full.err()).isZero();
        Result resumed = rubble("run", wall.toString(), "--restore", ws.toString(), "--events", b.toString());
        assertThat(resumed.code()).as(resumed.err()).isZero();
        java.util.List<String> after = Files.readAllLines(a).stream()
                .filter(l -> Long.parseLong(l.substring(8, l.indexOf(','))) > at).toList();
        java.util.List<String> before = Files.readAllLines(a).stream()
                .filter(l -> Long.parseLong(l.substring(8, l.indexOf(','))) <= at).toList();
        assertThat(before).anyMatch(l -> l.contains("\"kind\":\"hit\"")).anyMatch(l -> l.contains("\"kind\":\"break\""));
        assertThat(after).anyMatch(l -> l.contains("\"kind\":\"trailing\""));
        assertThat(Files.readAllLines(b)).containsExactlyElementsOf(after);
    }
}
