package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class FractureCommandTest extends CliHarness {

    @Test
    void fracturesABoxIntoTwoLevelsPrintsTheSummaryAndSaves(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("wall.rbc");
        int code = run("fracture", "--source", "box:half=1,0.5,0.25", "--method", "voronoi", "--sites", "10", "--levels", "2",
                "--seed", "7", "--out", f.toString());
        assertThat(code).as(err.toString()).isZero();
        String s = out.toString();
        assertThat(s).contains("nodes:        111 (L0=1, L1=10, L2=100)");
        assertThat(s).contains("leaves:       100");
        String rel = s.substring(s.indexOf("relative error ") + 15, s.indexOf('\n', s.indexOf("relative error ")));
        assertThat(Double.parseDouble(rel.trim())).isLessThan(1e-9);
        assertThat(s).contains("CV ").contains("edges:").contains("wrote " + f);
        GeometryCollection g = CollectionFile.load(f);
        assertThat(g.leaves()).hasSize(100);
        assertThat(g.mass(0)).isCloseTo(2500.0, org.assertj.core.api.Assertions.within(1e-6));
    }

    /**
     * A level's own count wins over --sites (every level's count) and over an unprefixed count whatever the
     * order given: the docs' two-level command (--sites 12 --levels 2 --option 2:count=8) made 12 × 12 leaves.
     */
    @Test
    void aLevelsOwnCountWinsOverSitesAndOverTheEveryLevelCount() {
        assertThat(run("fracture", "--source", "box:half=1,0.5,0.2", "--sites", "12", "--levels", "2", "--option",
                "2:count=8", "--seed", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("(L0=1, L1=12, L2=96)");
        assertThat(run("fracture", "--source", "box:half=1,0.5,0.2", "--levels", "2", "--option", "2:count=3",
                "--option", "count=5", "--seed", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("(L0=1, L1=5, L2=15)");
    }

    @Test
    void badInputExitsWithTwoNamingTheOption() {
        assertThat(run("fracture", "--source", "sphere:1")).isEqualTo(2);
        assertThat(err.toString()).contains("--source 'sphere:1'");
        assertThat(run("fracture", "--method", "mosaic")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown fracture 'mosaic'").contains("voronoi");
        assertThat(run("fracture", "--option", "count=-3")).isEqualTo(2);
        assertThat(err.toString()).contains("'count' = -3");
        assertThat(run("fracture", "--levels", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--levels 0");
    }

    @Test
    void threadsGiveTheSameFileAndABadCountExitsTwo(@TempDir Path dir) throws Exception {
        Path one = dir.resolve("one.rbc");
        Path three = dir.resolve("three.rbc");
        assertThat(run("fracture", "--sites", "300", "--seed", "4", "--out", one.toString())).as(err.toString()).isZero();
        assertThat(run("fracture", "--sites", "300", "--seed", "4", "--threads", "3", "--out", three.toString()))
                .as(err.toString()).isZero();
        assertThat(java.nio.file.Files.readAllBytes(three)).isEqualTo(java.nio.file.Files.readAllBytes(one));
        for (String bad : new String[] {"0", "-2", "257"}) {
            StringWriter e = new StringWriter();
            int code = Main.execute(new String[] {"fracture", "--sites", "10", "--threads", bad}, new PrintWriter(out),
                    new PrintWriter(e));
            assertThat(code).isEqualTo(2);
            assertThat(e.toString().trim()).isEqualTo("rubble: --threads " + bad + " is out of range; allowed: 1..256");
        }
        assertThat(run("fracture", "--sites", "10", "--threads", "two")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads").contains("two");
    }

    @Test
    void clusterHullsOutsideZeroToSixtyFourExitTwoAndTheSummarySaysWhatTheRootCollidesWith(@TempDir Path dir) {
        for (String bad : new String[] {"-1", "65"}) {
            StringWriter e = new StringWriter();
            int code = Main.execute(new String[] {"fracture", "--sites", "10", "--cluster-hulls", bad}, new PrintWriter(out),
                    new PrintWriter(e));
            assertThat(code).isEqualTo(2);
            assertThat(e.toString().trim()).isEqualTo("rubble: --cluster-hulls " + bad
                    + " is out of range; allowed: 0 (every hull) or 1..64");
        }
        // a box source's root is one hull: nothing to reduce; an auto-cluster of 40 pieces is
        assertThat(run("fracture", "--sites", "40", "--cluster", "4", "--cluster-hulls", "2", "--out",
                dir.resolve("c.rbc").toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("cluster collision: at most 2 hulls per cluster; the root collides with 1");
    }

    @Test
    void hullSourceIsTheConvexHullOfThePoints() {
        // a unit tetrahedron corner plus interior points: hull volume 1/6
        var h = FractureCommand.parseSource("hull:0,0,0;1,0,0;0,1,0;0,0,1;0.1,0.1,0.1;0.2,0.1,0.3");
        assertThat(h.volume()).isCloseTo(1.0 / 6, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(h.vertexCount()).isEqualTo(4);
        // a regular octahedron |x|+|y|+|z| <= 1: volume 4/3
        var o = FractureCommand.parseSource("hull:1,0,0;-1,0,0;0,1,0;0,-1,0;0,0,1;0,0,-1");
        assertThat(o.volume()).isCloseTo(4.0 / 3, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(o.faceCount()).isEqualTo(8);
        int code = run("fracture", "--source", "hull:1,0,0;-1,0,0;0,1,0;0,-1,0;0,0,1;0,0,-1", "--sites", "30");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("leaves:       30").contains("source 1.33333333 m3");
        assertThat(run("fracture", "--source", "hull:0,0,0;1,0,0;0,1,0;1,1,0")).isEqualTo(2);
        assertThat(err.toString()).contains("coplanar").contains("spanning a volume");
    }

    @Test
    void optionsCanTargetOneLevel() {
        int code = run("fracture", "--source", "box:half=2,1,1", "--levels", "2", "--method", "voronoi", "--method", "slice",
                "--sites", "5", "--option", "2:x=1", "--option", "2:y=0", "--option", "2:z=0");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("(L0=1, L1=5, L2=10)");
        assertThat(run("fracture", "--option", "3:x=1")).isEqualTo(2);
        assertThat(err.toString()).contains("level '3'").contains("allowed: 1..1");
    }

    @Test
    void brickAndClusterAndFixTinyRun() {
        int code = run("fracture", "--source", "box:half=3,0.46,1.14", "--method", "brick", "--cluster", "3",
                "--fix-tiny", "0.01", "--graph", "delaunay");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("(delaunay)").contains("auto-clusters:");
    }
}
