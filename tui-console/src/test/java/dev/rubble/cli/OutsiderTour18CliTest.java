package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outsider's tour of tour18 (README, docs, examples followed literally): what it found on the command line. */
final class OutsiderTour18CliTest extends TwoBoxesCliTestBase {

    static final String WALL = Path.of("..", "examples", "stress", "wall-hole.json").toString();
    static final String STATUE = Path.of("..", "examples", "meshes", "statue.rbc").toString();

    /**
     * docs/rendering.md's option table offers {@code --option color=stress} beside {@code --color stress}, but only the
     * latter had the bond stress computed: the option drew the standing wall grey, every piece "no bonds", and took a
     * scene without a stress model without a word. Both now draw the same bytes, and both refuse such a scene.
     */
    @Test
    void theStressColourAsARendererOptionDrawsWhatTheColourFlagDraws(@TempDir Path dir) throws Exception {
        Path flag = dir.resolve("flag.png");
        Path option = dir.resolve("option.png");
        String[] common = {"--frames", "19", "--size", "240x135", "--camera", "0,1.5,7:0,1.5,0:40"};
        assertThat(run(concat(new String[] {"render", WALL, "--color", "stress", "--out", flag.toString()}, common)))
                .as(err.toString()).isZero();
        assertThat(run(concat(new String[] {"render", WALL, "--option", "color=stress", "--out", option.toString()}, common)))
                .as(err.toString()).isZero();
        assertThat(Files.readAllBytes(option)).isEqualTo(Files.readAllBytes(flag));

        Path kept = dir.resolve("kept.png");
        Files.writeString(kept, "mine");
        assertThat(run("render", scene.toString(), "--option", "color=stress", "--out", kept.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --color stress: the scenario has no collection with a stress model;"
                + " allowed: a scenario whose collections[i].stress names one (e.g. \"model\": \"support-graph\")"
                + System.lineSeparator());
        assertThat(Files.readString(kept)).isEqualTo("mine");
    }

    /**
     * {@code --color cluster} (the renderer's internal mode for {@code --cluster-level}, in neither {@code render --help}
     * nor the docs' {@code --color} list) drew the two-box scene's bodies under a "level 1 clusters (2)" legend, and
     * {@code --color foo} was answered as the plugin's "option 'color' = foo; allowed: ..., cluster".
     */
    @Test
    void aColourModeTheHelpDoesNotNameIsRefusedNamingTheFlag(@TempDir Path dir) {
        for (String mode : new String[] {"cluster", "foo", "Level"}) {
            Path png = dir.resolve(mode + ".png");
            assertThat(run("render", scene.toString(), "--color", mode, "--out", png.toString())).as(mode).isEqualTo(2);
            assertThat(err.toString()).as(mode).isEqualTo("rubble: --color " + mode + " is not allowed; allowed: level,"
                    + " piece, strain, state, stress or field:NAME (a collection's clusters: --color level, --cluster-level N)"
                    + System.lineSeparator());
            assertThat(png).doesNotExist();
        }
    }

    /**
     * {@code render statue.rbc --option color=piece --cluster-level 0}: the clusters' colours silently replaced the
     * piece colours the option asked for ({@code --color piece --cluster-level 0} was already refused).
     */
    @Test
    void aClusterLevelWithAColourOptionIsRefused(@TempDir Path dir) {
        Path png = dir.resolve("statue.png");
        assertThat(run("render", STATUE, "--option", "color=piece", "--cluster-level", "0", "--out", png.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --cluster-level 0 with --option color=piece: --cluster-level colours"
                + " each leaf by its cluster; allowed: --color level (or no colour option)" + System.lineSeparator());
        assertThat(png).doesNotExist();
        // the documented way to see the leaves' own levels still draws
        assertThat(run("render", STATUE, "--option", "color=level", "--size", "160x90", "--out", png.toString()))
                .as(err.toString()).isZero();
        assertThat(png).exists();
    }

    /**
     * {@code --color field:NAME}'s legend read "strain 0 ▬ 1 = threshold" (the field's value is drawn over the frame's
     * largest, in the strain channel); the renderer's legend now names the field (its option {@code field}, LegendTest),
     * which {@code --color field:NAME} sets: given by hand it would relabel any strain picture, so it is refused.
     */
    @Test
    void theFieldLegendsNameIsSetByTheColourFlagOnly(@TempDir Path dir) {
        Path png = dir.resolve("f.png");
        assertThat(run("render", scene.toString(), "--color", "strain", "--option", "field=heat", "--out", png.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --option field=heat is set by --color field:NAME; allowed: --color"
                + " field:NAME (the field's value drawn and named in the legend)" + System.lineSeparator());
        assertThat(png).doesNotExist();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
