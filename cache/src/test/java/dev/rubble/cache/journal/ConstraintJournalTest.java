package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.ConstraintId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29: constraint commands (tags 80-81) in journals; a run with joints, a break and a removal verifies bit for bit. */
final class ConstraintJournalTest {

    @Test
    void constraintCommandsRoundTrip() {
        List<Command> cs = List.of(
                new Command.AddConstraint(3, "hinge", 7L << 32 | 3, ConstraintStore.WORLD, true,
                        new double[] {1, 2, 3, 0, 0, 0, 1}, new double[] {1, 2, 3, 0, 0.7071, 0, 0.7071},
                        new double[] {-0.5, Double.POSITIVE_INFINITY, 2, 0}, 100, Double.POSITIVE_INFINITY),
                new Command.AddConstraint(4, "distance", 1, 2, false, new double[] {0, 0, 0, 0, 0, 0, 1},
                        new double[] {0, 1, 0, 0, 0, 0, 1}, new double[] {Double.NaN, 1e-3, 0.5}, 1, 2),
                new Command.RemoveConstraint(3));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    /**
     * collideConnected rides in the frames byte: 'Y' / 'N' as before when the bodies collide (older journals
     * read the same), 'W' / 'L' when they do not; any other byte is a format error naming the allowed ones.
     */
    @Test
    void collideConnectedRoundTripsInTheFramesByte() {
        double[] f = {0, 0, 0, 0, 0, 0, 1};
        List<Command> cs = List.of(
                new Command.AddConstraint(5, "ball", 1, 2, true, f, f, new double[0], 1, 1, false),
                new Command.AddConstraint(6, "ball", 1, 2, false, f, f, new double[0], 1, 1, false),
                new Command.AddConstraint(7, "ball", 1, 2, true, f, f, new double[0], 1, 1, true));
        CommandRoundTrip.assertRoundTrips(cs);
        Bytes<?> b = Bytes.allocateElasticOnHeap(16);
        CommandCodec.write(b, cs.get(2));
        byte[] collide = b.toByteArray();
        Bytes<?> old = Bytes.allocateElasticOnHeap(16);
        old.writeByte(CommandCodec.ADD_CONSTRAINT).writeInt(7).writeUtf8("ball").writeLong(1).writeLong(2).writeBoolean(true);
        for (int k = 0; k < 14; k++) {
            old.writeDouble(f[k % 7]);
        }
        old.writeInt(0).writeDouble(1).writeDouble(1);
        assertThat(collide).as("a colliding constraint is written as before the option").isEqualTo(old.toByteArray());
        Bytes<?> head = Bytes.allocateElasticOnHeap(16); // what precedes the frames byte
        head.writeByte(CommandCodec.ADD_CONSTRAINT).writeInt(7).writeUtf8("ball").writeLong(1).writeLong(2);
        int at = (int) head.writePosition();
        assertThat(collide[at]).isEqualTo((byte) 'Y');
        collide[at] = 'Q';
        assertThatThrownBy(() -> CommandCodec.read(Bytes.wrapForRead(collide)))
                .isInstanceOf(JournalFormatException.class).hasMessageContaining("allowed: 'Y', 'N', 'W', 'L'");
    }

    @Test
    void aCorruptConstraintCommandIsAFormatError() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(16);
        b.writeByte(CommandCodec.ADD_CONSTRAINT).writeInt(-4).writeUtf8("ball").writeLong(1).writeLong(2)
                .writeBoolean(true);
        for (int k = 0; k < 14; k++) {
            b.writeDouble(k == 6 || k == 13 ? 1 : 0);
        }
        b.writeInt(0).writeDouble(1).writeDouble(1);
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("constraint id = -4");
    }

    @Test
    void aRunWithJointsABreakAndARemovalVerifies(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId[] links = new BodyId[6];
        for (int i = 0; i < 6; i++) {
            links[i] = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withPosition(new Vector3d(0.3 * i, 3, 0)));
        }
        BodyId door = w.addBody(BodySpec.dynamic(new Box(0.5, 0.05, 0.3)).withPosition(new Vector3d(-3, 2, 0)));
        ConstraintId weak = null, last = null;
        try (JournalWriter j = JournalWriter.attach(dir, w, "joints")) { // bodies are initial; constraints are commands
            for (int i = 0; i < 6; i++) {
                ConstraintSpec s = ConstraintSpec.ball(new Vector3d(0.3 * i - 0.15, 3, 0));
                last = w.addConstraint(links[i], i == 0 ? null : links[i - 1], i == 3 ? s.breakForce(15) : s);
                if (i == 3) {
                    weak = last;
                }
            }
            w.addConstraint(door, null, ConstraintSpec.hinge(new Vector3d(-3.5, 2, 0), new Vector3d(0, 0, 1))
                    .limits(-1, 1).motor(1, 5));
            w.step(60);
            w.removeConstraint(last);
            w.step(60);
        }
        assertThat(w.contains(weak)).as("the weak joint broke under the swinging chain").isFalse();
        VerifyResult v = Verifier.verify(dir, Stages.load());
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(120);
    }

    /** Joined bodies whose contacts are off record and verify bit for bit, as do the contacts coming back. */
    @Test
    void aRunWithContactsOffBetweenJoinedBodiesVerifies(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId a = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 2, 0)));
        BodyId b = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0.8, 2, 0)));
        try (JournalWriter j = JournalWriter.attach(dir, w, "contacts off")) {
            ConstraintId c = w.addConstraint(a, b, ConstraintSpec.ball(new Vector3d(0.4, 2, 0)).collideConnected(false));
            w.step(60);
            w.removeConstraint(c);
            w.step(60);
        }
        VerifyResult v = Verifier.verify(dir, Stages.load());
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(120);
    }

    /**
     * Issue 29: constraint breaks in the journal's event stream: recorded (the weak joint's break,
     * once), compared by verify, and delivered by playback to listeners with the recorded fields.
     */
    @Test
    void constraintBreakEventsAreJournalledVerifiedAndPlayedBack(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId[] links = new BodyId[4];
        for (int i = 0; i < 4; i++) {
            links[i] = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withPosition(new Vector3d(0.3 * i, 3, 0)));
        }
        List<String> live = new java.util.ArrayList<>();
        w.addEventListener(ev -> {
            dev.rubble.api.EventView v = ev.of(dev.rubble.api.EventKind.CONSTRAINT_BREAK);
            for (int i = 0; i < v.count(); i++) {
                live.add(v.constraint(i).id() + " " + v.force(i) + " " + v.handleA(i) + " " + v.handleB(i));
            }
        });
        ConstraintId weak = null;
        try (JournalWriter j = JournalWriter.attach(dir, w, "joint breaks")) {
            w.setEvents(dev.rubble.api.EventKind.CONSTRAINT_BREAK, true);
            for (int i = 0; i < 4; i++) {
                ConstraintSpec s = ConstraintSpec.ball(new Vector3d(0.3 * i - 0.15, 3, 0));
                ConstraintId c = w.addConstraint(links[i], i == 0 ? null : links[i - 1], i == 2 ? s.breakForce(12) : s);
                weak = i == 2 ? c : weak;
            }
            w.step(90);
        }
        assertThat(w.contains(weak)).isFalse();
        assertThat(live).hasSize(1);
        assertThat(live.get(0)).startsWith(weak.id() + " ");
        VerifyResult v = Verifier.verify(dir, Stages.load());
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        List<String> played = new java.util.ArrayList<>();
        try (dev.rubble.cache.playback.Playback pb = dev.rubble.cache.playback.Playback.open(dir, Stages.load())) {
            pb.addEventListener(ev -> {
                dev.rubble.api.EventView x = ev.of(dev.rubble.api.EventKind.CONSTRAINT_BREAK);
                for (int i = 0; i < x.count(); i++) {
                    played.add(x.constraint(i).id() + " " + x.force(i) + " " + x.handleA(i) + " " + x.handleB(i));
                }
            });
            while (!pb.finished()) {
                pb.step();
            }
        }
        assertThat(played).containsExactlyElementsOf(live);
    }
}

