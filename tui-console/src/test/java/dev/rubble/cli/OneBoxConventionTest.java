package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cli.CommandLineHelpTest.Result;
import dev.rubble.core.soft.cage.CageSource;
import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 5: one box convention. {@code box:half=HX,HY,HZ} is the same box — half extents,
 * centred at the origin — in {@code fracture --source}, {@code softbody --source} and a scenario's
 * {@code softBodies[].source} (and a recipe's {@code box}, which always was half extents). The old
 * spelling {@code box:A,B,C} meant full sizes in fracture and half extents in softbody; it is refused
 * (exit 2, one line) with the new spelling of what it meant there.
 */
final class OneBoxConventionTest {

    @Test
    void theSameSpellingIsTheSameBoxForFractureAndSoftBodies() {
        ConvexPolytope p = FractureCommand.parseSource("box:half=1,0.5,0.25");
        CageSource c = CageSource.parse("box:half=1,0.5,0.25", Path.of("."));
        double[] pmax = new double[3], cmax = new double[3];
        for (int i = 0; i < p.vertexCount(); i++) {
            for (int k = 0; k < 3; k++) {
                pmax[k] = Math.max(pmax[k], Math.abs(p.vertex(i, k)));
            }
        }
        for (int i = 0; i < c.vertices().length; i++) {
            cmax[i % 3] = Math.max(cmax[i % 3], Math.abs(c.vertices()[i]));
        }
        assertThat(pmax).containsExactly(1, 0.5, 0.25);
        assertThat(cmax).containsExactly(1, 0.5, 0.25);
        assertThat(p.volume()).as("2 x 1 x 0.5 m").isCloseTo(1.0, within(1e-12));
    }

    @Test
    void theOldSpellingIsRefusedWithTheNewSpellingOfWhatItMeantThere(@TempDir Path dir) throws Exception {
        Result f = CommandLineHelpTest.rubble("fracture", "--source", "box:2,1,0.5");
        assertThat(f.code()).isEqualTo(2);
        assertThat(f.err().strip().lines().count()).as(f.err()).isEqualTo(1);
        assertThat(f.err()).contains("box:2,1,0.5").contains("full side lengths").contains("write box:half=1,0.5,0.25");

        Result s = CommandLineHelpTest.rubble("softbody", "--source", "box:0.5,0.25,0.5");
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err()).contains("half extents").contains("write box:half=0.5,0.25,0.5");

        Path scene = dir.resolve("soft.json");
        Files.writeString(scene, """
                {"format": "rubble-scenario/1", "steps": 2,
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]}],
                 "softBodies": [{"id": "block", "source": "box:0.5,0.25,0.5", "density": 500, "position": [0, 0.4, 0]}]}""");
        Result r = CommandLineHelpTest.rubble("run", scene.toString(), "--headless");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("$.softBodies[0]").contains("write box:half=0.5,0.25,0.5");

        Result bad = CommandLineHelpTest.rubble("fracture", "--source", "box:half=1,x,1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("'x' is not a number").contains("box:half=HX,HY,HZ");
    }
}
