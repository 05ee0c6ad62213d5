package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The example of docs/events.md, taken from the file at test time, compiled in memory and run:
 * a ball through a Voronoi wall must print hard hits (at most four a step, all at or above the
 * filter's 2 m/s and 5 N·s) and dust puffs for broken pieces.
 */
final class EventsDocTest {
    private static final Pattern FIRST_JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern HIT = Pattern.compile("sound: hit ([0-9.]+) m/s, ([0-9.]+) N·s");

    @Test
    void theSoundAndDustExampleRuns() throws Exception {
        Path doc = Path.of(System.getProperty("basedir", ".")).resolve("../docs/events.md").normalize();
        Matcher block = FIRST_JAVA_BLOCK.matcher(Files.readString(doc));
        assertThat(block.find()).isTrue();
        String source = block.group(1);
        String out = JavaApiDocTest.run(JavaApiDocTest.compile("SoundAndDust", source), "SoundAndDust");
        Matcher h = HIT.matcher(out);
        int hits = 0;
        while (h.find()) {
            hits++;
            // printed with one decimal: the filter kept approach >= 2 m/s and impulse >= 5 N·s
            assertThat(Double.parseDouble(h.group(1))).isGreaterThanOrEqualTo(1.95);
            assertThat(Double.parseDouble(h.group(2))).isGreaterThanOrEqualTo(4.5);
        }
        assertThat(hits).as("hard hits printed: %s", out).isPositive();
        long puffs = out.lines().filter(l -> l.startsWith("dust: ")).count();
        assertThat(puffs).as("dust puffs printed").isPositive();
    }
}
