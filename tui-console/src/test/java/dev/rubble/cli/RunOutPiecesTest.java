package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 23: {@code rubble run --out} names each collection piece by collection id and node. */
final class RunOutPiecesTest {

    @Test
    void crumbledPiecesAreNamedByCollectionAndNode(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("crumble.json");
        // one slab of 12 voronoi leaves (nodes 1..12 under root 0), crumbled at step 2 in zero gravity:
        // every leaf flies free, so the state lists twelve pieces of "slab", one per leaf
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"world\":{\"gravity\":[0,0,0]},"
                + "\"collections\":[{\"id\":\"slab\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\","
                + "\"options\":{\"count\":12}}],\"seed\":3},\"position\":[0,5,0]}],"
                + "\"bodies\":[{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.2},\"position\":[9,0,0]}],"
                + "\"commands\":[{\"step\":2,\"type\":\"crumble\",\"collection\":\"slab\"}]}");
        Path out = tmp.resolve("state.json");
        JournalCommandsTest.Result r = JournalCommandsTest.rubble("run", f.toString(), "--steps", "5", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode bodies = new ObjectMapper().readTree(out.toFile()).get("bodies");
        Set<Integer> nodes = new TreeSet<>();
        int pieces = 0;
        for (JsonNode b : bodies) {
            if (b.has("collection")) {
                pieces++;
                assertThat(b.get("collection").asText()).isEqualTo("slab");
                nodes.add(b.get("node").asInt());
            } else {
                assertThat(b.get("id").asText()).isEqualTo("ball");
                assertThat(b.has("node")).isFalse();
            }
        }
        assertThat(pieces).isEqualTo(12);
        Set<Integer> leaves = new TreeSet<>();
        for (int i = 1; i <= 12; i++) {
            leaves.add(i);
        }
        assertThat(nodes).isEqualTo(leaves);
    }
}
