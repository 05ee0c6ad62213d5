package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link ApiFuzz}: seeded sequences of public API calls, valid and invalid mixed. The default run takes
 * {@value #DEFAULT_COUNT} seeds from {@code rubble.apifuzz.seed} (about 20-40 s on a shared 2-core machine); {@code -Drubble.apifuzz.count=N}
 * runs more, {@code -Drubble.apifuzz.steps=S} makes each sequence longer, {@code -Drubble.apifuzz.edges=true} adds calls
 * at the largest and smallest finite values ({@link ApiFuzz#EDGES}), which a second, shorter run always makes.
 */
final class ApiFuzzTest {
    private static final int DEFAULT_COUNT = 24;
    private static final long SEED = Long.getLong("rubble.apifuzz.seed", 18_000L);
    private static final int COUNT = Integer.getInteger("rubble.apifuzz.count", DEFAULT_COUNT);
    private static final int STEPS = Integer.getInteger("rubble.apifuzz.steps", 60);

    @Test
    void hostileCallSequencesAreRefusedCleanlyAndChangeNothing(@TempDir Path tmp) {
        List<String> found = new ArrayList<>();
        ApiFuzz.Tally tally = new ApiFuzz.Tally();
        for (long seed = SEED; seed < SEED + COUNT; seed++) {
            // every third seed records a journal, attached and closed at seeded steps
            found.addAll(ApiFuzz.run(seed, STEPS, seed % 3 == 0 ? tmp.resolve("j" + seed) : null, tally));
            found.addAll(ApiFuzz.outsideAWorld(seed));
        }
        System.out.println("ApiFuzz, " + COUNT + " seeds from " + SEED + ": " + tally);
        assertThat(found).as("problems found by %d seeds from %d (%s)", COUNT, SEED, tally).isEmpty();
        // the checks ran: calls were refused, snapshots restored, breaks happened, journals verified
        assertThat(tally.rejected).as("rejected calls").isGreaterThan(COUNT * STEPS);
        assertThat(tally.restores).as("snapshot restores").isGreaterThanOrEqualTo(COUNT);
        assertThat(tally.breaks).as("breaks").isPositive();
        assertThat(tally.journals).as("journals verified").isPositive();
        assertThat(tally.hookRejections).as("pairs the pre-solve hook rejected").isPositive();
        assertThat(tally.contactPushes).as("pushes from a contact listener").isPositive();
    }

    /**
     * The same sequences with calls at the largest and smallest finite values mixed in (masses, sizes, speeds,
     * torques, dampings, fields, strains, springs of 1e30, 1e300 and {@code Double.MAX_VALUE}, and 1e-30 down to
     * {@code Double.MIN_VALUE}): each is accepted or refused in one line, and then every body stays finite and every
     * snapshot restores. Seeds 18013, 18017, 18020 and 18031 are where this failed (ApiFuzz#EDGES).
     */
    @Test
    void callsAtTheLargestAndSmallestValuesKeepEveryBodyFinite() {
        List<String> found = new ArrayList<>();
        ApiFuzz.Tally tally = new ApiFuzz.Tally();
        for (long seed : new long[] {18013, 18017, 18020, 18031, 22008, 22035, 22047, 24000, 24001, 24002}) {
            found.addAll(ApiFuzz.run(seed, STEPS, null, tally, true));
        }
        System.out.println("ApiFuzz with edge values: " + tally);
        assertThat(found).as("problems found (%s)", tally).isEmpty();
        assertThat(tally.edges).as("calls at the edge values").isGreaterThan(30);
    }
}
