package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cluster unions in snapshots (issue 29; section UNIO, format 6): a world saved with a union — just
 * welded, in the step a member breaks and the union splits, after a removal — continues bit for bit.
 */
final class UnionSnapshotTest {

    /** Two walls (user-defined thresholds, 150 N·s) and a beam on a floor, welded before step 0; a ball strikes wall A. */
    static World scene(String broadphase) {
        World w = World.create(dev.rubble.core.step.WorldSettings.defaults().withGravity(0, -9.81, 0)
                .withStage("broadphase", broadphase), Scenes.stages());
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0.5, -0.75, 0));
        int a = w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, -1).withOptions(Scenes.thresholds(150)));
        int b = w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 1).withOptions(Scenes.thresholds(150)));
        long beam = w.createBody(BodyDef.of(new Box(0.5, 0.25, 1.25)).withMass(300).withPosition(0.5, 0.5, 0));
        w.createBody(BodyDef.of(new Sphere(0.2)).withMass(20).withPosition(-3, 0, -1).withLinearVelocity(20, 0, 0)
                .withGravityScale(0));
        w.queue(new Command.UnionAddCollection(0, a, false, false));
        w.queue(new Command.UnionAdd(0, beam, false));
        w.queue(new Command.UnionAddCollection(0, b, false, false));
        return w;
    }

    /** One step; before step 60 the union's first member is taken out. */
    private static void advance(World w) {
        if (w.stepIndex() == 60) {
            w.queue(new Command.UnionRemove(0, w.destruction().unions().members(0)[0]));
        }
        w.step();
    }

    @Test
    void aRestoredUnionContinuesBitForBit() throws IOException {
        World original = scene("grid");
        int steps = 90;
        List<byte[]> saved = new ArrayList<>();
        List<Long> savedAt = new ArrayList<>();
        long[] hashes = new long[steps + 1];
        int splitStep = -1;
        for (int i = 0; i < steps; i++) {
            int members = original.destruction().unions().members(0).length;
            if (i == 1 || i == splitStep + 1 && splitStep >= 0 || i == 60) {
                saved.add(SnapshotOfCollectionsTest.save(original));
                savedAt.add(original.stepIndex());
            }
            advance(original);
            hashes[(int) original.stepIndex()] = original.stateHash();
            if (splitStep < 0 && original.destruction().unions().members(0).length < members) {
                splitStep = i;
                saved.add(SnapshotOfCollectionsTest.save(original)); // right after the step of the break
                savedAt.add(original.stepIndex());
            }
        }
        assertThat(splitStep).as("wall A broke and left the union").isPositive();
        assertThat(original.destruction().unions().ids()).isEmpty(); // the beam left: wall B alone is no union
        assertThat(saved).hasSizeGreaterThanOrEqualTo(4);
        for (int k = 0; k < saved.size(); k++) {
            World r = SnapshotOfCollectionsTest.restore(saved.get(k));
            assertThat(r.stepIndex()).isEqualTo(savedAt.get(k));
            assertThat(r.stateHash()).isEqualTo(savedAt.get(k) == 0 ? r.stateHash() : hashes[(int) (long) savedAt.get(k)]);
            while (r.stepIndex() < steps) {
                advance(r);
                assertThat(r.stateHash()).as("snapshot %d, step %d", k, r.stepIndex()).isEqualTo(hashes[(int) r.stepIndex()]);
            }
        }
    }

    @Test
    void identicalHashesAcrossRunsAndBroadphases() {
        long[][] runs = new long[4][];
        String[] bps = {"grid", "grid", "sap", "bruteforce"};
        for (int r = 0; r < runs.length; r++) {
            World w = scene(bps[r]);
            runs[r] = new long[80];
            for (int i = 0; i < 80; i++) {
                w.step();
                runs[r][i] = w.stateHash();
            }
            assertThat(w.destruction().unions().members(0)).hasSize(2); // wall A broke, wall B and the beam hold
        }
        for (int r = 1; r < runs.length; r++) {
            assertThat(runs[r]).as(bps[r]).containsExactly(runs[0]);
        }
    }
}
