package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cli.JournalCommandsTest.Result;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class RenderExportCommandTest {
    @TempDir
    static Path tmp;
    static Path wall;
    static Path scene;
    static Path journal;

    @BeforeAll
    static void setUp() throws IOException {
        wall = tmp.resolve("wall.rbc");
        Result r = rubble("fracture", "--source", "box:half=1,0.5,0.25", "--sites", "40", "--levels", "2", "--chance", "0.3",
                "--seed", "3", "--out", wall.toString());
        assertThat(r.code()).as(r.err()).isZero();
        scene = tmp.resolve("drop.json");
        Files.writeString(scene, JournalCommandsTest.SCENE);
        journal = tmp.resolve("j");
        r = rubble("run", scene.toString(), "--steps", "30", "--journal", journal.toString(), "--out",
                tmp.resolve("s.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
    }

    /** Vertex count and enclosed volume of an OBJ or PLY, read by this small parser, independent of the writers. */
    record MeshStats(int vertices, int faces, int groups, double volume) {
    }

    static MeshStats readObj(Path p) throws IOException {
        List<double[]> v = new ArrayList<>();
        List<int[]> f = new ArrayList<>();
        int groups = 0;
        for (String line : Files.readAllLines(p)) {
            String[] t = line.trim().split("\\s+");
            switch (t[0]) {
                case "v" -> v.add(new double[] {Double.parseDouble(t[1]), Double.parseDouble(t[2]), Double.parseDouble(t[3])});
                case "f" -> {
                    int[] face = new int[t.length - 1];
                    for (int k = 1; k < t.length; k++) {
                        face[k - 1] = Integer.parseInt(t[k].split("/")[0]) - 1;
                    }
                    f.add(face);
                }
                case "g" -> groups++;
                default -> { }
            }
        }
        return new MeshStats(v.size(), f.size(), groups, volume(v, f));
    }

    static MeshStats readPly(Path p) throws IOException {
        List<String> lines = Files.readAllLines(p);
        assertThat(lines.get(0)).isEqualTo("ply");
        int nv = 0, nf = 0, i = 0;
        for (; !lines.get(i).equals("end_header"); i++) {
            String[] t = lines.get(i).split(" ");
            if (t[0].equals("element") && t[1].equals("vertex")) {
                nv = Integer.parseInt(t[2]);
            } else if (t[0].equals("element") && t[1].equals("face")) {
                nf = Integer.parseInt(t[2]);
            }
        }
        i++;
        List<double[]> v = new ArrayList<>();
        for (int k = 0; k < nv; k++, i++) {
            String[] t = lines.get(i).split(" ");
            v.add(new double[] {Double.parseDouble(t[0]), Double.parseDouble(t[1]), Double.parseDouble(t[2])});
        }
        List<int[]> f = new ArrayList<>();
        java.util.Set<Integer> pieces = new java.util.TreeSet<>();
        for (int k = 0; k < nf; k++, i++) {
            String[] t = lines.get(i).split(" ");
            int n = Integer.parseInt(t[0]);
            int[] face = new int[n];
            for (int j = 0; j < n; j++) {
                face[j] = Integer.parseInt(t[1 + j]);
            }
            pieces.add(Integer.parseInt(t[1 + n]));
            f.add(face);
        }
        return new MeshStats(v.size(), f.size(), pieces.size(), volume(v, f));
    }

    /** Σ over face fans of det(a, b, c) / 6: the enclosed volume of closed outward-wound surfaces. */
    static double volume(List<double[]> v, List<int[]> faces) {
        double vol = 0;
        for (int[] f : faces) {
            double[] a = v.get(f[0]);
            for (int k = 1; k + 1 < f.length; k++) {
                double[] b = v.get(f[k]), c = v.get(f[k + 1]);
                vol += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                        + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
            }
        }
        return vol;
    }

    @Test
    void objAndPlyOfACollectionHoldItsVerticesAndVolumePieceByPiece() throws IOException {
        GeometryCollection c = CollectionFile.load(wall);
        int vertices = 0;
        double volume = 0;
        for (int leaf : c.leaves()) {
            for (int h = 0; h < c.hullCount(leaf); h++) {
                vertices += c.hull(leaf, h).vertexCount();
            }
            volume += c.volume(leaf);
        }
        assertThat(volume).isCloseTo(2 * 1 * 0.5, within(1e-9)); // the source box
        Path obj = tmp.resolve("wall.obj"), ply = tmp.resolve("wall.ply");
        assertThat(rubble("export", wall.toString(), "--out", obj.toString()).code()).isZero();
        assertThat(rubble("export", wall.toString(), "--out", ply.toString()).code()).isZero();
        for (MeshStats s : new MeshStats[] {readObj(obj), readPly(ply)}) {
            assertThat(s.vertices()).isEqualTo(vertices);
            assertThat(s.groups()).isEqualTo(c.leaves().length);
            assertThat(s.volume()).isCloseTo(volume, within(1e-9));
        }
    }

    @Test
    void fractureOutWritesTheFormatOfItsExtensionOrRefusesNamingTheAllowedOnes() throws IOException {
        Path obj = tmp.resolve("direct.obj"), png = tmp.resolve("direct.png");
        Result r = rubble("fracture", "--source", "box:half=0.5,0.5,0.5", "--sites", "8", "--out", obj.toString(), "--preview",
                png.toString());
        assertThat(r.code()).as(r.err()).isZero();
        MeshStats s = readObj(obj);
        assertThat(s.groups()).isEqualTo(8);
        assertThat(s.volume()).isCloseTo(1.0, within(1e-9));
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(960);
        Result bad = rubble("fracture", "--source", "box:half=0.5,0.5,0.5", "--out", tmp.resolve("x.stl").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("x.stl").contains(".rbc, .json, .obj, .ply, .glb");
    }

    @Test
    void renderWritesAnImageASheetAndAnAnimationOfAJournal() throws IOException {
        Path png = tmp.resolve("drop.png");
        Result r = rubble("render", scene.toString(), "--frames", "20", "--size", "200x100", "--color", "state",
                "--out", png.toString());
        assertThat(r.code()).as(r.err()).isZero();
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(200);
        assertThat(img.getHeight()).isEqualTo(100);
        Path gif = tmp.resolve("drop.gif");
        r = rubble("render", journal.toString(), "--renderer", "gif", "--frames", "0:30:10", "--size", "80x60",
                "--out", gif.toString());
        assertThat(r.code()).as(r.err()).isZero();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertThat(reader.getNumImages(true)).isEqualTo(4); // frames 0, 10, 20, 30
        }
        Path txt = tmp.resolve("drop.txt");
        r = rubble("render", journal.toString(), "--renderer", "console", "--frames", "30", "--size", "40x12",
                "--out", txt.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String cells = Files.readString(txt);
        assertThat(cells).startsWith("frame 30 step 30").contains("#").contains("o");
    }

    @Test
    void badInputExitsTwoWithAClearMessage() {
        String out = tmp.resolve("bad.png").toString();
        Result r = rubble("render", scene.toString(), "--renderer", "raytracer", "--out", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown renderer 'raytracer'").contains("png").contains("gif").contains("sheet");
        r = rubble("render", scene.toString(), "--camera", "1,2:0,0,0", "--out", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--camera '1,2:0,0,0'").contains("eye '1,2' needs three numbers");
        r = rubble("render", scene.toString(), "--camera", "0,0,5:0,0,0:200", "--out", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("field of view 200").contains("(0, 180)");
        r = rubble("render", journal.toString(), "--frames", "0:50:5", "--renderer", "sheet", "--out", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("frame 50 is past the last frame 30 of the journal").contains("allowed: 0..30");
        r = rubble("render", scene.toString(), "--out", tmp.resolve("missing/dir/x.png").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("does not exist");
        r = rubble("render", scene.toString(), "--out", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("is a directory");
        r = rubble("render", scene.toString(), "--frames", "0:10", "--out", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("png draws one frame").contains("sheet or gif");
        r = rubble("export", wall.toString(), "--out", tmp.resolve("w.stl").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains(".obj, .ply, .glb");
        r = rubble("render", scene.toString(), "--size", "0x10", "--out", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--size '0x10'");
    }
}
