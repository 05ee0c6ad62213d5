package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded determinism fuzzing (docs/determinism.md): random scenes from {@link DeterminismFuzz}
 * (scenario files plus kernel calls between steps) run on 1 thread and on two others (all of 2, 3, 4
 * and 8 with {@code -Drubble.detfuzz.allThreads=true}) and on another broadphase, with the same state
 * hash after every step and the same events in the same order; a journal recorded write-behind on one
 * count verifies on two others and plays back to its end as {@code rubble replay} does (default seed 7002
 * did not: an anchor command gave an intact holder a new body no break event named); a snapshot saved at a random step, around the first break, in a step
 * with breaks waiting for the budget and before a removal (before or after that step's calls) resumes
 * with the same hashes and events and saves the same bytes again. {@link ApiDeterminismFuzz} does the
 * same through {@code dev.rubble.api} with a journal attached ({@code JournalWriter.attach}),
 * verified on other thread counts and played back. A failure names the seed; the scene is printed (lines starting
 * {@code DETFUZZ}); rerun one with {@code -Drubble.detfuzz.seed=S -Drubble.detfuzz.count=1};
 * {@code -Drubble.detfuzz.count=N} runs N scenes of each kind ({@code mvn -Pfuzz}: 150 on every
 * thread count). The default seeds include 7004, whose snapshot of a union with a gone member could
 * not be read (UnionMemberGoneSnapshotTest).
 */
@Timeout(value = 1800, unit = TimeUnit.SECONDS)
final class DeterminismFuzzTest {
    private static final long SEED = Long.getLong("rubble.detfuzz.seed", 7002L);
    private static final int COUNT = Integer.getInteger("rubble.detfuzz.count", 3);
    private static final boolean ALL_THREADS = Boolean.getBoolean("rubble.detfuzz.allThreads");

    /**
     * Seed 9817 (found 2026-12-06): a run resumed from a snapshot saved before step 10 parted from the straight run at
     * step 17, where a union adds a RESOLVE collection released. The impact pass's "released this step" stamp moved on
     * only when a trial released something, so pieces a trial had released steps earlier still counted as just
     * released: in the straight run they asked for a trial at step 17 (which joined the released collection's
     * pieces before the DESTRUCTION slot broke one of them), in the restored world, whose stamps start afresh, not.
     */
    @Test
    void seed9817ResumesAUnionOfAReleasedCollectionAsTheStraightRunMakesIt(@TempDir Path tmp) {
        DeterminismFuzz.Scene scene = DeterminismFuzz.scene(9817);
        assertThat(check(scene, new SplittableRandom(9817L * 31 + 7), tmp.resolve("s9817"))).isNull();
    }

    @Test
    void randomScenesAreTheSameOnEveryThreadCountThroughJournalsAndSnapshots(@TempDir Path tmp) {
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            long seed = SEED + i;
            DeterminismFuzz.Scene scene = DeterminismFuzz.scene(seed);
            SplittableRandom r = new SplittableRandom(seed * 31 + 7);
            try {
                String f = check(scene, r, tmp.resolve("s" + seed));
                if (f != null) {
                    failures.add("seed " + seed + ": " + f);
                    System.out.println("DETFUZZ seed " + seed + " scene: " + scene.json() + "\n  api: " + scene.api());
                }
            } catch (RuntimeException | AssertionError | StackOverflowError e) {
                failures.add("seed " + seed + ": " + e);
                System.out.println("DETFUZZ seed " + seed + " scene: " + scene.json() + "\n  api: " + scene.api());
                e.printStackTrace(System.out);
            }
        }
        assertThat(failures).as("determinism failures").isEmpty();
    }

    @Test
    void apiDrivenWorldsAreTheSameThroughJournalsOnOtherThreadCountsAndSnapshots(@TempDir Path tmp) {
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            long seed = SEED + i;
            ApiDeterminismFuzz.ApiScene scene = ApiDeterminismFuzz.scene(seed);
            SplittableRandom r = new SplittableRandom(seed * 17 + 3);
            try {
                String f = checkApi(scene, r, tmp.resolve("a" + seed));
                if (f != null) {
                    failures.add("api seed " + seed + ": " + f);
                }
            } catch (RuntimeException | AssertionError | StackOverflowError e) {
                failures.add("api seed " + seed + ": " + e);
                e.printStackTrace(System.out);
            }
        }
        assertThat(failures).as("determinism failures").isEmpty();
    }

    static String checkApi(ApiDeterminismFuzz.ApiScene scene, SplittableRandom r, Path dir) {
        int recordOn = 1 + r.nextInt(3);
        DeterminismFuzz.Run base = ApiDeterminismFuzz.run(scene, recordOn, dir.resolve("j"), -1, null);
        System.out.println("DETFUZZ api seed " + scene.seed() + " " + DeterminismFuzz.summary(base));
        for (int t : ALL_THREADS ? new int[] {1, 2, 3, 4, 8} : new int[] {recordOn == 1 ? 2 : 1, 8}) {
            String v = DeterminismFuzz.verify(dir.resolve("j"), t);
            if (v != null) {
                return "journal recorded on " + recordOn + " threads: " + v;
            }
        }
        String played = DeterminismFuzz.replay(dir.resolve("j"));
        if (played != null) {
            return "journal recorded on " + recordOn + " threads: " + played;
        }
        DeterminismFuzz.Run other = ApiDeterminismFuzz.run(scene, recordOn == 1 ? 3 : 1, null, -1, null);
        String d = DeterminismFuzz.compare(base, other, 0, "another thread count than " + recordOn);
        if (d != null) {
            return d;
        }
        int[] points = {r.nextInt(scene.steps()), 1 + r.nextInt(scene.steps() - 1), 1 + r.nextInt(scene.steps() - 1)};
        for (int at : points) {
            byte[][] snap = new byte[1][];
            boolean afterApi = r.nextBoolean();
            DeterminismFuzz.Run straight = ApiDeterminismFuzz.run(scene, recordOn, null, at, afterApi, snap);
            d = DeterminismFuzz.compare(base, straight, 0, "the run that saved at " + at);
            if (d != null) {
                return d;
            }
            d = DeterminismFuzz.compare(base, ApiDeterminismFuzz.resume(scene, snap[0], at, afterApi), at,
                    "resumed from a snapshot saved before step " + at + (afterApi ? " after its API calls" : ""));
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    static String check(DeterminismFuzz.Scene scene, SplittableRandom r, Path dir) {
        int[] counts = ALL_THREADS ? new int[] {2, 3, 4, 8} : new int[] {1 + 1 + r.nextInt(3), 8};
        int recordOn = counts[0];
        DeterminismFuzz.Run base = DeterminismFuzz.run(scene, 1, null, -1, null);
        System.out.println("DETFUZZ seed " + scene.seed() + " " + DeterminismFuzz.summary(base));
        for (int t : counts) {
            Path j = t == recordOn ? dir.resolve("j" + t) : null;
            DeterminismFuzz.Run other = DeterminismFuzz.run(scene, t, j, -1, null);
            String d = DeterminismFuzz.compare(base, other, 0, t + " threads against 1");
            if (d != null) {
                return d;
            }
        }
        String bp = DeterminismFuzz.BROADPHASES[r.nextInt(DeterminismFuzz.BROADPHASES.length)];
        DeterminismFuzz.Run other = DeterminismFuzz.run(scene, 1 + r.nextInt(4), java.util.Map.of("broadphase", bp), null, -1, null);
        String b = DeterminismFuzz.compare(base, other, 0, "broadphase " + bp + " against the default");
        if (b != null) {
            return b;
        }
        for (int t : new int[] {1, recordOn == 3 ? 4 : 3}) {
            String v = DeterminismFuzz.verify(dir.resolve("j" + recordOn), t);
            if (v != null) {
                return "journal recorded on " + recordOn + " threads: " + v;
            }
        }
        String played = DeterminismFuzz.replay(dir.resolve("j" + recordOn));
        if (played != null) {
            return "journal recorded on " + recordOn + " threads: " + played;
        }
        int[] points = DeterminismFuzz.snapSteps(scene, base, r);
        points = java.util.Arrays.copyOf(points, points.length + 1);
        points[points.length - 1] = -1; // right after a scene body was removed between steps
        for (int at : points) {
            byte[][] snap = new byte[1][];
            boolean afterApi = at < 0 || r.nextBoolean();
            at = at < 0 ? scene.api().dropAt() : at;
            DeterminismFuzz.Run straight = DeterminismFuzz.run(scene, 1, java.util.Map.of(), null, at, afterApi, snap);
            String d = DeterminismFuzz.compare(base, straight, 0, "the run that saved at " + at);
            if (d != null) {
                return d;
            }
            DeterminismFuzz.Run resumed = DeterminismFuzz.resume(scene, snap[0], at, afterApi);
            d = DeterminismFuzz.compare(base, resumed, at, "resumed from a snapshot saved before step " + at
                    + (afterApi ? " after its API calls" : ""));
            if (d != null) {
                return d;
            }
        }
        return null;
    }
}
