package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.CollectionJson;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 23: {@code rubble fracture --out x.json} and {@code rubble collection convert} between .rbc and JSON. */
final class CollectionCommandTest extends CliHarness {

    @Test
    void fractureWritesJsonAndConvertGoesBothWaysToTheSameBytes(@TempDir Path dir) throws Exception {
        String[] recipe = {"fracture", "--source", "box:half=1,0.5,0.25", "--sites", "12", "--levels", "2", "--seed", "5", "--out"};
        Path rbc = dir.resolve("direct.rbc"), json = dir.resolve("wall.json");
        assertThat(run(concat(recipe, rbc.toString()))).as(err.toString()).isZero();
        assertThat(run(concat(recipe, json.toString()))).as(err.toString()).isZero();
        assertThat(Files.readString(json)).startsWith("{").contains("\"format\" : \"rubble-collection/1\"");
        Path back = dir.resolve("back.rbc"), again = dir.resolve("again.json");
        assertThat(run("collection", "convert", json.toString(), back.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("wrote " + back + ": 157 nodes, 144 leaves");
        assertThat(Files.readAllBytes(back)).as("the JSON holds every bit of the fractured collection")
                .isEqualTo(Files.readAllBytes(rbc));
        assertThat(run("collection", "convert", back.toString(), again.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(again)).isEqualTo(Files.readString(json));
    }

    @Test
    void theBridgeExampleConvertsAndKeepsItsStrengths(@TempDir Path dir) throws Exception {
        Path bridge = Path.of("..", "examples", "collections", "bridge.json");
        Path rbc = dir.resolve("bridge.rbc");
        assertThat(run("collection", "convert", bridge.toString(), rbc.toString())).as(err.toString()).isZero();
        var g = CollectionFile.load(rbc);
        assertThat(g).isEqualTo(CollectionJson.load(bridge));
        assertThat(g.strengths().materialMultiplier()).containsExactly(1, 0.5);
        assertThat(g.strengths().nodeMaterial()[4]).isEqualTo(1);
    }

    @Test
    void badInputExitsTwoWithOneLineNamingTheField(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"rubble-collection/1\", \"nodes\": [{\"parent\": -1},"
                + " {\"parent\": 0, \"box\": [0, 0, 0, 1, 1, 1]}, {\"parent\": 0, \"box\": [2, 0, 0, 1, 1, 1]}],"
                + " \"bonds\": [[1, 3]]}");
        assertThat(run("collection", "convert", bad.toString(), dir.resolve("x.rbc").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("bonds[0][1]").doesNotContain("internal").hasLineCount(1);
        assertThat(run("collection", "convert", dir.resolve("none.rbc").toString(), dir.resolve("x.json").toString())).isEqualTo(2);
        assertThat(run("collection", "convert", bad.toString(), dir.resolve("x.txt").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("OUT ").contains("allowed: .rbc, .json");
        assertThat(Files.exists(dir.resolve("x.rbc"))).isFalse();
    }

    /** The Done-when list of issue 23: each bad JSON exits 2 with one line naming its JSON path. */
    @Test
    void eachKindOfBadJsonExitsTwoNamingThePath(@TempDir Path dir) throws Exception {
        String ok = "{\"format\": \"rubble-collection/1\", \"nodes\": [{\"parent\": -1},"
                + " {\"parent\": 0, \"box\": [0, 0, 0, 0.5, 0.5, 0.5]}, {\"parent\": 0, \"box\": [1, 0, 0, 0.5, 0.5, 0.5]}],"
                + " \"bonds\": [[1, 2]]}";
        String[][] cases = {
            {"\"parent\": 0, \"box\": [0, 0, 0,", "\"parent\": 9, \"box\": [0, 0, 0,", "nodes[1].parent = 9"}, // unknown parent
            {"{\"parent\": -1}", "{\"parent\": 1}", "nodes[0].parent = 1"}, // 0 -> 1 -> 0: a cycle, no root
            {"[[1, 2]]", "[[1, 4]]", "bonds[0][1] = 4"}, // bond to a missing node
            {"\"box\": [0, 0, 0, 0.5, 0.5, 0.5]", "\"points\": [[0,0,0],[1,0,0],[0,1,0],[0,0,1],[0.1,0.1,0.1]]",
                "nodes[1].points[4]"}, // non-convex hull points
            {"\"box\": [1, 0, 0, 0.5, 0.5, 0.5]}", "\"box\": [1, 0, 0, 0.5, 0.5, 0.5], \"mass\": -2}", "nodes[2].mass = -2"},
        };
        for (String[] c : cases) {
            assertThat(ok).contains(c[0]);
            Path f = dir.resolve("bad.json");
            Files.writeString(f, ok.replace(c[0], c[1]));
            assertThat(run("collection", "convert", f.toString(), dir.resolve("x.rbc").toString())).as(c[2]).isEqualTo(2);
            assertThat(err.toString()).as(c[2]).contains(c[2]).contains("allowed:").hasLineCount(1);
        }
        Files.writeString(dir.resolve("good.json"), ok);
        assertThat(run("collection", "convert", dir.resolve("good.json").toString(), dir.resolve("x.rbc").toString()))
                .as(err.toString()).isZero();
    }

    /** A scenario placing the hand-made bridge records a journal that verifies bit for bit (the asset's strengths travel in it). */
    @Test
    void theBridgeExampleRecordsAndVerifies(@TempDir Path dir) {
        Path j = dir.resolve("j");
        assertThat(run("run", Path.of("..", "examples", "bridge.json").toString(), "--journal", j.toString(), "--out", dir.resolve("state.json").toString()))
                .as(err.toString()).isZero();
        assertThat(run("verify", j.toString())).as(err.toString() + out).isZero();
        assertThat(out.toString()).contains("identical");
    }

    private static String[] concat(String[] a, String last) {
        String[] r = java.util.Arrays.copyOf(a, a.length + 1);
        r[a.length] = last;
        return r;
    }
}
