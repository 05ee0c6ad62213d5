package dev.rubble.cache.verify;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spawn commands with convex hulls, compounds, triangle meshes and planes are journalled with
 * their full geometry and re-created exactly: a journal whose bodies are all spawned that way
 * verifies bit for bit, and the decoded shapes equal the originals.
 */
final class ShapeJournalTest {
    private static final Stages STAGES = Stages.load();
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"shapes\",\"steps\":150,\"bodies\":[]}";

    private static ConvexHull rock(long seed) {
        Random r = new Random(seed);
        double[] p = new double[3 * 24];
        for (int i = 0; i < p.length; i++) {
            p[i] = 0.4 * r.nextGaussian();
        }
        return QuickHull.of(p);
    }

    private static TriangleMesh ramp() {
        // a 12 m x 12 m quad tilted 10 degrees about z, two triangles
        double s = StrictMath.sin(Math.toRadians(10)), c = StrictMath.cos(Math.toRadians(10));
        double[] v = {-6 * c, -6 * s, -6, 6 * c, 6 * s, -6, 6 * c, 6 * s, 6, -6 * c, -6 * s, 6};
        return new TriangleMesh(v, new int[] {0, 2, 1, 0, 3, 2});
    }

    private static List<Command> spawns() {
        Compound dumbbell = new Compound(List.of(
                Compound.Child.at(new Box(0.2, 0.2, 0.2), -0.5, 0, 0),
                new Compound.Child(rock(3), 0.5, 0, 0, 0, 0, StrictMath.sin(0.3), StrictMath.cos(0.3))));
        return List.of(
                new Command.Spawn(BodyDef.of(ramp()).withMotion(MotionType.STATIC).withLabel("ramp").withPosition(0, 0, 0)),
                new Command.Spawn(BodyDef.of(new Plane(0, 1, 0, 0)).withMotion(MotionType.STATIC).withLabel("floor")
                        .withPosition(0, -2, 0)),
                new Command.Spawn(BodyDef.of(rock(1)).withLabel("rock1").withPosition(-1, 2, 0)),
                new Command.Spawn(BodyDef.of(rock(2)).withLabel("rock2").withPosition(1, 3, 0.5).withAngularVelocity(0, 0, 3)),
                new Command.Spawn(BodyDef.of(dumbbell).withLabel("dumbbell").withPosition(0, 4.5, -1)));
    }

    @Test
    void spawnedHullsCompoundsMeshesAndPlanesVerifyBitForBit(@TempDir Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), STAGES);
        World w = sw.world();
        List<Command> spawns = spawns();
        try (JournalWriter jw = JournalWriter.create(dir, w, "shapes", SCENE)) {
            w.addObserver(jw);
            for (Command c : spawns) {
                w.queue(c);
            }
            sw.run(150);
        }
        // the rocks really fell onto the ramp and touched it (not a trivial free fall)
        double y1 = w.bodies().py[w.bodies().slot(w.findByLabel("rock1"))];
        assertThat(y1).isBetween(-0.9, 1.0);

        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            assertThat(r.next(rec)).isTrue();
            assertThat(rec.commands).hasSize(spawns.size());
            for (int i = 0; i < spawns.size(); i++) {
                Shape original = ((Command.Spawn) spawns.get(i)).def().shape();
                Shape decoded = ((Command.Spawn) rec.commands.get(i)).def().shape();
                assertSameGeometry(decoded, original);
            }
        }
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.divergence()).isNull();
        assertThat(v.ok()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(150);
    }

    private static void assertSameGeometry(Shape a, Shape b) {
        assertThat(a.getClass()).isEqualTo(b.getClass());
        if (!(a instanceof TriangleMesh) && !(a instanceof Plane)) { // static-only shapes have no mass
            assertThat(a.massProperties(1000)).isEqualTo(b.massProperties(1000));
        }
        if (a instanceof ConvexHull ha && b instanceof ConvexHull hb) {
            assertThat(ha.vertexCount()).isEqualTo(hb.vertexCount());
            assertThat(ha.faceCount()).isEqualTo(hb.faceCount());
            for (int i = 0; i < ha.vertexCount(); i++) {
                for (int k = 0; k < 3; k++) {
                    assertThat(ha.vertex(i, k)).isEqualTo(hb.vertex(i, k));
                }
            }
            for (int f = 0; f < ha.faceCount(); f++) {
                for (int k = 0; k < 4; k++) {
                    assertThat(ha.plane(f, k)).isEqualTo(hb.plane(f, k));
                }
            }
        } else if (a instanceof Compound ca && b instanceof Compound cb) {
            assertThat(ca.childCount()).isEqualTo(cb.childCount());
            for (int i = 0; i < ca.childCount(); i++) {
                Compound.Child x = ca.child(i), y = cb.child(i);
                assertThat(new double[] {x.x(), x.y(), x.z(), x.qx(), x.qy(), x.qz(), x.qw()})
                        .containsExactly(y.x(), y.y(), y.z(), y.qx(), y.qy(), y.qz(), y.qw());
                assertSameGeometry(x.shape(), y.shape());
            }
        } else if (a instanceof TriangleMesh ma && b instanceof TriangleMesh mb) {
            assertThat(ma.vertexCount()).isEqualTo(mb.vertexCount());
            assertThat(ma.triangleCount()).isEqualTo(mb.triangleCount());
            for (int i = 0; i < ma.vertexCount(); i++) {
                for (int k = 0; k < 3; k++) {
                    assertThat(ma.vertex(i, k)).isEqualTo(mb.vertex(i, k));
                }
            }
            for (int t = 0; t < ma.triangleCount(); t++) {
                for (int k = 0; k < 3; k++) {
                    assertThat(ma.index(t, k)).isEqualTo(mb.index(t, k));
                }
            }
        } else {
            assertThat(a).isEqualTo(b); // records: sphere, box, capsule, plane
        }
    }
}
