package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The command ships without JNA (cache/pom.xml; issue 27 item 6): with JNA on the class path,
 * Chronicle's first journal in a process loads JNA's native library through the thread-affinity
 * library (~100 ms, a temporary file and an {@code ldconfig} child process) for nothing a journal
 * uses. A dependency that brings JNA back fails here; the affinity library's warnings about its
 * absence are kept out of the command's output, its errors are not.
 */
final class NoJnaOnClassPathTest {

    @Test
    void jnaIsNotOnTheCommandsClassPath() {
        assertThatThrownBy(() -> Class.forName("com.sun.jna.Native", false, NoJnaOnClassPathTest.class.getClassLoader()))
                .isInstanceOf(ClassNotFoundException.class);
        // the affinity library itself stays: Chronicle's CleaningThread calls it (its no-op implementation then)
        assertThat(NoJnaOnClassPathTest.class.getClassLoader().getResource("net/openhft/affinity/Affinity.class"))
                .isNotNull();
    }

    @Test
    void onlyTheAffinityWarningsAreSilenced() throws IOException {
        Properties p = new Properties();
        try (InputStream in = NoJnaOnClassPathTest.class.getResourceAsStream("/simplelogger.properties")) {
            assertThat(in).isNotNull();
            p.load(in);
        }
        assertThat(p.getProperty("org.slf4j.simpleLogger.log.net.openhft.affinity.Affinity")).isEqualTo("error");
        assertThat(p.getProperty("org.slf4j.simpleLogger.defaultLogLevel")).isEqualTo("warn");
    }
}
