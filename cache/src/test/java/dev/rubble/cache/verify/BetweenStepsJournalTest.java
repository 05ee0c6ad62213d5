package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.BetweenSteps;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The between-steps document (docs/journal-format.md): what the kernel does at once between steps
 * is recorded in the order it was made and made again by verify before the same step; a change made
 * by an observer that heard the step before the journal belongs to the next step; calls a journal
 * cannot record are refused while it records; a journal without such changes has no such document.
 */
final class BetweenStepsJournalTest {
    private static final Stages STAGES = Stages.load();

    private static PhysicsWorld scene() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.4)).withPosition(new Vector3d(-2, 3, 0)).withLabel("ball"));
        w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(2, 0.5, 0)).withLabel("crate"));
        return w;
    }

    @Test
    void kernelRemovalsAndStateChangesBetweenStepsAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        BodyId ball = w.find("ball"), crate = w.find("crate");
        AttachedMutationsJournalTest.Run run = AttachedMutationsJournalTest.record(dir, w, 40, (pw, i) -> {
            if (i == 5) {
                pw.kernel().setState(crate.handle(), BodyState.DISABLED);
                pw.kernel().removeBody(ball.handle()); // at once, not at the next step
                pw.kernel().createBody(BodyDef.of(new Sphere(0.3)).withPosition(1, 4, 0)); // takes the ball's slot
            } else if (i == 20) {
                pw.kernel().setState(crate.handle(), BodyState.AWAKE);
            }
        });
        AttachedMutationsJournalTest.assertReproduced(dir, run);
        List<BetweenSteps.Change> five = changesOf(dir, 5);
        assertThat(five).hasSize(3);
        assertThat(five.get(0)).isEqualTo(new BetweenSteps.StateSet(crate.handle(), BodyState.DISABLED));
        assertThat(five.get(1)).isEqualTo(new BetweenSteps.BodyRemoved(ball.handle()));
        assertThat(((BetweenSteps.BodyCreated) five.get(2)).handle()).isEqualTo(1L << 32 | (ball.handle() & 0xffffffffL));
    }

    /**
     * An observer registered before {@code attach} creates a body when it hears step 5: the journal
     * hears every step first, so the body is recorded before step 6, in step 6's state changes too.
     */
    @Test
    void aBodyAnObserverCreatesAfterAStepBelongsToTheNextStep(@TempDir Path dir) {
        PhysicsWorld w = scene();
        w.kernel().addObserver((world, p) -> {
            if (p.step() == 5) {
                world.createBody(BodyDef.of(new Sphere(0.2)).withPosition(0, 5, 0).withLabel("late"));
            }
        });
        AttachedMutationsJournalTest.Run run = AttachedMutationsJournalTest.record(dir, w, 20, (pw, i) -> {
        });
        assertThat(w.find("late")).isNotNull();
        assertThat(changesOf(dir, 5)).isEmpty();
        assertThat(changesOf(dir, 6)).hasSize(1);
        AttachedMutationsJournalTest.assertReproduced(dir, run);
    }

    /**
     * A journal that hears a step after an observer that changed the world at once cannot record that
     * step (its state changes would already hold the change that belongs to the next step): it fails
     * naming why, and the journal holds the steps before it, which verify.
     */
    @Test
    void aJournalThatHearsAStepAfterAnObserverChangedTheWorldRefusesIt(@TempDir Path dir) {
        PhysicsWorld w = scene();
        w.kernel().addObserver((world, p) -> {
            if (p.step() == 5) {
                world.createBody(BodyDef.of(new Sphere(0.2)).withPosition(0, 5, 0));
            }
        });
        JournalWriter journal = JournalWriter.create(dir, w.kernel(), "late", "");
        w.kernel().addObserver(journal);
        w.step(5);
        assertThatThrownBy(w::step).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot record step 5: an observer that heard the step before the journal changed"
                        + " the world at once");
        assertThatThrownBy(w::step).hasMessageContaining("cannot record step 5");
        w.kernel().removeObserver(journal);
        journal.close();
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.ok()).as(v.ok() ? "" : v.divergence().describe()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(5);
    }

    @Test
    void callsAJournalCannotRecordAreRefusedWhileItRecords(@TempDir Path dir) {
        PhysicsWorld w = scene();
        try (JournalWriter journal = JournalWriter.attach(dir, w, "refused")) {
            assertThatThrownBy(() -> w.kernel().addSoftBodies(List.of())).isInstanceOf(IllegalStateException.class)
                    .hasMessage("addSoftBodies() while a journal records this world: the journal cannot record it, so verify"
                            + " and replay would not reproduce the run; allowed: soft bodies added before the journal starts");
            w.step();
        }
        w.kernel().addSoftBodies(List.of()); // closed: nothing records the world any more
    }

    @Test
    void aJournalWithoutChangesBetweenStepsHasNoBetweenStepsDocument(@TempDir Path dir) {
        PhysicsWorld w = scene();
        AttachedMutationsJournalTest.record(dir, w, 10, (pw, i) -> pw.applyImpulse(pw.find("ball"), new Vector3d(0, 1, 0)));
        for (long s = 0; s < 10; s++) {
            assertThat(changesOf(dir, s)).isEmpty();
        }
    }

    private static List<BetweenSteps.Change> changesOf(Path dir, long step) {
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                if (rec.step == step) {
                    return List.copyOf(rec.between);
                }
            }
        }
        throw new AssertionError("no step " + step);
    }
}
