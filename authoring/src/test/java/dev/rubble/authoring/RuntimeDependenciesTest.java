package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 8: a library that depends on {@code rubble-authoring} alone gets what building a
 * collection needs at run time. The default connection graph ({@code minimal-spanning-subset-delaunay},
 * module {@code rubble-connection-graph}) must reach the user's run-time class path: declared with
 * compile or runtime scope, not test (as it was: every library build failed at the graph stage).
 */
final class RuntimeDependenciesTest {
    @Test
    void theDefaultConnectionGraphIsARuntimeDependency() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<dependency>\\s*<groupId>dev\\.rubble</groupId>\\s*<artifactId>rubble-connection-graph</artifactId>"
                + "\\s*(?:<scope>(\\w+)</scope>)?").matcher(pom);
        assertThat(m.find()).as("rubble-connection-graph is a dependency").isTrue();
        String scope = m.group(1) == null ? "compile" : m.group(1);
        assertThat(scope).isIn("compile", "runtime");
        assertThat(m.find()).as("declared once").isFalse();
    }
}
