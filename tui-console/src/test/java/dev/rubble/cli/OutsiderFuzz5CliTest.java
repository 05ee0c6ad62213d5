package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fifth outsider's pass over the command line (the clileft pass): the five defects the fourth pass left open (mesh
 * cutters that enclose the whole mesh, a cluster count above the pieces, a binary snapshot named .json, the viewer
 * holding every frame, bake plots written into a journal), then scenario, sweep, snapshot and soft-body commands.
 */
final class OutsiderFuzz5CliTest extends TwoBoxesCliTestBase {

    /** A 2 m cube, eight corners and six quads (docs/geometry-collections.md's cube.obj). */
    static final String CUBE = OutsiderFuzz4CliTest.CUBE;

    /** The regular icosahedron's inradius over its circumradius (the default cutter has circumradius 1). */
    static final double ICOSAHEDRON_IN_OVER_CIRCUM = Math.sqrt(3) / 12 * (3 + Math.sqrt(5)) / (Math.sqrt(10 + 2 * Math.sqrt(5)) / 4);

    /**
     * {@code fracture --source cube.obj --cutters 3 --cutter-scale 1e9} wrote the cube unbroken, exit 0: each copy is
     * placed about a point inside the mesh and holds the sphere of radius scale x its inradius about that point, so
     * from scale = (bounds diagonal) / inradius on (2 sqrt 3 / 0.7947 = 4.359 for the 2 m cube and the icosahedron) every
     * copy encloses the whole mesh and cuts nothing. Such scales are refused naming the range; just under it a range of
     * scales still cuts; a scale inside the range whose copies all happen to enclose the mesh is refused after the cut
     * instead of writing it whole. Copies so small the cut drops them as holding no material (under 1e-10 of the
     * mesh's bounds volume: scale < cbrt(8e-10 / V), V = the icosahedron's volume) are refused too.
     */
    @Test
    void cutterScalesThatCannotCutAreRefused(@TempDir Path dir) throws Exception {
        Path cube = dir.resolve("cube.obj"), out = dir.resolve("cube.rbc");
        Files.writeString(cube, CUBE);
        double maxScale = 2 * Math.sqrt(3) / ICOSAHEDRON_IN_OVER_CIRCUM;
        assertThat(maxScale).isBetween(4.359, 4.3593);
        // circumradius 1, edge a = 4 / sqrt(10 + 2 sqrt 5), volume 5 (3 + sqrt 5) a^3 / 12
        double a = 4 / Math.sqrt(10 + 2 * Math.sqrt(5)), volume = 5 * (3 + Math.sqrt(5)) * a * a * a / 12;
        double minScale = Math.cbrt(1e-10 * 8 / volume);
        assertThat(minScale).isBetween(6.80e-4, 6.81e-4);
        for (String scale : new String[] {"1e9", "4.36", "0.5,4.36"}) {
            assertThat(run("fracture", "--source", cube.toString(), "--cutters", "3", "--cutter-scale", scale, "--out",
                    out.toString())).as(scale).isEqualTo(2);
            assertThat(err.toString()).as(scale).startsWith("rubble: --cutter-scale '" + scale + "' is out of range: a copy of"
                    + " scale ").contains("so it encloses the whole mesh wherever it is placed and cuts nothing; allowed:"
                    + " 0.000680725 <= MIN <= MAX < 4.35926" + System.lineSeparator());
        }
        assertThat(run("fracture", "--source", cube.toString(), "--cutters", "1", "--cutter-scale", "6.8e-4", "--out",
                out.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --cutter-scale '6.8e-4' is out of range: a copy of scale 0.00068"
                + " encloses ").contains("too small to be a piece; allowed: 0.000680725 <= MIN");
        assertThat(out).doesNotExist();
        // inside the range, every copy enclosing the mesh where it was placed: refused, not written whole
        assertThat(run("fracture", "--source", cube.toString(), "--cutters", "1", "--cutter-scale", "4.3", "--out",
                out.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --cutters 1 --cutter-scale 4.3: no copy of the cutter cut the mesh"
                + " (each enclosed it whole, or what it cut held no material); allowed: copies smaller than the mesh (it is"
                + " 3.46 m across), or another --seed" + System.lineSeparator());
        assertThat(out).doesNotExist();
        // the accepted edges cut: a range up to just under the limit, and a copy just over the smallest
        assertThat(run("fracture", "--source", cube.toString(), "--cutters", "3", "--cutter-scale", "0.5,4.35", "--out",
                out.toString())).as(err.toString()).isZero();
        assertThat(this.out.toString()).doesNotContain("leaves:       1" + System.lineSeparator());
        assertThat(run("fracture", "--source", cube.toString(), "--cutters", "1", "--cutter-scale", "6.9e-4", "--out",
                out.toString())).as(err.toString()).isZero();
        assertThat(this.out.toString()).contains("leaves:       2" + System.lineSeparator());
    }

    /**
     * {@code fracture --sites 8 --cluster 100} made what {@code --cluster 8} makes (k-means takes at most one group per
     * piece, and groups of one then joined their neighbours), exit 0 without a word. {@code --cluster K} groups the
     * root's children, the first level's pieces: K above their count is refused naming it; their count itself is the
     * accepted edge.
     */
    @Test
    void moreClustersThanPiecesAreRefused() {
        assertThat(run("fracture", "--sites", "8", "--cluster", "100")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --cluster 100 is more than the pieces it groups: the root has 8"
                + " children (the first level's pieces); allowed: 1..8" + System.lineSeparator());
        // a second level makes 64 leaves, but the clusters still group the root's 8 children
        assertThat(run("fracture", "--sites", "8", "--levels", "2", "--cluster", "9")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --cluster 9 is more than the pieces it groups: the root has 8");
        assertThat(run("fracture", "--sites", "8", "--cluster", "8")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("leaves:       8; auto-clusters: ");
    }

    /**
     * {@code journal seek J 5 --out x.json} and {@code run S --snapshot-at 5 --snapshot x.json} wrote a binary snapshot
     * into a file named .json (a snapshot has no JSON form, docs/snapshot-format.md). As {@code fracture} and {@code
     * export} refuse an extension they cannot write, an extension of another format is refused before any work.
     */
    @Test
    void aSnapshotIsNotWrittenUnderAnotherFormatsExtension(@TempDir Path dir) {
        for (String name : new String[] {"x.json", "x.PNG", "x.rbc", "x.jsonl"}) {
            Path f = dir.resolve(name);
            assertThat(run("journal", "seek", journal.toString(), "5", "--out", f.toString())).as(name).isEqualTo(2);
            assertThat(err.toString()).as(name).startsWith("rubble: --out " + f + ": a snapshot is a binary file"
                    + " (docs/snapshot-format.md), not ").contains("; allowed: a name without the extension of another"
                    + " format (.json, ").endsWith("), e.g. x.rsnap" + System.lineSeparator());
            assertThat(f).doesNotExist();
        }
        Path json = dir.resolve("s.json");
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("end.json").toString(), "--snapshot-at",
                "5", "--snapshot", json.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --snapshot " + json + ": a snapshot is a binary file");
        assertThat(json).doesNotExist();
        assertThat(dir.resolve("end.json")).doesNotExist();
        // a snapshot's own names still work (bake writes final.rsnap; any name of no known format), and what seek
        // writes restores
        Path snap = dir.resolve("x.rsnap");
        assertThat(run("journal", "seek", journal.toString(), "5", "--out", snap.toString())).as(err.toString()).isZero();
        assertThat(run("run", scene.toString(), "--headless", "--restore", snap.toString(), "--out",
                dir.resolve("end.json").toString())).as(err.toString()).isZero();
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("end.json").toString(), "--snapshot-at",
                "5", "--snapshot", dir.resolve("s").toString())).as(err.toString()).isZero();
    }

    /**
     * {@code run S --out x.png} and {@code replay J --events x.png} wrote JSON (the final state, the events as JSON
     * lines) into files named as images, exit 0, as {@code journal seek} wrote snapshots into .json. The final state and
     * events take .json, .jsonl, .txt or a name of no format Rubble has; another format's extension is refused.
     */
    @Test
    void jsonOutputsAreNotWrittenUnderAnotherFormatsExtension(@TempDir Path dir) {
        Path png = dir.resolve("x.png"), rsnap = dir.resolve("x.rsnap");
        assertThat(run("run", scene.toString(), "--headless", "--out", png.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --out " + png + ": it is written as JSON, not .png; allowed: a name"
                + " without the extension of another format (.csv, .tsv, .png, .gif, .obj, .ply, .glb, .gltf, .rbc, .rbsb,"
                + " .rsnap, .cq4, .cq4t), e.g. state.json" + System.lineSeparator());
        assertThat(run("run", scene.toString(), "--headless", "--out", rsnap.toString())).isEqualTo(2);
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("s.json").toString(), "--events",
                png.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --events " + png + ": it is written as JSON lines, not .png;");
        assertThat(run("replay", journal.toString(), "--headless", "--events", png.toString())).isEqualTo(2);
        assertThat(run("replay", journal.toString(), "--headless", "--out", png.toString())).isEqualTo(2);
        assertThat(png).doesNotExist();
        assertThat(rsnap).doesNotExist();
        assertThat(dir.resolve("s.json")).doesNotExist();
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("s.json").toString(), "--events",
                dir.resolve("e.jsonl").toString())).as(err.toString()).isZero();
        assertThat(run("replay", journal.toString(), "--headless", "--out", dir.resolve("end").toString(), "--events",
                dir.resolve("e.txt").toString())).as(err.toString()).isZero();
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * {@code bake report B --plots J}, J a journal directory, wrote the report's PNG plots among the journal's files,
     * exit 0 (and {@code --plots J/plots} a directory inside it). As {@code bake --out} refuses a directory that is
     * neither empty nor a bake's, an existing {@code --plots} must be empty or hold only an earlier report's plots, and
     * none may lie in a journal.
     */
    @Test
    void bakePlotsAreNotWrittenIntoAJournalOrAnotherDirectory(@TempDir Path dir) throws Exception {
        Path sweep = dir.resolve("sweep.json");
        Files.writeString(sweep, "{\"format\": \"rubble-sweep/1\", \"scenario\": \"" + scene.toString().replace("\\", "/")
                + "\", \"steps\": 5, \"parameters\": [{\"name\": \"y\", \"path\": \"/bodies/1/position/1\","
                + " \"values\": [0.6, 1]}]}");
        Path bake = dir.resolve("bake");
        assertThat(run("bake", sweep.toString(), "--out", bake.toString(), "--workers", "1")).as(err.toString()).isZero();
        Path j = dir.resolve("j");
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("s.json").toString(), "--journal",
                j.toString())).isZero();
        List<String> journalFiles = names(j);
        assertThat(run("bake", "report", bake.toString(), "--plots", j.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --plots " + j + " is the journal directory " + j.toAbsolutePath()
                + "; allowed: a new or empty directory, or one holding only an earlier report's plots (.png), outside any"
                + " journal" + System.lineSeparator());
        assertThat(run("bake", "report", bake.toString(), "--plots", j.resolve("plots").toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --plots " + j.resolve("plots") + " is inside the journal directory ");
        assertThat(names(j)).isEqualTo(journalFiles);
        Path mine = Files.createDirectory(dir.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "mine\n");
        assertThat(run("bake", "report", bake.toString(), "--plots", mine.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --plots " + mine + " holds notes.txt, which is not a plot; allowed: ");
        assertThat(names(mine)).containsExactly("notes.txt");
        // the bake directory itself holds the manifest: not a plots directory
        assertThat(run("bake", "report", bake.toString(), "--plots", bake.toString())).isEqualTo(2);
        // a new directory, then the same one again (it holds only plots), and the default, still take the plots
        Path plots = dir.resolve("plots");
        assertThat(run("bake", "report", bake.toString(), "--plots", plots.toString())).as(err.toString()).isZero();
        assertThat(names(plots)).contains("breaks-vs-y.png");
        assertThat(run("bake", "report", bake.toString(), "--plots", plots.toString())).as(err.toString()).isZero();
        assertThat(run("bake", "report", bake.toString())).as(err.toString()).isZero();
        assertThat(bake.resolve("report").resolve("breaks-vs-y.png")).exists();
    }

    private Path sweep(Path dir, String parameters) throws Exception {
        Path sweep = dir.resolve("sweep.json");
        Files.writeString(sweep, "{\"format\": \"rubble-sweep/1\", \"scenario\": \"" + scene.toString().replace("\\", "/")
                + "\", \"steps\": 5, \"parameters\": [" + parameters + "]}");
        return sweep;
    }

    /**
     * A sweep whose integer range or integer random parameter reaches past a 64-bit integer ({@code "range": {"from":
     * 1e300, "to": 1e308, "step": 1e307}}, {@code "random": {"min": 0, "max": 1e308, "integer": true}}) failed as an
     * internal error, "Overflow", exit 1. It is bad input now, one line naming the field and the range a 64-bit
     * integer holds, and the numbers in the message are written short (1E+308, not 309 digits). A random integer
     * parameter spanning the whole of that range (max - min + 1 overflowing a long) is drawn exactly.
     */
    @Test
    void sweepIntegersPastALongAreRefused(@TempDir Path dir) throws Exception {
        Path bake = dir.resolve("bake");
        Path s = sweep(dir, "{\"name\": \"a\", \"path\": \"/bodies/1/position/1\", \"range\": {\"from\": 1e300, \"to\": 1e308,"
                + " \"step\": 1e307}}");
        assertThat(run("bake", s.toString(), "--out", bake.toString(), "--workers", "1")).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.parameters[0].range: the integers 1E+300 to 9.0000001E+307 do not"
                + " fit in a 64-bit integer; allowed: integer values from -9223372036854775808 to 9223372036854775807, or a"
                + " \"from\" or \"step\" with decimals" + System.lineSeparator());
        s = sweep(dir, "{\"name\": \"a\", \"path\": \"/bodies/1/position/1\", \"random\": {\"count\": 2, \"min\": 0,"
                + " \"max\": 1e308, \"integer\": true}}");
        assertThat(run("bake", s.toString(), "--out", bake.toString(), "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.parameters[0].random.max: 1E+308 does not fit in a 64-bit integer;"
                + " allowed with \"integer\": true: -9223372036854775808 to 9223372036854775807" + System.lineSeparator());
        s = sweep(dir, "{\"name\": \"a\", \"path\": \"/bodies/1/position/1\", \"range\": {\"from\": 0, \"to\": 1,"
                + " \"step\": 1e-300}}");
        assertThat(run("bake", s.toString(), "--out", bake.toString(), "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.parameters[0].range.step: 1E-300 gives 1E+300 values; allowed: at"
                + " most 100000" + System.lineSeparator());
        assertThat(bake).doesNotExist();
        // the whole 64-bit range drawn as integers: each variant's value then fails the scenario's own range check
        // (positions within 1e9 m), named, instead of an overflowed draw
        s = sweep(dir, "{\"name\": \"a\", \"path\": \"/bodies/1/position/1\", \"random\": {\"count\": 2, \"min\":"
                + " -9223372036854775808, \"max\": 9223372036854775807, \"integer\": true, \"seed\": 3}}");
        assertThat(run("bake", s.toString(), "--out", bake.toString(), "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.parameters: variant 0 {\"a\":").contains("gives an invalid scenario:"
                + " $.bodies[1].position[1]: ");
        // an ordinary integer range still bakes
        s = sweep(dir, "{\"name\": \"n\", \"path\": \"/steps\", \"range\": {\"from\": 1, \"to\": 3, \"step\": 1}}");
        assertThat(run("bake", s.toString(), "--out", bake.toString(), "--workers", "1")).as(err.toString()).isZero();
    }

    /**
     * {@code softbody --source box:half=1,1,1 --spacing 0.0051} was refused with "allowed: >= 0.00866 (at most 400
     * samples across)", but {@code --spacing 0.00867} was then sampled into 12 479 625 points (14 s, 880 MB of heap)
     * only to be refused as more than 20 000: the first message named a range that did not work. A spacing whose
     * interior samples alone, the cube's 8 m3 over spacing^3, are more than 8 x 20 000 is now refused before sampling,
     * naming the spacing the count allows (cbrt(8 / 20 000) x 1.1 = 0.0810 m, as the count's own refusal suggests);
     * spacings nearer the limit are still counted exactly, and the documented one builds.
     */
    @Test
    void aSoftBodySpacingFarTooFineNamesTheSpacingThatWorks(@TempDir Path dir) {
        for (String spacing : new String[] {"0.0051", "0.00867"}) {
            double estimate = 8 / Math.pow(Double.parseDouble(spacing), 3);
            assertThat(run("softbody", "--source", "box:half=1,1,1", "--spacing", spacing, "--out",
                    dir.resolve("c.rbsb").toString())).as(spacing).isEqualTo(2);
            assertThat(err.toString()).isEqualTo("rubble: --source box:half=1,1,1: spacing = " + spacing + " gives about "
                    + String.format(java.util.Locale.ROOT, "%.3g", estimate) + " control points for this model (8.000"
                    + " m3); allowed: at most 20000 (spacing >= 0.0810 m)" + System.lineSeparator());
        }
        // near the limit the points are counted (about 36 000 inside the 2 m cube at 0.06 m)
        assertThat(run("softbody", "--source", "box:half=1,1,1", "--spacing", "0.06", "--out",
                dir.resolve("c.rbsb").toString())).isEqualTo(2);
        assertThat(err.toString()).contains(": spacing = 0.06 gives ").doesNotContain("about")
                .contains(" control points for this model; allowed: at most 20000");
        assertThat(dir.resolve("c.rbsb")).doesNotExist();
        assertThat(run("softbody", "--source", "box:half=0.5,0.25,0.5", "--spacing", "0.125", "--out",
                dir.resolve("c.rbsb").toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("control points: 405");
    }

    /**
     * {@code softbody --source box:half=1e9,1e9,1e9} (points beyond the ±1e9 m every body keeps to) and {@code
     * sphere:1e-9} were accepted: a source's largest side lies in [1e-4, 1e6] m (a fracture box's sides).
     */
    @Test
    void aSoftBodySourceOfAbsurdSizeIsRefused(@TempDir Path dir) {
        for (String source : new String[] {"box:half=1e9,1e9,1e9", "sphere:1e-9"}) {
            assertThat(run("softbody", "--source", source, "--out", dir.resolve("c.rbsb").toString())).as(source).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: --source " + source + ": source '" + source + "': largest side ")
                    .contains("allowed: a largest side in [1.0E-4, 1000000.0] m");
        }
        assertThat(dir.resolve("c.rbsb")).doesNotExist();
    }
}
