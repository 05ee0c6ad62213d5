package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every code block of docs/java-api.md after the hello world (which {@code JavaApiDocTest} runs), taken
 * from the file at test time, compiled in memory and run inside a small world that declares the names the
 * block uses ({@code world}, {@code ball}, {@code platform}, two walls, ...), followed by checks of what the
 * text around the block says it does: {@code breakBudget()} reads 4 after {@code setBreakBudget(4)}, a
 * kinematic platform moved with {@code moveKinematic} is there at the end of the next step, a world with
 * collections recorded with {@code JournalWriter.attach} verifies, ... . A block that stops compiling or
 * doing what its text says fails here, so the page cannot rot (an outsider's pass, 2026-12-06).
 */
final class JavaApiSnippetsDocTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    /** A scene with what the blocks name: ground, a ball, a kinematic platform, a beam, a railing, two walls. */
    private static final String SCENE = """
            { "format": "rubble-scenario/1", "name": "java-api.md blocks", "steps": 60,
              "bodies": [
                { "id": "ground", "state": "static", "shape": { "type": "box", "halfExtents": [20, 0.5, 20] }, "position": [0, -0.5, 0] },
                { "id": "ball", "shape": { "type": "sphere", "radius": 0.3 }, "position": [0, 0.3, -4], "mass": 80 },
                { "id": "platform", "state": "kinematic", "shape": { "type": "box", "halfExtents": [1, 0.1, 1] }, "position": [6, 1, 0] },
                { "id": "beam", "shape": { "type": "box", "halfExtents": [2, 0.1, 0.1] }, "position": [0, 2.15, 3], "mass": 40 },
                { "id": "railing", "shape": { "type": "box", "halfExtents": [0.05, 0.3, 0.05] }, "position": [0, 2.55, 3], "mass": 5 }
              ],
              "collections": [
                { "id": "wallA", "recipe": { "box": [1.5, 1, 0.1], "levels": [{ "method": "voronoi", "options": { "count": 6 } }], "seed": 1 },
                  "position": [0, 1, 0] },
                { "id": "wallB", "recipe": { "box": [1.5, 1, 0.1], "levels": [{ "method": "voronoi", "options": { "count": 6 } }], "seed": 2 },
                  "position": [0, 1, 3] }
              ] }
            """;

    private static final String IMPORTS = """
            import dev.rubble.api.*;
            import dev.rubble.cache.journal.JournalWriter;
            import dev.rubble.core.step.StepProfile;
            import dev.rubble.scenario.Scenarios;
            import dev.rubble.spi.shape.*;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.ArrayList;
            import java.util.List;
            import org.joml.Matrix4d;
            import org.joml.Quaterniond;
            import org.joml.Vector3d;
            """;

    /** Declarations before each block: the names it uses. */
    private static final String WORLD = """
            PhysicsWorld world = Scenarios.load(tmp.resolve("world.json"));
            BodyId ball = world.find("ball"), platform = world.find("platform"), beam = world.find("beam");
            BodyId railing = world.find("railing");
            CollectionId wallA = new CollectionId(0), wallB = new CollectionId(1);
            """;

    @Test
    void everyBlockOfTheJavaApiPageCompilesRunsAndDoesWhatItsTextSays(@TempDir Path tmp) throws Exception {
        Path doc = Path.of(System.getProperty("basedir", ".")).resolve("../docs/java-api.md").normalize();
        List<String> blocks = new ArrayList<>();
        Matcher m = JAVA_BLOCK.matcher(Files.readString(doc));
        while (m.find()) {
            blocks.add(m.group(1));
        }
        Files.writeString(tmp.resolve("world.json"), SCENE);
        // block 0 is the hello world (JavaApiDocTest); each other block: [what identifies it, before, after]
        String[][] cases = {
            {"world.centerOfMass(ball, p)", WORLD, """
                    check(p.lengthSquared() == 0, "angular velocity at rest " + p);
                    check(Math.abs(q.lengthSquared() - 1) < 1e-12, "unit quaternion " + q);
                    Vector3d t = m.getTranslation(new Vector3d());
                    check(t.equals(world.position(ball, new Vector3d())), "transform translation " + t);
                    """},
            {"world.update(tpf)", WORLD + "double tpf = 1.0 / 60; Matrix4d ballMatrix = new Matrix4d();\n", """
                    check(steps == 1, "update(1/60) took " + steps + " steps");
                    check(world.stepIndex() == 1, "step index " + world.stepIndex());
                    check(ballMatrix.getTranslation(new Vector3d()).distance(world.position(ball, new Vector3d())) < 1e-9,
                            "interpolated at the end of the step " + ballMatrix);
                    """},
            {"new DebugDrawer()", WORLD + "int[] lines = new int[1]; DebugDraw myLines = (x0, y0, z0, x1, y1, z1, argb) -> lines[0]++;\n",
                "check(lines[0] > 12 * 5, \"lines drawn \" + lines[0]);\n"},
            {"world.moveKinematic(platform", WORLD, """
                    world.step();
                    check(!world.contains(ball), "the ball removed");
                    Vector3d at = world.position(platform, new Vector3d());
                    check(at.distance(2, 1, 0) < 1e-9, "moveKinematic: there at the end of the next step, " + at);
                    """},
            {"world.removeField(\"wind\")", WORLD + "int before = world.bodyCount();\n", """
                    world.step();
                    check(world.bodyCount() > before, "the explosion broke the walls: " + before + " -> " + world.bodyCount());
                    """},
            {"world.setBreakBudget(4)", WORLD, "check(b == 4, \"breakBudget \" + b); check(p.step() == 0, \"profile step \" + p.step());\n"},
            {"world.setDebrisLevel(0, 2)", WORLD + "BodyId piece = world.destruction().bodyOf(wallA, 0);\n", """
                    check(s == 1, "an intact piece's removal scale " + s);
                    world.step();
                    """},
            {"WorldUnions u = world.unions()", WORLD, """
                    check(body != null && world.contains(body), "the union's body " + body);
                    world.step();
                    check(u.unionOf(beam) == -1, "the beam left the union: " + u.unionOf(beam));
                    """},
            {"QueryHit hit = new QueryHit()", WORLD + """
                    Vector3d origin = new Vector3d(0, 5, -4), direction = new Vector3d(0, -1e200, 0), p = new Vector3d();
                    Vector3d n = new Vector3d(), from = new Vector3d(0, 5, -4), translation = new Vector3d(0, -10, 0);
                    Vector3d centre = new Vector3d(0, 0, -4), point = new Vector3d(0, 1, -4);
                    List<BodyId> listOfIds = new ArrayList<>();
                    """, """
                    check(hit.body().equals(ball) || hit.distance() > 0, "a hit " + hit.body());
                    check(world.overlap(new Box(1, 1, 1), centre, new Quaterniond(), listOfIds) >= 2, "overlap " + listOfIds);
                    check(world.rayCast(origin, direction, 100, hit) && hit.body().equals(ball)
                            && Math.abs(hit.distance() - (5 - 0.6)) < 1e-9, "ray onto the ball's top at 4.4 m: " + hit.distance());
                    """},
            {"world.addContactListener(c ->", WORLD + "Vector3d n = new Vector3d();\n", """
                    // "A resting body's contact reports a normal impulse of m g dt per step": the 80 kg ball on the ground
                    double[] j = new double[1];
                    world.addContactListener(c -> {
                        if (c.bodyA().equals(ball) || c.bodyB().equals(ball)) {
                            j[0] = c.normalImpulse();
                        }
                    });
                    world.step(30);
                    double mgdt = 80 * 9.81 * world.timeStep();
                    check(Math.abs(j[0] - mgdt) < 1e-3 * mgdt, "resting ball's normal impulse " + j[0] + ", m g dt " + mgdt);
                    """},
            {"Scenarios.load(Path.of(\"scene.json\"))", "Files.writeString(tmp.resolve(\"scene.json\"), Files.readString(tmp.resolve(\"world.json\")));\n",
                "check(ball != null && world.mass(ball) == 80, \"ball found\");\n"},
            {"world.saveSnapshot(Path.of(\"pile.rsnap\"))", WORLD + "world.step(10);\n", """
                    world.step(); again.step(); onTwo.step();
                    BodyId b2 = again.find("ball"), b3 = onTwo.find("ball");
                    check(world.position(ball, new Vector3d()).equals(again.position(b2, new Vector3d()))
                            && world.position(ball, new Vector3d()).equals(onTwo.position(b3, new Vector3d())), "restored worlds step on alike");
                    check(world.lastProfile().stateHash() == again.lastProfile().stateHash()
                            && world.lastProfile().stateHash() == onTwo.lastProfile().stateHash(), "same state hash");
                    """},
            {"JournalWriter.attach(Path.of(\"run1\")", WORLD + "world.setVelocity(ball, new Vector3d(0, 0, 20), new Vector3d()); world.step(5);\n", """
                    dev.rubble.cache.verify.VerifyResult r = dev.rubble.cache.verify.Verifier.verify(tmp.resolve("run1"),
                            dev.rubble.core.plugin.Stages.load());
                    check(r.ok() && r.stepsChecked() == 600, "rubble verify run1 (collections placed before attach, after step 5): " + r);
                    """},
        };
        assertThat(blocks).as("java blocks in %s", doc).hasSize(cases.length + 1);
        for (int i = 0; i < cases.length; i++) {
            String block = blocks.get(i + 1);
            assertThat(block).as("block %d", i + 1).contains(cases[i][0]);
            // the blocks name files relative to the working directory: keep them in the test's directory
            String body = cases[i][1] + block.replace("Path.of(\"", "tmp.resolve(\"") + cases[i][2];
            String name = "JavaApiBlock" + (i + 1);
            String source = IMPORTS + "public class " + name + " {\n"
                    + "  static void check(boolean ok, String what) { if (!ok) throw new AssertionError(what); }\n"
                    + "  public static void run(Path tmp) throws Exception {\n" + body + "  }\n}\n";
            runBlock(name, source, tmp.resolve("b" + (i + 1)), block);
        }
    }

    /** The defaults and ranges the page states in prose ("Worlds and plugins", "Game-loop stepping", "Huge inputs"). */
    @Test
    void theDefaultsAndRangesThePageStatesHold() {
        dev.rubble.api.WorldConfig c = dev.rubble.api.WorldConfig.defaults();
        assertThat(c.timeStep()).isEqualTo(1.0 / 60);
        assertThat(c.subSteps()).isEqualTo(1);
        assertThat(c.gravity(new org.joml.Vector3d())).isEqualTo(new org.joml.Vector3d(0, -9.81, 0));
        assertThat(c.threads()).isEqualTo(1);
        assertThat(c.maxLinearSpeed()).isEqualTo(400);
        assertThat(c.maxAngularSpeed()).isEqualTo(100);
        dev.rubble.api.PhysicsWorld w = dev.rubble.api.Rubble.newWorld(c);
        assertThat(w.maxStepsPerUpdate()).isEqualTo(5);
        assertThat(w.breakBudget()).isEqualTo(dev.rubble.api.PhysicsWorld.UNLIMITED_BREAKS);
        // dt in [1e-6, 1] s, threads 1..256, speed limits in (0, 1e5]: the ends taken, one past refused naming the value
        c.withTimeStep(1e-6, 1).withTimeStep(1, 1).withThreads(256).withSpeedLimits(1e5, 1e5);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> c.withTimeStep(0.9e-6, 1)).hasMessageContaining("9.0E-7");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> c.withThreads(257)).hasMessageContaining("257");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> c.withSpeedLimits(1.5e5, 1)).hasMessageContaining("150000");
    }

    private static void runBlock(String name, String source, Path dir, String block) throws Exception {
        Files.createDirectories(dir);
        Files.copy(dir.getParent().resolve("world.json"), dir.resolve("world.json"));
        Map<String, byte[]> classes = compile(name, source);
        ClassLoader loader = new ClassLoader(JavaApiSnippetsDocTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String n) throws ClassNotFoundException {
                byte[] b = classes.get(n);
                if (b == null) {
                    throw new ClassNotFoundException(n);
                }
                return defineClass(n, b, 0, b.length);
            }
        };
        try {
            loader.loadClass(name).getMethod("run", Path.class).invoke(null, dir);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new AssertionError("docs/java-api.md block failed:\n" + block, e.getCause());
        }
    }

    private static Map<String, byte[]> compile(String className, String source) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> out = new HashMap<>();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
             JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
                 @Override
                 public JavaFileObject getJavaFileForOutput(Location location, String n, JavaFileObject.Kind kind,
                                                            FileObject sibling) {
                     return new SimpleJavaFileObject(URI.create("mem:///" + n.replace('.', '/') + kind.extension), kind) {
                         @Override
                         public OutputStream openOutputStream() {
                             return out.computeIfAbsent(n, k -> new ByteArrayOutputStream());
                         }
                     };
                 }
             }) {
            JavaFileObject unit = new SimpleJavaFileObject(URI.create("string:///" + className + ".java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            boolean ok = javac.getTask(null, files, diagnostics, List.of("-classpath", classPath, "-proc:none"), null, List.of(unit)).call();
            assertThat(ok).as("%s compiles: %s\n%s", className, diagnostics.getDiagnostics(), source).isTrue();
        }
        Map<String, byte[]> classes = new HashMap<>();
        out.forEach((k, v) -> classes.put(k, v.toByteArray()));
        return classes;
    }
}
