package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The issue: "no per-body allocation in steady state" for the journal writer. */
final class JournalAllocationTest {

    @Test
    void writingStepsAllocatesNothingPerBody(@TempDir Path dir) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported(), "allocation counting unsupported");
        String json = Scenarios.pile(60);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "pile", json)) {
            sw.run(50); // steady state: no commands from here on (the scenario's last one is at step 35)
            for (int i = 0; i < 200; i++) {
                jw.afterStep(sw.world(), sw.world().profile()); // warm up the write path
            }
            long tid = Thread.currentThread().getId();
            long before = mx.getThreadAllocatedBytes(tid);
            int docs = 1000;
            for (int i = 0; i < docs; i++) {
                jw.afterStep(sw.world(), sw.world().profile());
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            // 1000 documents x ~60 moved bodies: one 16-byte object per body would be >= 960 KB
            assertThat(allocated).as("bytes allocated for %d step documents", docs).isLessThan(200_000);
        }
    }

    /** Issue 27: written behind, the stepping thread's part (encoding into the ring's batches) allocates nothing per body either. */
    @Test
    void writingStepsBehindAllocatesNothingPerBodyOnTheSteppingThread(@TempDir Path dir) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported(), "allocation counting unsupported");
        String json = Scenarios.pile(60);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        try (JournalWriter jw = JournalWriter.createWriteBehind(dir, sw, "pile", json)) {
            sw.run(50);
            jw.awaitWriterOpen(); // steady state: the queue is open, so the ring no longer grows (the opening backlog)
            for (int i = 0; i < 200; i++) {
                jw.afterStep(sw.world(), sw.world().profile()); // warm up; every batch of the ring grows to size
            }
            long tid = Thread.currentThread().getId();
            long before = mx.getThreadAllocatedBytes(tid);
            int docs = 1000;
            for (int i = 0; i < docs; i++) {
                jw.afterStep(sw.world(), sw.world().profile());
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            // one 16-byte object per moved body would be >= 960 KB; waiting for a free batch may allocate a queue node
            assertThat(allocated).as("bytes allocated for %d step documents written behind", docs).isLessThan(200_000);
        }
    }
}
