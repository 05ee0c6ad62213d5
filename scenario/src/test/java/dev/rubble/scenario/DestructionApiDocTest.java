package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/destruction.md's Java example (issue 23), taken from the file at test time, compiled in
 * memory and run: it uses only {@code dev.rubble.api} (plus JOML and the SPI shapes the API takes),
 * and what it prints must be true.
 */
final class DestructionApiDocTest {
    private static final Pattern FIRST_JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern AIM = Pattern.compile("aiming at node (\\d+) of collection 0");
    private static final Pattern EVENT = Pattern.compile("(BREAK|RELEASE|CLUSTER) node (-?\\d+) is "
            + "Piece\\[collection=CollectionId\\[index=0], node=(-?\\d+)]");

    @Test
    void theWallExampleUsesOnlyThePublicApiAndWorks() throws Exception {
        Path doc = Path.of(System.getProperty("basedir", ".")).resolve("../docs/destruction.md").normalize();
        Matcher block = FIRST_JAVA_BLOCK.matcher(Files.readString(doc));
        assertThat(block.find()).as("a ```java block in %s", doc).isTrue();
        String source = block.group(1);
        List<String> imports = source.lines().filter(l -> l.startsWith("import ")).toList();
        assertThat(imports).isNotEmpty().allMatch(l -> l.startsWith("import dev.rubble.api.")
                || l.startsWith("import org.joml.") || l.startsWith("import dev.rubble.spi.shape."));
        assertThat(source).doesNotContain("dev.rubble.core");

        String out = JavaApiDocTest.run(JavaApiDocTest.compile("WallDemo", source), "WallDemo");

        assertThat(AIM.matcher(out).find()).as(out).isTrue();
        Matcher e = EVENT.matcher(out);
        int events = 0;
        while (e.find()) {
            events++;
            assertThat(e.group(3)).as("the piece of a %s event is its node", e.group(1)).isEqualTo(e.group(2));
        }
        assertThat(events).as("the ball breaks the wall: %s", out).isGreaterThan(0);
        assertThat(out).contains("threshold of node 5: 200.0").contains("node 5 on its own body: true");
    }
}
