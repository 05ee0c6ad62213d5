package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.cli.JournalCommandsTest.Result;
import dev.rubble.plugin.render.png.Palette;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28 item 6: {@code rubble render x.rbc --color level} shows the collection's clusters — each leaf
 * drawn in the colour of its cluster at the chosen level, with a swatch per cluster in the legend.
 * The same view is drawn twice, once with {@code --color piece} (every leaf its own colour, which
 * names the leaf under every pixel) and once with {@code --color level}: every pixel of a leaf must
 * then show its cluster's colour, read from the {@code .rbc}'s parent links — so leaves of one cluster
 * share a colour and leaves of different clusters do not.
 */
final class RenderClusterColorTest {
    @TempDir
    Path tmp;

    private static final String[] FLAT = {"--option", "shading=flat", "--option", "edges=false", "--option", "grid=false",
        "--option", "overlay=false", "--camera", "0,0,4:0,0,0:40", "--size", "480x270"};

    private static String[] with(String[] head, String... tail) {
        String[] all = new String[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @Test
    void everyLeafIsDrawnInItsClustersColourAndClustersDiffer() throws Exception {
        Path rbc = tmp.resolve("wall.rbc");
        Result f = rubble("fracture", "--source", "box:half=1,0.5,0.1", "--sites", "8", "--levels", "2", "--seed", "5",
                "--out", rbc.toString());
        assertThat(f.code()).as(f.err()).isZero();
        GeometryCollection c = CollectionFile.load(rbc);
        assertThat(c.maxLevel()).isEqualTo(2);

        Path pieces = tmp.resolve("pieces.png"), clusters = tmp.resolve("clusters.png");
        Result p = rubble(with(new String[] {"render", rbc.toString(), "--color", "piece", "--out", pieces.toString()}, FLAT));
        assertThat(p.code()).as(p.err()).isZero();
        Result l = rubble(with(new String[] {"render", rbc.toString(), "--color", "level", "--out", clusters.toString()}, FLAT));
        assertThat(l.code()).as(l.err()).isZero();

        // leaf colour -> leaf (the piece colours of the leaves must be told apart for the test to mean anything)
        Map<Integer, Integer> leafOf = new HashMap<>();
        for (int leaf : c.leaves()) {
            assertThat(leafOf.put(Palette.piece(leaf) & 0xFFFFFF, leaf)).as("leaf colours distinct").isNull();
        }
        BufferedImage a = ImageIO.read(pieces.toFile()), b = ImageIO.read(clusters.toFile());
        Map<Integer, Integer> colourOfCluster = new HashMap<>();
        Set<Integer> leavesSeen = new HashSet<>();
        int pixels = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                Integer leaf = leafOf.get(a.getRGB(x, y) & 0xFFFFFF);
                if (leaf == null) {
                    continue; // background
                }
                int cluster = c.parent(leaf);
                assertThat(c.level(cluster)).isEqualTo(1);
                int colour = b.getRGB(x, y) & 0xFFFFFF;
                assertThat(colour).as("pixel %d,%d of leaf %d (cluster %d)", x, y, leaf, cluster)
                        .isEqualTo(Palette.piece(cluster) & 0xFFFFFF);
                Integer before = colourOfCluster.put(cluster, colour);
                assertThat(before == null || before == colour).as("one colour per cluster").isTrue();
                leavesSeen.add(leaf);
                pixels++;
            }
        }
        assertThat(pixels).as("the wall fills much of the view").isGreaterThan(480 * 270 / 10);
        // the face of a 8-cell wall shows every cluster and many leaves; the clusters' colours all differ
        assertThat(colourOfCluster).hasSize(8);
        assertThat(new HashSet<>(colourOfCluster.values())).hasSize(8);
        assertThat(leavesSeen.size()).isGreaterThan(16);

        // level 0 is the whole collection: one colour; a level past the leaves is bad input (exit 2)
        Path whole = tmp.resolve("whole.png");
        Result w = rubble(with(new String[] {"render", rbc.toString(), "--color", "level", "--cluster-level", "0", "--out",
            whole.toString()}, FLAT));
        assertThat(w.code()).as(w.err()).isZero();
        BufferedImage wi = ImageIO.read(whole.toFile());
        assertThat(wi.getRGB(240, 135) & 0xFFFFFF).isEqualTo(Palette.piece(0) & 0xFFFFFF);
        Result bad = rubble("render", rbc.toString(), "--color", "level", "--cluster-level", "3", "--out",
                tmp.resolve("bad.png").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--cluster-level 3; allowed: 0..2");
        Result stateWithLevel = rubble("render", rbc.toString(), "--color", "state", "--cluster-level", "1", "--out",
                tmp.resolve("bad2.png").toString());
        assertThat(stateWithLevel.code()).isEqualTo(2);
    }
}
