package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rubble fracture --source model.obj}: closed non-convex meshes fracture; bad meshes exit 2 naming the problem. */
final class FractureMeshSourceTest extends CliHarness {

    /** Box [x0,x1]×[y0,y1]×[z0,z1] as OBJ lines (8 vertices numbered from base+1, 12 triangles, outward). */
    static String box(double x0, double y0, double z0, double x1, double y1, double z1, int base, boolean flip) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            b.append(String.format(Locale.ROOT, "v %s %s %s%n", (i & 1) == 0 ? x0 : x1, (i & 2) == 0 ? y0 : y1,
                    (i & 4) == 0 ? z0 : z1));
        }
        int[] q = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
        for (int f = 0; f < 6; f++) {
            int a = q[4 * f] + base + 1, c = q[4 * f + 2] + base + 1;
            int bb = q[4 * f + 1] + base + 1, d = q[4 * f + 3] + base + 1;
            if (flip) {
                b.append("f ").append(a).append(' ').append(c).append(' ').append(bb).append('\n');
                b.append("f ").append(a).append(' ').append(d).append(' ').append(c).append('\n');
            } else {
                b.append("f ").append(a).append(' ').append(bb).append(' ').append(c).append('\n');
                b.append("f ").append(a).append(' ').append(c).append(' ').append(d).append('\n');
            }
        }
        return b.toString();
    }

    /**
     * An L-shaped prism (non-convex): the L polygon (0,0) (3,0) (3,1) (1,1) (1,3) (0,3) extruded
     * along z from 0 to 1, as quads and two L caps fanned from the reflex corner (1,1); volume 5.
     */
    static String lPrism() {
        double[][] p = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 3}, {0, 3}};
        StringBuilder b = new StringBuilder("# L prism\n");
        for (double z : new double[] {0, 1}) {
            for (double[] q : p) {
                b.append(String.format(Locale.ROOT, "v %s %s %s%n", q[0], q[1], z));
            }
        }
        // bottom (z = 0, facing -z): clockwise seen from +z; top counter-clockwise; fans from vertex 4 (1,1)
        int[][] fans = {{4, 5, 6}, {4, 6, 1}, {4, 1, 2}, {4, 2, 3}};
        for (int[] t : fans) {
            b.append("f ").append(t[0]).append(' ').append(t[2]).append(' ').append(t[1]).append('\n');
            b.append("f ").append(t[0] + 6).append(' ').append(t[1] + 6).append(' ').append(t[2] + 6).append('\n');
        }
        for (int i = 0; i < 6; i++) {
            int a = i + 1, c = (i + 1) % 6 + 1;
            b.append("f ").append(a).append(' ').append(c).append(' ').append(c + 6).append('\n');
            b.append("f ").append(a).append(' ').append(c + 6).append(' ').append(a + 6).append('\n');
        }
        return b.toString();
    }

    @Test
    void aNonConvexObjFracturesIntoClosedPiecesWithTheSourceVolumeAndAGlbWithAnInsideMaterial(@TempDir Path dir)
            throws Exception {
        Path obj = dir.resolve("l.obj");
        Files.writeString(obj, lPrism());
        Path rbc = dir.resolve("l.rbc");
        assertThat(run("fracture", "--source", obj.toString(), "--sites", "12", "--seed", "3", "--density", "1000",
                "--out", rbc.toString())).as(err.toString()).isZero();
        String s = out.toString();
        String rel = s.substring(s.indexOf("relative error ") + 15, s.indexOf('\n', s.indexOf("relative error ")));
        assertThat(Double.parseDouble(rel.trim())).isLessThan(1e-6);
        assertThat(s).contains("source 5.00000000 m3").contains("mesh pieces:").contains("collision hulls");
        GeometryCollection g = CollectionFile.load(rbc);
        assertThat(g.mass(0)).isCloseTo(5000, within(1e-6));
        assertThat(g.leaves().length).isGreaterThanOrEqualTo(12);

        Path glb = dir.resolve("l.glb");
        assertThat(run("fracture", "--source", obj.toString(), "--sites", "12", "--seed", "3", "--out", glb.toString()))
                .as(err.toString()).isZero();
        byte[] bytes = Files.readAllBytes(glb);
        ByteBuffer h = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(h.getInt(0)).isEqualTo(0x46546C67);
        assertThat(h.getInt(8)).isEqualTo(bytes.length);
        String json = new String(bytes, 20, h.getInt(12), StandardCharsets.UTF_8);
        assertThat(json).contains("\"name\":\"outside\"").contains("\"name\":\"inside\"").contains("\"NORMAL\"")
                .contains("\"TEXCOORD_0\"").contains("\"material\":1");
    }

    @Test
    void groutTakesItsWidthTimesTheCutAreaAway(@TempDir Path dir) throws Exception {
        Path obj = dir.resolve("bar.obj");
        Files.writeString(obj, box(0, 0, 0, 2, 1, 1, 0, false));
        assertThat(run("fracture", "--source", obj.toString(), "--method", "plane", "--option", "planes=1 0 0 1",
                "--grout", "0.1")).as(err.toString()).isZero();
        // one cut of 1 m^2 at x = 1: 0.1 m3 removed from 2 m3
        assertThat(out.toString()).contains("leaves 1.90000000 m3, source 2.00000000 m3");
    }

    @Test
    void aMeshTooLargeForItsVolumeIsRefusedByItsSizeNotAsInverted(@TempDir Path dir) throws Exception {
        // fuzz13: a closed outward cube of side 2e200 m was refused as "inverted ... signed volume NaN", also with
        // --repair, whose advice the message gave
        Path huge = dir.resolve("huge.obj");
        Files.writeString(huge, box(-1e200, -1e200, -1e200, 1e200, 1e200, 1e200, 0, false));
        for (boolean repair : new boolean[] {false, true}) {
            Path out = dir.resolve("huge" + repair + ".rbc");
            int code = repair ? run("fracture", "--source", huge.toString(), "--repair", "--out", out.toString())
                    : run("fracture", "--source", huge.toString(), "--out", out.toString());
            assertThat(code).isEqualTo(2);
            assertThat(err.toString()).contains("bounds sides 2.0E200 to 2.0E200 m; allowed: [1.0E-4, 1000000.0] m")
                    .doesNotContain("inverted");
            assertThat(out).doesNotExist();
        }
    }

    @Test
    void badMeshesExitTwoNamingWhatIsWrongAndWhere(@TempDir Path dir) throws Exception {
        String closed = box(0, 0, 0, 1, 1, 1, 0, false);
        Path open = dir.resolve("open.obj");
        Files.writeString(open, closed.substring(0, closed.lastIndexOf("f ")));
        assertThat(run("fracture", "--source", open.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(open.toString()).contains("is not closed: edge")
                .contains("has no neighbouring triangle");

        Path inverted = dir.resolve("inverted.obj");
        Files.writeString(inverted, box(0, 0, 0, 1, 1, 1, 0, true));
        assertThat(run("fracture", "--source", inverted.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("is inverted").contains("signed volume -1").contains("--repair");
        assertThat(run("fracture", "--source", inverted.toString(), "--repair", "--sites", "4")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("source 1.00000000 m3");

        Path crossing = dir.resolve("crossing.obj");
        Files.writeString(crossing, box(0, 0, 0, 1, 1, 1, 0, false) + box(0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 8, false));
        assertThat(run("fracture", "--source", crossing.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("is self-intersecting: triangles");

        Path garbage = dir.resolve("garbage.obj");
        Files.writeString(garbage, "v 0 0 0\nv 1 0 x\n");
        assertThat(run("fracture", "--source", garbage.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(garbage + ":2: 'x' is not a number");

        assertThat(run("fracture", "--source", dir.resolve("missing.obj").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("missing.obj: no such file; allowed: a closed triangle mesh file (.obj, .ply, .glb, .gltf)");
        // a directory is not called missing, as other inputs' directories are not (OutsiderFuzz3CliTest)
        Path folder = Files.createDirectories(dir.resolve("folder.obj"));
        assertThat(run("fracture", "--source", folder.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(folder + ": is not a regular file; allowed: a closed triangle mesh file");

        assertThat(run("fracture", "--source", "box:half=0.5,0.5,0.5", "--grout", "0.1")).isEqualTo(2);
        assertThat(err.toString()).contains("--grout apply to mesh sources");
        Path badGltf = dir.resolve("x.gltf");
        Files.writeString(badGltf, "{\"asset\": {\"version\": \"2.0\"}, \"buffers\": [{\"byteLength\": 4, "
                + "\"uri\": \"gone.bin\"}]}");
        assertThat(run("fracture", "--source", badGltf.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("buffers[0].uri = 'gone.bin': no such file");
        Path notGlb = dir.resolve("x.glb");
        Files.writeString(notGlb, "hello, world, not a glb at all");
        assertThat(run("fracture", "--source", notGlb.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("not a binary glTF file");
    }

    @Test
    void thePlanarCutterWithNoiseKeepsTheVolumeAndRefusesBadSettings(@TempDir Path dir) throws Exception {
        Path obj = dir.resolve("l.obj");
        Files.writeString(obj, lPrism());
        Path png = dir.resolve("p.png");
        assertThat(run("fracture", "--source", obj.toString(), "--cut-plane", "1,0,0,0.5", "--cut-plane", "0,1,0,0.5",
                "--noise", "0.05,2,2", "--noise-spacing", "0.1", "--explode", "0.5", "--preview", png.toString()))
                .as(err.toString()).isZero();
        String s = out.toString();
        // x = 0.5 splits the L in two, y = 0.5 splits the x < 0.5 part again and the long arm once more
        assertThat(s).contains("leaves:       4").contains("source 5.00000000 m3").contains("wrote " + png);
        String rel = s.substring(s.indexOf("relative error ") + 15, s.indexOf('\n', s.indexOf("relative error ")));
        assertThat(Double.parseDouble(rel.trim())).isLessThan(1e-9);
        assertThat(Files.size(png)).isPositive();

        assertThat(run("fracture", "--source", "box:half=0.5,0.5,0.5", "--cut-planes", "3")).isEqualTo(2);
        assertThat(err.toString()).contains("apply to mesh sources");
        // noise without the planar cutter: the Voronoi cuts are noisy, the volume stays the source's
        assertThat(run("fracture", "--source", obj.toString(), "--sites", "6", "--noise", "0.05,2,2", "--noise-spacing",
                "0.05")).as(err.toString()).isZero();
        String v = out.toString();
        String vr = v.substring(v.lastIndexOf("relative error ") + 15, v.indexOf('\n', v.lastIndexOf("relative error ")));
        assertThat(Double.parseDouble(vr.trim())).isLessThan(1e-9);
        assertThat(run("fracture", "--source", obj.toString(), "--sites", "6", "--noise", "0.05,2,x")).isEqualTo(2);
        assertThat(err.toString()).contains("--noise '0.05,2,x': not a number");
        assertThat(run("fracture", "--source", obj.toString(), "--cut-plane", "0,0,0,1")).isEqualTo(2);
        assertThat(err.toString()).contains("--cut-plane '0,0,0,1': the normal is zero");
        assertThat(run("fracture", "--source", obj.toString(), "--cut-planes", "2", "--noise", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--noise '-1'").contains("amplitude");
        assertThat(run("fracture", "--source", obj.toString(), "--cut-planes", "2", "--noise", "0.1",
                "--noise-spacing", "1e-9")).isEqualTo(2);
        assertThat(err.toString()).contains("--noise-spacing 1.0E-9 is out of range");
    }

    @Test
    void scatteredCutterMeshesCutAMeshSourceAndBadCutterOptionsExit2(@TempDir Path dir) throws Exception {
        Path obj = dir.resolve("l.obj");
        Files.writeString(obj, lPrism());
        // five icosahedra of 0.6 to 0.9 m circumradius scattered through the L; the leaves keep its volume
        assertThat(run("fracture", "--source", obj.toString(), "--cutters", "5", "--cutter-scale", "0.6,0.9", "--seed", "3"))
                .as(err.toString()).isZero();
        String s = out.toString();
        assertThat(s).contains("source 5.00000000 m3");
        String rel = s.substring(s.indexOf("relative error ") + 15, s.indexOf('\n', s.indexOf("relative error ")));
        assertThat(Double.parseDouble(rel.trim())).isLessThan(1e-9);
        int leaves = Integer.parseInt(s.substring(s.indexOf("leaves:") + 7, s.indexOf('\n', s.indexOf("leaves:"))).trim());
        assertThat(leaves).isGreaterThanOrEqualTo(6);
        // a box as the cutter mesh
        Path cutter = dir.resolve("c.obj");
        Files.writeString(cutter, box(-0.3, -0.3, -0.3, 0.3, 0.3, 0.3, 0, false));
        assertThat(run("fracture", "--source", obj.toString(), "--cutters", "3", "--cutter-mesh", cutter.toString()))
                .as(err.toString()).isZero();

        Files.writeString(dir.resolve("nc.obj"), lPrism());
        assertThat(run("fracture", "--source", obj.toString(), "--cutters", "2", "--cutter-mesh",
                dir.resolve("nc.obj").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--cutter-mesh").contains("is not convex");
        assertThat(run("fracture", "--source", obj.toString(), "--cutters", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--cutters 0 is out of range; allowed: 1..1000");
        assertThat(run("fracture", "--source", obj.toString(), "--cutters", "2", "--cutter-scale", "0.5,0.1")).isEqualTo(2);
        assertThat(err.toString()).contains("--cutter-scale '0.5,0.1' is out of range");
        assertThat(run("fracture", "--source", obj.toString(), "--cutter-scale", "0.5")).isEqualTo(2);
        assertThat(err.toString()).contains("need --cutters N");
        assertThat(run("fracture", "--source", obj.toString(), "--cutters", "2", "--cut-planes", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("allowed: one of them");
        assertThat(run("fracture", "--source", "box:half=1,1,1", "--cutters", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("apply to mesh sources");
    }
}
