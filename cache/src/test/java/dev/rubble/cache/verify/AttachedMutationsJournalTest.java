package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.EventKind;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.playback.Playback;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything the public API can do to a world between steps, done after {@link JournalWriter#attach}:
 * the journal must record it so that {@code rubble verify} (the {@link Verifier}) re-simulates every
 * step with the recorded state hash, bit for bit, on one thread and on two, and {@code rubble
 * replay} (a {@link Playback} seeking to the last step) puts every body on its recorded slot and
 * pose. One test per kind of change (docs/journal-format.md, "Between-steps document";
 * docs/java-api.md, "Journals from code").
 */
final class AttachedMutationsJournalTest {
    private static final Stages STAGES = Stages.load();
    static final String WALL = "{\"box\": [1.5, 1, 0.1], \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 12}}],"
            + " \"seed\": 7}";

    /** A live run: its per-step state hashes and, after the last step, every slot's pose bits. */
    record Run(List<Long> hashes, long[] finalPoses) {
    }

    /** The scene every test starts from: a ground, a ball and a crate, recorded from step 0. */
    private static PhysicsWorld scene() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.4)).withPosition(new Vector3d(-2, 3, 0)).withLabel("ball"));
        w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(2, 0.5, 0)).withLabel("crate"));
        return w;
    }

    /**
     * Attaches a journal to {@code w} in {@code dir}, then for each of {@code steps} steps calls
     * {@code between} (world, steps taken so far) and steps; closes the journal.
     */
    static Run record(Path dir, PhysicsWorld w, int steps, BiConsumer<PhysicsWorld, Integer> between) {
        List<Long> hashes = new ArrayList<>();
        try (JournalWriter journal = JournalWriter.attach(dir, w, "mutations")) {
            for (int i = 0; i < steps; i++) {
                between.accept(w, i);
                w.step();
                hashes.add(w.lastProfile().stateHash()); // what the step hashed (an observer may change the world after)
            }
            assertThat(journal.steps()).isEqualTo(steps);
        }
        return new Run(hashes, poseBits(w.kernel().bodies()));
    }

    /** The recorded run is reproduced: recorded hashes, verify on 1 and 2 threads, replay to the end. */
    static void assertReproduced(Path dir, Run run) {
        List<Long> recorded = new ArrayList<>();
        long first;
        try (JournalReader r = JournalReader.open(dir)) {
            first = r.header().firstStep(); // 0 unless recording started after the world had stepped
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                recorded.add(rec.stateHash);
            }
        }
        assertThat(recorded).as("the journal's state hashes are the live run's").isEqualTo(run.hashes());
        for (int threads : new int[] {0, 2}) {
            VerifyResult v = Verifier.verify(dir, STAGES, threads);
            assertThat(v.divergence()).as("verify on %d threads: %s", threads,
                    v.ok() ? "" : v.divergence().describe()).isNull();
            assertThat(v.stepsChecked()).isEqualTo(run.hashes().size());
        }
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.seek(first + run.hashes().size() - 1);
            assertThat(poseBits(pb.world().bodies())).as("replay: every slot on its recorded body and pose")
                    .isEqualTo(run.finalPoses());
        }
    }

    /** Per slot: -1 when free, else the generation and the pose bits (centre of mass, orientation). */
    static long[] poseBits(BodyStore b) {
        List<Long> out = new ArrayList<>();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                out.add(-1L);
                continue;
            }
            out.add((long) b.generation[s]);
            if (b.state[s] == dev.rubble.core.body.BodyState.DISABLED.ordinal()) {
                out.add(-2L); // a union's member: the union's body moves for it, its own pose is not journalled
                continue;
            }
            for (double v : new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s]}) {
                out.add(Double.doubleToRawLongBits(v));
            }
        }
        // trailing free slots are not part of the layout (a playback world may have grown differently)
        int n = out.size();
        while (n > 0 && out.get(n - 1) == -1L) {
            n--;
        }
        return out.subList(0, n).stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void bodiesOfEveryShapeAddedBetweenStepsAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        Run run = record(dir, w, 60, (pw, i) -> {
            switch (i) {
                case 0 -> pw.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(0, 2, 0))
                        .withLabel("early")); // after attach, before the first step
                case 5 -> {
                    pw.addBody(BodySpec.dynamic(new Box(0.3, 0.2, 0.4)).withPosition(new Vector3d(0.2, 4, 0.1))
                            .withOrientation(new Quaterniond().rotateXYZ(0.3, 0.2, 0.1)).withCollisionFilter(2, 3));
                    pw.addBody(BodySpec.dynamic(new Capsule(0.2, 0.4)).withPosition(new Vector3d(-1, 5, 0))
                            .withLinearVelocity(new Vector3d(1, 0, 0)).withAngularVelocity(new Vector3d(0, 2, 0)));
                }
                case 10 -> {
                    pw.addBody(BodySpec.dynamic(QuickHull.of(0, 0, 0, 0.6, 0, 0, 0, 0.5, 0, 0, 0, 0.4, 0.3, 0.3, 0.3))
                            .withPosition(new Vector3d(1, 3, 1)).withMaterial(0.9, 0.2).withDensity(700));
                    pw.addBody(BodySpec.dynamic(new Compound(List.of(Compound.Child.at(new Sphere(0.2), -0.3, 0, 0),
                            Compound.Child.at(new Box(0.2, 0.2, 0.2), 0.3, 0, 0)))).withPosition(new Vector3d(-1, 3, 1))
                            .withMass(3).withGravityScale(0.5).withDamping(0.1, 0.2));
                    pw.addBody(BodySpec.kinematic(new Box(1, 0.1, 1)).withPosition(new Vector3d(3, 1, 3))
                            .withLinearVelocity(new Vector3d(-0.5, 0, 0)));
                    pw.addBody(BodySpec.fixed(new Box(0.5, 1, 0.5)).withPosition(new Vector3d(-3, 1, -3)));
                    pw.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(4, 0.25, 4)).asleep());
                }
                case 20 -> {
                    pw.removeBody(pw.find("early")); // frees its slot at the next step ...
                    pw.addBody(BodySpec.dynamic(new Sphere(0.2)).withPosition(new Vector3d(0, 6, 0))); // ... after this one took another
                }
                case 30 -> pw.addBody(BodySpec.dynamic(new Sphere(0.2)).withPosition(new Vector3d(0.5, 6, 0))
                        .withLabel("reuses")); // reuses the freed slot
                default -> {
                }
            }
        });
        assertThat(w.bodyCount()).isEqualTo(3 + 1 + 2 + 5 + 1 + 1 - 1);
        assertReproduced(dir, run);
    }

    @Test
    void removalsImpulsesVelocitiesPosesForcesAndTorquesAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        BodyId ball = w.find("ball"), crate = w.find("crate");
        Run run = record(dir, w, 60, (pw, i) -> {
            switch (i) {
                case 3 -> pw.applyImpulse(ball, new Vector3d(2, 1, 0));
                case 6 -> pw.applyImpulse(crate, new Vector3d(0, 3, 1), new Vector3d(2.3, 0.8, 0.2));
                case 9 -> pw.setVelocity(crate, new Vector3d(0, 0, 1), new Vector3d(0, 1, 0));
                case 12 -> pw.setPose(ball, new Vector3d(0, 5, 0), new Quaterniond().rotateY(0.7));
                case 15 -> {
                    pw.applyForce(crate, new Vector3d(0, 200, 0));
                    pw.applyTorque(crate, new Vector3d(0, 0, 3));
                }
                case 40 -> pw.removeBody(ball);
                default -> {
                }
            }
        });
        assertReproduced(dir, run);
    }

    @Test
    void kinematicBodiesDrivenByVelocityAndPoseAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        BodyId paddle = w.addBody(BodySpec.kinematic(new Box(1, 0.1, 1)).withPosition(new Vector3d(2, 1.2, 0)));
        Run run = record(dir, w, 50, (pw, i) -> {
            if (i == 2) {
                pw.setVelocity(paddle, new Vector3d(0, 0.5, 0), new Vector3d(0, 0.3, 0));
            } else if (i == 20) {
                pw.setPose(paddle, new Vector3d(-2, 1, 0), new Quaterniond());
            }
        });
        assertReproduced(dir, run);
    }

    @Test
    void constraintsAddedAndRemovedBetweenStepsAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        BodyId ball = w.find("ball"), crate = w.find("crate");
        ConstraintId[] c = new ConstraintId[2];
        Run run = record(dir, w, 60, (pw, i) -> {
            if (i == 4) {
                c[0] = pw.addConstraint(ball, crate, ConstraintSpec.distance(new Vector3d(-2, 3, 0), new Vector3d(2, 1, 0)));
                c[1] = pw.addConstraint(ball, null, ConstraintSpec.spring(new Vector3d(-2, 3, 0), new Vector3d(-2, 5, 0), 50, 2));
            } else if (i == 30) {
                pw.removeConstraint(c[0]);
            }
        });
        assertReproduced(dir, run);
    }

    @Test
    void collectionsPlacedBetweenStepsAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        CollectionId[] c = new CollectionId[1];
        Run run = record(dir, w, 60, (pw, i) -> {
            if (i == 3) {
                c[0] = pw.destruction().place("wall", wall, new Vector3d(0, 1, 2), new Quaterniond(),
                        new double[] {200}, null);
                pw.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(0, 1, -2))
                        .withLinearVelocity(new Vector3d(0, 2, 20)).withMass(20).withLabel("shot"));
            } else if (i == 30) {
                pw.destruction().applyStrain(c[0], 1, 1e9);
            }
        });
        assertThat(w.destruction().count()).isEqualTo(1);
        assertReproduced(dir, run);
    }

    /**
     * Seeking (JournalSeek re-simulates from keyframes; Playback rebuilds its proxies from them) over
     * bodies added and a collection placed between steps, before and after the keyframes.
     */
    @Test
    void seeksFromKeyframesOverChangesMadeBetweenStepsGiveTheRecordedWorld(@TempDir Path dir) {
        PhysicsWorld w = scene();
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        List<Long> hashes = new ArrayList<>();
        List<long[]> poses = new ArrayList<>();
        poses.add(poseBits(w.kernel().bodies()));
        try (JournalWriter journal = JournalWriter.attach(dir, w, "seek").keyframes(10, 64L << 20)) {
            for (int i = 0; i < 45; i++) {
                if (i == 3) {
                    w.destruction().place("wall", wall, new Vector3d(0, 1, 2), new Quaterniond(), new double[] {200}, null);
                    w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(0, 1, -2))
                            .withLinearVelocity(new Vector3d(0, 2, 20)).withMass(20));
                } else if (i == 25) {
                    w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(3, 2, 3)));
                }
                w.step();
                hashes.add(w.lastProfile().stateHash());
                poses.add(poseBits(w.kernel().bodies()));
            }
            assertThat(journal.keyframes()).isGreaterThanOrEqualTo(3);
        }
        try (dev.rubble.cache.playback.JournalSeek seek = dev.rubble.cache.playback.JournalSeek.open(dir, STAGES)) {
            for (long step : new long[] {44, 12, 2, 30, 5}) {
                assertThat(seek.seekAfter(step).stateHash()).as("seek after step %d", step).isEqualTo(hashes.get((int) step));
            }
        }
        try (Playback pb = Playback.open(dir, STAGES)) {
            for (long step : new long[] {44, 12, 2, 30, 5, 44}) {
                pb.seek(step);
                assertThat(poseBits(pb.world().bodies())).as("replay seek to after step %d", step)
                        .isEqualTo(poses.get((int) step + 1));
            }
        }
    }

    @Test
    void fieldsAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        Run run = record(dir, w, 40, (pw, i) -> {
            if (i == 5) {
                pw.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(1, 0, 0), 2),
                        FieldOptions.once());
                pw.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(0, 0, 1), 5),
                        FieldOptions.persistent("wind"));
            } else if (i == 20) {
                pw.removeField("wind");
            }
        });
        assertReproduced(dir, run);
    }

    @Test
    void unionsFiltersAndEventSwitchesAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        BodyId ball = w.find("ball"), crate = w.find("crate");
        Run run = record(dir, w, 50, (pw, i) -> {
            if (i == 2) {
                pw.setEvents(EventKind.HIT, true);
                pw.setCollisionFilter(ball, 4, 4); // passes through the ground
            } else if (i == 10) {
                pw.setCollisionFilter(ball, 1, -1);
                pw.setPose(ball, new Vector3d(-2, 3, 0), new Quaterniond());
            } else if (i == 20) {
                pw.unions().add(0, ball);
                pw.unions().add(0, crate);
            } else if (i == 35) {
                pw.unions().remove(0, ball);
            }
        });
        assertReproduced(dir, run);
    }

    /**
     * The pre-solve hook is code; its decisions (reject a pair, change its friction and restitution)
     * are recorded, so a journal of a world with a hook verifies without it.
     */
    @Test
    void aPreSolveHooksDecisionsAreReproduced(@TempDir Path dir) {
        PhysicsWorld w = scene();
        BodyId crate = w.find("crate");
        Run run = record(dir, w, 60, (pw, i) -> {
            if (i == 1) {
                pw.setPreSolveHook(c -> {
                    if (c.bodyA().equals(crate) || c.bodyB().equals(crate)) {
                        c.setFriction(0); // the crate slides
                    }
                    return true;
                });
                pw.setVelocity(crate, new Vector3d(3, 0, 0), new Vector3d());
            } else if (i == 20) {
                pw.setPreSolveHook(c -> !(c.bodyA().equals(crate) || c.bodyB().equals(crate))); // the crate falls through
                pw.setPose(crate, new Vector3d(2, 2, 0), new Quaterniond());
            } else if (i == 40) {
                pw.setPreSolveHook(null);
            }
        });
        assertReproduced(dir, run);
    }
}
