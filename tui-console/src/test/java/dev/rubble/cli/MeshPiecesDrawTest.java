package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.authoring.export.CollectionFrame;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.TriangleMesh;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: frames of a scenario whose collection was fractured from a non-convex mesh (the L
 * prism of {@link FractureMeshSourceTest}) draw the pieces' own render meshes, posed by their
 * bodies, not their convex collision hulls. Expectations come from the collection file's leaf
 * meshes, read independently of the world.
 */
final class MeshPiecesDrawTest extends CliHarness {

    /** An L prism fractured into mesh pieces, standing on the ground at x = 0.5, hit by a heavy ball. */
    static Path scene(Path dir, String... fractureOptions) throws Exception {
        Path obj = dir.resolve("l.obj");
        Files.writeString(obj, FractureMeshSourceTest.lPrism());
        Path rbc = dir.resolve("l.rbc");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("fracture", "--source", obj.toString(),
                "--sites", "12", "--seed", "3", "--density", "500", "--out", rbc.toString()));
        args.addAll(java.util.List.of(fractureOptions));
        assertThat(Main.execute(args.toArray(new String[0]), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())))
                .isZero();
        Path json = dir.resolve("l.json");
        Files.writeString(json, """
                {"format": "rubble-scenario/1", "name": "L", "steps": 60,
                 "bodies": [
                   {"id": "ground", "state": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}},
                   {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "position": [2.2, 0.5, 4],
                    "linearVelocity": [0, 0, -20], "mass": 400}
                 ],
                 "collections": [
                   {"id": "l", "file": "l.rbc", "position": [0.5, 0, 0],
                    "destruction": {"damageOptions": {"thresholds": [20]}}}
                 ]}
                """);
        return json;
    }

    @Test
    void scenarioFramesDrawEveryPieceWithItsMeshPosedByItsBody(@TempDir Path dir) throws Exception {
        Path json = scene(dir);
        checkFrames(json, dir.resolve("l.rbc"), true);
        Path png = Path.of("target", "mesh-pieces-l.png");
        assertThat(run("render", json.toString(), "--frames", "60", "--out", png.toString())).as(err.toString()).isZero();
        assertThat(png).exists();
    }

    /**
     * Issue 27 item 4: with {@code --cluster-hulls 2} the intact L collides with two proxy hulls (its 12 pieces'
     * hulls before) and still draws as its pieces' meshes, at rest and after the ball broke it.
     */
    @Test
    void anIntactClusterWithProxyHullsCollidesWithThemAndDrawsItsPiecesMeshes(@TempDir Path dir) throws Exception {
        Path json = scene(dir, "--cluster-hulls", "2");
        GeometryCollection gc = CollectionFile.load(dir.resolve("l.rbc"));
        assertThat(gc.hullCount(0)).as("the root's collision hulls").isBetween(1, 2);
        assertThat(gc.leaves().length).isGreaterThan(2);
        var sw = dev.rubble.scenario.ScenarioWorld.create(dev.rubble.scenario.ScenarioLoader.load(json), Stages.load());
        int root = (int) sw.world().destruction().holderBody(0, gc.leaves()[0]);
        assertThat(sw.world().bodies().shape[root]).isInstanceOfSatisfying(Compound.class,
                c -> assertThat(c.childCount()).isBetween(1, 2));
        checkFrames(json, dir.resolve("l.rbc"), true);
    }

    @Test
    void aJournalRecordedWithMeshesPlaysBackDrawingThemAndStillVerifies(@TempDir Path dir) throws Exception {
        Path json = scene(dir);
        Path withMeshes = dir.resolve("jm"), plain = dir.resolve("jp");
        assertThat(run("run", json.toString(), "--headless", "--journal", withMeshes.toString(), "--journal-meshes"))
                .as(err.toString()).isZero();
        assertThat(run("run", json.toString(), "--headless", "--journal", plain.toString())).as(err.toString()).isZero();
        checkFrames(withMeshes, dir.resolve("l.rbc"), false);
        // without the option the journal keeps only hulls: its pieces are drawn as hulls
        try (FrameSource src = FrameSource.open(plain, Stages.load())) {
            FrameBuffer f = new FrameBuffer();
            src.frame(60, f);
            int meshes = 0;
            for (int i = 0; i < f.count(); i++) {
                meshes += f.shape(i) instanceof TriangleMesh ? 1 : 0;
            }
            assertThat(meshes).as("mesh drawables from a journal without meshes").isZero();
        }
        assertThat(run("verify", withMeshes.toString())).as(out + "\n" + err).isZero();
        assertThat(run("run", json.toString(), "--headless", "--journal-meshes")).isEqualTo(2);
        assertThat(err.toString()).contains("--journal-meshes needs --journal");
    }

    @Test
    void aPieceHoldingALeafWithoutAMeshKeepsItsHullsAndTheOthersDrawMeshes(@TempDir Path dir) throws Exception {
        Path json = scene(dir);
        var sw = dev.rubble.scenario.ScenarioWorld.create(dev.rubble.scenario.ScenarioLoader.load(json), Stages.load());
        GeometryCollection gc = sw.collection(0);
        int missing = gc.leaves()[0];
        TriangleMesh[] table = new TriangleMesh[gc.nodeCount()];
        for (int leaf : gc.leaves()) {
            table[leaf] = leaf == missing ? null : CollectionFrame.meshShape(gc.mesh(leaf));
        }
        var meshes = new dev.rubble.core.render.PieceMeshes(java.util.List.of(sw.world().destruction().asset(0)),
                java.util.Collections.singletonList(table));
        FrameBuffer f = new FrameBuffer();
        dev.rubble.core.render.FrameBuilder.fill(sw.world(), f);
        int holder = (int) sw.world().destruction().holderBody(0, missing);
        dev.rubble.spi.shape.Shape before = shapeOf(f, holder);
        meshes.apply(f);
        assertThat(shapeOf(f, holder)).as("the intact L holds the leaf without a mesh: drawn with its hulls").isSameAs(before);
        while (sw.world().stepIndex() < 60) {
            sw.step();
        }
        dev.rubble.core.render.FrameBuilder.fill(sw.world(), f);
        meshes.apply(f);
        holder = (int) sw.world().destruction().holderBody(0, missing);
        assertThat(shapeOf(f, holder)).isInstanceOf(Compound.class);
        int meshPieces = 0;
        for (int i = 0; i < f.count(); i++) {
            meshPieces += f.shape(i) instanceof TriangleMesh ? 1 : 0;
        }
        assertThat(meshPieces).as("pieces without the meshless leaf, drawn with meshes").isPositive();
    }

    private static dev.rubble.spi.shape.Shape shapeOf(FrameBuffer f, int slot) {
        for (int i = 0; i < f.count(); i++) {
            if (f.piece(i) == slot) {
                return f.shape(i);
            }
        }
        throw new AssertionError("body " + slot + " is not drawn");
    }

    /**
     * Frames 0 and 60 of {@code source} (a scenario or a journal of it) draw every L piece with its
     * mesh: the drawn triangles are the leaves' mesh triangles, no piece is drawn as hulls, and at
     * rest ({@code rest}: a scenario's frame 0 is exactly the placement) the drawn meshes' bounds
     * are the leaf meshes' bounds at the placement.
     */
    private static void checkFrames(Path source, Path rbc, boolean rest) throws Exception {
        GeometryCollection gc = CollectionFile.load(rbc);
        int expected = 0;
        double[] placed = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int leaf : gc.leaves()) {
            assertThat(gc.mesh(leaf)).as("leaf %d has a mesh", leaf).isNotNull();
            TriangleMesh m = CollectionFrame.meshShape(gc.mesh(leaf));
            expected += m.triangleCount();
            for (int v = 0; v < m.vertexCount(); v++) {
                for (int a = 0; a < 3; a++) {
                    double x = m.vertex(v, a) + (a == 0 ? 0.5 : 0); // the placement
                    placed[a] = Math.min(placed[a], x);
                    placed[3 + a] = Math.max(placed[3 + a], x);
                }
            }
        }
        try (FrameSource src = FrameSource.open(source, Stages.load())) {
            FrameBuffer f = new FrameBuffer();
            for (long k : new long[] {0, 60}) {
                src.frame(k, f);
                int triangles = 0, meshPieces = 0, hullPieces = 0;
                double[] box = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
                for (int i = 0; i < f.count(); i++) {
                    if (f.shape(i) instanceof TriangleMesh m) {
                        triangles += m.triangleCount();
                        meshPieces++;
                        double[] p = new double[7];
                        for (int c = 0; c < 3; c++) {
                            p[c] = f.position(i, c);
                        }
                        for (int c = 0; c < 4; c++) {
                            p[3 + c] = f.orientation(i, c);
                        }
                        for (int v = 0; v < m.vertexCount(); v++) {
                            double[] w = world(p, m.vertex(v, 0), m.vertex(v, 1), m.vertex(v, 2));
                            for (int a = 0; a < 3; a++) {
                                box[a] = Math.min(box[a], w[a]);
                                box[3 + a] = Math.max(box[3 + a], w[a]);
                            }
                        }
                    } else if (f.shape(i) instanceof Compound || f.shape(i) instanceof ConvexHull) {
                        hullPieces++;
                    }
                }
                assertThat(hullPieces).as("pieces still drawn as hulls at frame %d of %s", k, source).isZero();
                assertThat(triangles).as("mesh triangles drawn at frame %d of %s", k, source).isEqualTo(expected);
                if (k == 0 && rest) {
                    // posed by the body: at rest the drawn meshes are the leaves' meshes at the placement
                    for (int a = 0; a < 6; a++) {
                        assertThat(box[a]).as("drawn mesh bounds %d at rest", a).isCloseTo(placed[a], within(1e-9));
                    }
                } else if (k == 60) {
                    assertThat(meshPieces).as("L pieces after the ball hit").isGreaterThan(1);
                    assertThat(f.breaks()).isPositive();
                }
            }
        }
    }

    /** Body pose (x, y, z, qx, qy, qz, qw) applied to a shape-frame point. */
    static double[] world(double[] p, double x, double y, double z) {
        double qx = p[3], qy = p[4], qz = p[5], qw = p[6];
        double cx = 2 * (qy * z - qz * y), cy = 2 * (qz * x - qx * z), cz = 2 * (qx * y - qy * x);
        return new double[] {p[0] + x + qw * cx + (qy * cz - qz * cy), p[1] + y + qw * cy + (qz * cx - qx * cz),
                p[2] + z + qw * cz + (qx * cy - qy * cx)};
    }
}
