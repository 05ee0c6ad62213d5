package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal recorded before the named step slots (format version 1, slot list "commands,
 * broadphase, narrowphase, islands, velocity, solve, insert, integrate, relax, restitution, bounds,
 * hash"): `rubble run demo.json --steps 40 --journal DIR` with the engine of 2026-12-01 10:42 UTC,
 * committed gzipped under src/test/resources/journal-v1-demo. It must still read and verify.
 */
final class OldFormatJournalTest {

    private static Path unpack(Path dir) throws IOException {
        for (String f : new String[] {"20261201-10F.cq4", "metadata.cq4t"}) {
            try (InputStream in = new GZIPInputStream(
                    OldFormatJournalTest.class.getResourceAsStream("/journal-v1-demo/" + f + ".gz"))) {
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }

    @Test
    void aVersionOneJournalReadsWithItsSlotTimesKeyedByLabel(@TempDir Path tmp) throws IOException {
        Path dir = unpack(tmp);
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.header().formatVersion()).isEqualTo(1);
            assertThat(r.header().scenarioName()).startsWith("demo");
            StepRecord rec = new StepRecord();
            int steps = 0;
            long narrowphase = 0, sleep = 0, destruction = 0;
            while (r.next(rec)) {
                assertThat(rec.step).isEqualTo(steps);
                narrowphase += rec.stageNanos[StepSlot.NARROWPHASE.ordinal()];
                sleep += rec.stageNanos[StepSlot.SLEEP.ordinal()];
                destruction += rec.stageNanos[StepSlot.DESTRUCTION.ordinal()];
                steps++;
            }
            assertThat(steps).isEqualTo(40);
            // recorded slots land on their labels; "islands" on sleep; slots it never had read 0
            assertThat(narrowphase).isPositive();
            assertThat(sleep).isPositive();
            assertThat(destruction).isZero();
        }
    }

    @Test
    void aVersionOneJournalVerifiesBitForBitAgainstTodaysEngine(@TempDir Path tmp) throws IOException {
        VerifyResult result = Verifier.verify(unpack(tmp), Stages.load());
        assertThat(result.divergence()).isNull();
        assertThat(result.stepsChecked()).isEqualTo(40);
    }
}
