package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A snapshot taken between steps while a welded member's body is gone but the union still lists it
 * (found by DeterminismFuzzTest, seed 7004): a removal timer takes the body in the REMOVAL slot, or the
 * API removes it between steps, and the member leaves only in the next step's DESTRUCTION slot. The
 * snapshot was written, but reading it failed ("snapshot is damaged: union 0 member = 3:1 is not a live
 * body"), so such a world could not be resumed at all. The same for the union's own body removed through
 * the API between steps ("union 0 body = 3:0 is not a live body"). Now both resume and continue bit for bit.
 */
final class UnionMemberGoneSnapshotTest {

    /** A 3-box bar welded, broken into its pieces, to a beam; its pieces removed 0.05 s after the break. */
    private static World timed() {
        World w = World.create(dev.rubble.core.step.WorldSettings.defaults().withGravity(0, -9.81, 0), Scenes.stages());
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0, -0.75, 0));
        int c = w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(1e9)));
        long beam = w.createBody(BodyDef.of(new Box(1.5, 0.25, 0.25)).withMass(100).withPosition(1, 0, 0.5));
        w.queue(new Command.SetRemoveOnBreak(c, true, 0, 0, 0.05, 0.05));
        w.queue(new Command.UnionAddCollection(0, c, true, false));
        w.queue(new Command.UnionAdd(0, beam, false));
        return w;
    }

    private static boolean aMemberIsGone(World w) {
        Unions un = w.destruction().unions();
        for (int id : un.ids()) {
            for (long m : un.members(id)) {
                int s = (int) m;
                if (!w.bodies().isLive(s) || w.bodies().handle(s) != m) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Steps {@code w} to {@code steps}, running {@code beforeStep} (the restored copies run nothing: it may act only before the first save), saving a snapshot whenever a
     * member is gone; restores each and compares every later hash. */
    private static int resumeWhereAMemberIsGone(World w, int steps, Runnable beforeStep) throws IOException {
        long[] hashes = new long[steps + 1];
        java.util.List<byte[]> saved = new java.util.ArrayList<>();
        java.util.List<Integer> at = new java.util.ArrayList<>();
        while (w.stepIndex() < steps) {
            beforeStep.run();
            if (aMemberIsGone(w)) {
                saved.add(SnapshotOfCollectionsTest.save(w));
                at.add((int) w.stepIndex());
            }
            w.step();
            hashes[(int) w.stepIndex()] = w.stateHash();
        }
        for (int k = 0; k < saved.size(); k++) {
            World r = SnapshotOfCollectionsTest.restore(saved.get(k));
            assertThat(r.stepIndex()).isEqualTo(at.get(k).longValue());
            assertThat(aMemberIsGone(r)).as("the restored union still lists the gone member").isTrue();
            while (r.stepIndex() < steps) {
                r.step();
                assertThat(r.stateHash()).as("restored after step %d, hash after step %d", at.get(k), r.stepIndex())
                        .isEqualTo(hashes[(int) r.stepIndex()]);
            }
        }
        return saved.size();
    }

    @Test
    void aMemberTakenByItsRemovalTimerResumesBitForBit() throws IOException {
        World w = timed();
        assertThat(resumeWhereAMemberIsGone(w, 20, () -> { })).as("snapshots taken with a member gone").isPositive();
    }

    @Test
    void aMemberRemovedThroughTheApiBetweenStepsResumesBitForBit() throws IOException {
        World w = timed();
        w.queue(new Command.SetRemoveOnBreak(0, false, 0, 0, 0, 0)); // only the API takes a member here
        int[] removed = {0};
        int saves = resumeWhereAMemberIsGone(w, 12, () -> {
            if (w.stepIndex() == 5) {
                long m = w.destruction().unions().members(0)[0];
                w.removeBody(m);
                removed[0]++;
            }
        });
        assertThat(removed[0]).isEqualTo(1);
        assertThat(saves).isPositive();
    }

    @Test
    void aUnionWhoseBodyTheApiRemovedResumesBitForBit() throws IOException {
        for (boolean reuse : new boolean[] {false, true}) {
            World w = timed();
            w.queue(new Command.SetRemoveOnBreak(0, false, 0, 0, 0, 0));
            for (int i = 0; i < 5; i++) {
                w.step();
            }
            long body = w.destruction().unions().body(0);
            w.removeBody(body); // the union dissolves in the next step
            if (reuse) { // a body created at once takes the freed slot (LIFO), with the next generation
                long h = w.createBody(BodyDef.of(new Box(0.2, 0.2, 0.2)).withPosition(3, 1, 0));
                assertThat((int) h).isEqualTo((int) body);
            }
            World r = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(w));
            for (int i = 0; i < 20; i++) {
                w.step();
                r.step();
                assertThat(r.stateHash()).as("slot reused %s, hash after step %d", reuse, w.stepIndex()).isEqualTo(w.stateHash());
            }
            assertThat(w.destruction().unions().ids()).as("the union dissolved").isEmpty();
            assertThat(r.destruction().unions().ids()).isEmpty();
        }
    }
}
